import XCTest

@testable import TutorialReaders

/// Documents' bytes as text: UTF-8, or the encoding an HTML page declares. Each case is our own text.
final class UTF8TextTests: XCTestCase {
    private func text(_ result: Result<String, UTF8Text.Problem>) -> String? {
        if case .success(let text) = result { return text }
        return nil
    }

    private func reason(_ result: Result<String, UTF8Text.Problem>) -> String? {
        if case .failure(let problem) = result { return problem.reason }
        return nil
    }

    // `教程` in GB2312 and `テスト` in Shift_JIS.
    private let tutorialInGB2312: [UInt8] = [0xBD, 0xCC, 0xB3, 0xCC]
    private let testInShiftJIS: [UInt8] = [0x83, 0x65, 0x83, 0x58, 0x83, 0x67]

    func testAPageIsReadInTheEncodingItsMetaTagDeclares() {
        let charset = Array("<html><head><meta charset=\"GB2312\"></head><body>\n<h1>".utf8) + tutorialInGB2312
            + Array("</h1>\n</body></html>\n".utf8)
        XCTAssertEqual(
            text(UTF8Text.decodeDocument(charset)),
            "<html><head><meta charset=\"GB2312\"></head><body>\n<h1>教程</h1>\n</body></html>\n")
        let httpEquiv = Array("<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset = shift_jis'>\n<p>".utf8)
            + testInShiftJIS + Array("</p>\n".utf8)
        XCTAssertEqual(
            text(UTF8Text.decodeDocument(httpEquiv)),
            "<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset = shift_jis'>\n<p>テスト</p>\n")
        let xml = Array("<?xml version=\"1.0\" encoding=\"gb2312\"?>\n<html><p>".utf8) + tutorialInGB2312
            + Array("</p></html>".utf8)
        XCTAssertEqual(text(UTF8Text.decodeDocument(xml)), "<?xml version=\"1.0\" encoding=\"gb2312\"?>\n<html><p>教程</p></html>")
    }

    func testUTF8IsTakenAsItIsWhateverAPageDeclares() {
        // A page saved again as UTF-8 often keeps its old declaration; the bytes are what count.
        let page = "<meta charset=\"gb2312\"><p>教程</p>"
        XCTAssertEqual(text(UTF8Text.decodeDocument(Array(page.utf8))), page)
    }

    func testBytesWithoutADeclarationAreRefusedWithTheLineTheyStopBeingUTF8On() {
        let markdown = Array("# Title\n\nText\n\n".utf8) + tutorialInGB2312 + Array("\n".utf8)
        XCTAssertEqual(
            reason(UTF8Text.decodeDocument(markdown)),
            "is not valid UTF-8 (the first invalid byte is on line 5); convert it to UTF-8")
        // A declaration after the first 1,024 bytes is not looked for, as a browser's pre-scan does not.
        let late = Array(String(repeating: "<p>filler</p>\n", count: 80).utf8) + Array("<meta charset=\"gb2312\">".utf8)
            + tutorialInGB2312
        XCTAssertEqual(reason(UTF8Text.decodeDocument(late)), "is not valid UTF-8 (the first invalid byte is on line 81); convert it to UTF-8")
    }

    func testAnEncodingTheUserNamesReadsBytesThatAreNotUTF8() {
        // GBK Markdown (declaring nothing) read as the user says; UTF-8 stays UTF-8 whatever the name; a page's
        // own declaration wins over the name; bytes the named encoding does not hold are refused by its name.
        let markdown = Array("# ".utf8) + [0xB0, 0xB2, 0xD7, 0xB0] + Array("\n\ntext\n".utf8)
        XCTAssertEqual(text(UTF8Text.decodeDocument(markdown, fallback: "gbk")), "# 安装\n\ntext\n")
        XCTAssertEqual(text(UTF8Text.decodeDocument(Array("# 安装\n".utf8), fallback: "windows-1252")), "# 安装\n")
        let page = Array("<meta charset=\"gb2312\">".utf8) + tutorialInGB2312
        XCTAssertEqual(text(UTF8Text.decodeDocument(page, fallback: "windows-1252")), text(UTF8Text.decodeDocument(page)))
        XCTAssertEqual(
            reason(UTF8Text.decodeDocument([0x83, 0x0A], fallback: "shift_jis")),
            "is neither valid UTF-8 nor valid shift_jis, the encoding given")
        XCTAssertTrue(UTF8Text.knowsEncoding("windows-1252"))
        XCTAssertFalse(UTF8Text.knowsEncoding("no-such-encoding"))
    }

    func testADeclarationTheBytesDoNotFollowIsRefusedByName() {
        let unknown = Array("<meta charset=\"no-such-encoding\">".utf8) + [0xFF]
        XCTAssertEqual(
            reason(UTF8Text.decodeDocument(unknown)),
            "is neither valid UTF-8 nor valid no-such-encoding, the encoding it declares")
        let broken = Array("<meta charset=\"shift_jis\"><p>".utf8) + [0x83]
        XCTAssertEqual(
            reason(UTF8Text.decodeDocument(broken)),
            "is neither valid UTF-8 nor valid shift_jis, the encoding it declares")
        // Declared UTF-8 that is not: the UTF-8 refusal, with its line.
        let declaredUTF8 = Array("<meta charset=\"utf-8\">\n".utf8) + [0xFF]
        XCTAssertEqual(
            reason(UTF8Text.decodeDocument(declaredUTF8)),
            "is not valid UTF-8 (the first invalid byte is on line 2); convert it to UTF-8")
    }

    func testBinaryDataStaysBinaryWhateverItDeclares() {
        let binary = Array("<meta charset=\"gb2312\">".utf8) + [0x00, 0xBD, 0xCC]
        XCTAssertEqual(reason(UTF8Text.decodeDocument(binary)), "is binary data, not a text document")
    }

    func testTheDeclaredCharsetIsFoundOnlyInAMetaTagOrAnOpeningXMLDeclaration() {
        XCTAssertEqual(UTF8Text.declaredCharset(Array("<meta name=x charset=EUC-KR>".utf8)[...]), "euc-kr")
        XCTAssertNil(UTF8Text.declaredCharset(Array("<p>charset=gb2312</p>".utf8)[...]))
        XCTAssertNil(UTF8Text.declaredCharset(Array("<meta name=\"charset\">".utf8)[...]))
        XCTAssertNil(UTF8Text.declaredCharset(Array("<p>x</p><?xml encoding=\"gb2312\"?>".utf8)[...]))
    }
}
