@_spi(Testing) import TutorialReaders
import XCTest

final class StepHeadingsTests: XCTestCase {
    private func assertMatch(
        _ line: String, _ kind: StepHeadings.Kind, _ number: Int?, label: String, title: String = "",
        file: StaticString = #filePath, line sourceLine: UInt = #line
    ) {
        guard let match = StepHeadings.match(Substring(line)) else {
            return XCTFail("no match for \(line)", file: file, line: sourceLine)
        }
        XCTAssertEqual(match.kind, kind, line, file: file, line: sourceLine)
        XCTAssertEqual(match.number, number, line, file: file, line: sourceLine)
        XCTAssertEqual(match.label, label, line, file: file, line: sourceLine)
        XCTAssertEqual(match.title, title, line, file: file, line: sourceLine)
    }

    private func assertNoMatch(_ line: String, file: StaticString = #filePath, line sourceLine: UInt = #line) {
        XCTAssertNil(StepHeadings.match(Substring(line)), line, file: file, line: sourceLine)
    }

    func testASubLetteredLabelInAHeadingCarriesNoNumberOfTheSeries() {
        let lettered = StepHeadings.match("Langkah 1b — Buka port", inHeading: true)
        XCTAssertEqual(lettered?.label, "Langkah 1b")
        XCTAssertNil(lettered?.number)
        XCTAssertEqual(lettered?.title, "Buka port")
        XCTAssertEqual(StepHeadings.match("Step 3a: The model", inHeading: true)?.label, "Step 3a")
        // A paragraph's `Step 3a` and a longer word in a heading (`Step 3rd`, `Step 3ab`) stay no labels.
        XCTAssertNil(StepHeadings.match("Step 3a: The model"))
        XCTAssertNil(StepHeadings.match("Step 3rd time", inHeading: true))
        XCTAssertNil(StepHeadings.match("Step 3ab", inHeading: true))
    }

    func testAStepWordBeforeAnOutlineNumberGivesThatNumber() {
        // `Step 2.1: Declare` is no `Step N` label (`Step 3.5` is a decimal): it numbers a step of an outline.
        func outline(_ text: String) -> [Int]? { StepHeadings.outlineNumbered(Substring(text))?.parts }
        XCTAssertEqual(outline("Step 2.1: Declare the jar"), [2, 1])
        XCTAssertEqual(StepHeadings.outlineNumbered("Step 2.1: Declare the jar")?.title, "Declare the jar")
        XCTAssertEqual(outline("步骤3.2：创建基础配置"), [3, 2])
        XCTAssertEqual(StepHeadings.outlineNumbered("步骤3.2：创建基础配置")?.title, "创建基础配置")
        XCTAssertEqual(outline("Шаг 3.1. Компонент"), [3, 1])
        XCTAssertEqual(outline("**Step 4.2.1** Leaf"), [4, 2, 1])
        XCTAssertNil(outline("Step 2: Declare"))
        XCTAssertNil(outline("Section 2.1: Views"))
        XCTAssertNil(outline("Step 3.5 is where the jar fills"))
        XCTAssertNil(outline("Stepping 2.1"))
    }

    func testEnglishLabels() {
        assertMatch("Step 3", .step, 3, label: "Step 3")
        assertMatch("Step 3:", .step, 3, label: "Step 3")
        assertMatch("Step 3.", .step, 3, label: "Step 3")
        assertMatch("step 12: Wire the data source", .step, 12, label: "step 12", title: "Wire the data source")
        assertMatch("STEP 4 — Add a page control", .step, 4, label: "STEP 4", title: "Add a page control")
        assertMatch("Section 2", .section, 2, label: "Section 2")
        assertMatch(
            "Section 2: Create the View Controller's Data Source", .section, 2, label: "Section 2",
            title: "Create the View Controller's Data Source")
        assertMatch("Section 3 Track the Page", .section, 3, label: "Section 3", title: "Track the Page")
        assertMatch("Step3", .step, 3, label: "Step3")
        assertMatch("Step-3", .step, 3, label: "Step-3")
        assertMatch("**Step-12** \\", .step, 12, label: "Step-12", title: "\\")
        assertMatch("  Step 1\t", .step, 1, label: "Step 1")
        assertMatch("Step ３", .step, 3, label: "Step ３")
        assertMatch("Step ②", .step, 2, label: "Step ②")
    }

    func testAHeadingMaySetItsTitleOffWithAComma() {
        let english = StepHeadings.match("Step 1, Fork the repository", inHeading: true)
        XCTAssertEqual(english?.number, 1)
        XCTAssertEqual(english?.title, "Fork the repository")
        XCTAssertEqual(StepHeadings.match("第一步，安装依赖", inHeading: true)?.title, "安装依赖")
        // In a paragraph the comma opens a sentence; a heading needs a title after it.
        assertNoMatch("Step 3, then step 4.")
        assertNoMatch("第一步，我们安装依赖")
        XCTAssertNil(StepHeadings.match("Step 1,", inHeading: true))
    }

    func testAHeadingInASeriesMayGoOnInLowerCaseAfterItsNumber() {
        // Only the outline knows the heading stands in a series of step headings (`LowerCaseStepHeadings`):
        // then a lower-case word after the number goes on the title, and every other guard still holds.
        let inSeries = StepHeadings.match("## Step 2 write the jars", inHeading: true, titleMayOpenLowerCase: true)
        XCTAssertEqual(inSeries?.number, 2)
        XCTAssertEqual(inSeries?.label, "Step 2")
        XCTAssertEqual(inSeries?.title, "write the jars")
        XCTAssertNil(StepHeadings.match("## Step 2 write the jars", inHeading: true))
        for line in ["Step 3.5 is where", "Step 3rd jar", "Step 3; then fill", "Steps to follow"] {
            XCTAssertNil(StepHeadings.match(Substring(line), inHeading: true, titleMayOpenLowerCase: true), line)
        }
    }

    func testKoreanLabelsPutTheNumberBeforeTheCounter() {
        assertMatch("1단계: 아이디어 구체화", .step, 1, label: "1단계", title: "아이디어 구체화")
        assertMatch("## 🚀 2단계: 태스크 수립", .step, 2, label: "2단계", title: "태스크 수립")
        assertMatch("10 단계 배포", .step, 10, label: "10 단계", title: "배포")
        assertMatch("3단계", .step, 3, label: "3단계")
        // A particle or a longer word right after the counter makes a sentence.
        assertNoMatch("3단계는 배포입니다")
        assertNoMatch("1단계로 나누어 진행합니다")
        assertNoMatch("단계별 가이드")
        assertNoMatch("3 steps")
        assertNoMatch("2024년 3월")
    }

    func testEnglishProseIsNoLabel() {
        assertNoMatch("Step into the world of SwiftUI.")
        assertNoMatch("Steps to follow")
        assertNoMatch("Stepping back, we see")
        assertNoMatch("Step 3 is where the coordinator appears.")
        assertNoMatch("Section 2 of this tutorial explains it.")
        assertNoMatch("Step 3, then step 4.")
        assertNoMatch("Step 3.5")
        assertNoMatch("Step 3a")
        assertNoMatch("Step 3/10")
        assertNoMatch("Step three")
        assertNoMatch("Step-by-step guide")
        assertNoMatch("Step- 3")
        assertNoMatch("Step")
        assertNoMatch("Sections")
        assertNoMatch("Step 123456")
        assertNoMatch("Use step 3 again")
        assertNoMatch("")
        assertNoMatch("   ")
    }

    func testLabelsInOtherLatinAndCyrillicScripts() {
        assertMatch("Paso 1: Abrir el proyecto", .step, 1, label: "Paso 1", title: "Abrir el proyecto")
        assertMatch("Sección 2", .section, 2, label: "Sección 2")
        assertMatch("Passo 3 – Criar a vista", .step, 3, label: "Passo 3", title: "Criar a vista")
        assertMatch("ÉTAPE 4 : Ajouter la liste", .step, 4, label: "ÉTAPE 4", title: "Ajouter la liste")
        assertMatch("Schritt 5", .step, 5, label: "Schritt 5")
        assertMatch("Bước 2: Tạo dự án", .step, 2, label: "Bước 2", title: "Tạo dự án")
        assertMatch("Шаг 1. Создайте проект", .step, 1, label: "Шаг 1", title: "Создайте проект")
        assertNoMatch("Paso 2 es el más largo.")
        assertNoMatch("Pasos a seguir")
        assertNoMatch("Schritte 3")
    }

    func testTheWordForAStepInMoreLanguagesAndScripts() {
        assertMatch("Krok 2: Dodaj widok", .step, 2, label: "Krok 2", title: "Dodaj widok")
        assertMatch("Adım 3 - Projeyi oluştur", .step, 3, label: "Adım 3", title: "Projeyi oluştur")
        assertMatch("Langkah 1: Buat proyek", .step, 1, label: "Langkah 1", title: "Buat proyek")
        assertMatch("Βήμα 4: Προσθέστε", .step, 4, label: "Βήμα 4", title: "Προσθέστε")
        assertMatch("الخطوة 1: أنشئ المشروع", .step, 1, label: "الخطوة 1", title: "أنشئ المشروع")
        assertMatch("خطوة ٢: أضف", .step, 2, label: "خطوة ٢", title: "أضف")
        assertMatch("שלב 3: הוסף", .step, 3, label: "שלב 3", title: "הוסף")
        assertMatch("चरण ४: जोड़ें", .step, 4, label: "चरण ४", title: "जोड़ें")
        // Prose that opens with one of the words is no label.
        assertNoMatch("Krokem vpřed")
        assertNoMatch("Langkah pertama adalah membuat proyek")
    }

    func testChineseLabels() {
        assertMatch("步骤1", .step, 1, label: "步骤1")
        assertMatch("步骤 3", .step, 3, label: "步骤 3")
        assertMatch("步骤３：", .step, 3, label: "步骤３")
        assertMatch("步骤十一 添加按钮", .step, 11, label: "步骤十一", title: "添加按钮")
        assertMatch("步驟二", .step, 2, label: "步驟二")
        assertMatch("第三步", .step, 3, label: "第三步")
        assertMatch("第一节", .section, 1, label: "第一节")
        assertMatch("第二节创建视图控制器的数据源", .section, 2, label: "第二节", title: "创建视图控制器的数据源")
        assertMatch("第三节在SwiftUI视图状态下跟踪页面", .section, 3, label: "第三节", title: "在SwiftUI视图状态下跟踪页面")
        assertMatch("第二节 创建视图控制器的数据源", .section, 2, label: "第二节", title: "创建视图控制器的数据源")
        assertMatch("第 2 节", .section, 2, label: "第 2 节")
        assertMatch("第二十三步", .step, 23, label: "第二十三步")
        assertMatch("第十步：完成", .step, 10, label: "第十步", title: "完成")
        assertMatch("第一部分　概述", .section, 1, label: "第一部分", title: "概述")
        assertMatch("第一百零二步", .step, 102, label: "第一百零二步")
        assertMatch("步骤三二维码", .step, 3, label: "步骤三", title: "二维码")
    }

    func testChineseProseIsNoLabel() {
        assertNoMatch("第一步，我们创建一个新项目。")
        assertNoMatch("第二节的内容比较多。")
        assertNoMatch("第一次运行时")
        assertNoMatch("步骤如下")
        assertNoMatch("第三步是添加按钮。")
        assertNoMatch("第一步完成后运行程序")
        assertNoMatch("第二二步")
        assertNoMatch("步骤")
        assertNoMatch("第节")
    }

    func testJapaneseLabels() {
        assertMatch("ステップ3", .step, 3, label: "ステップ3")
        assertMatch("ステップ 3：ビューを追加する", .step, 3, label: "ステップ 3", title: "ビューを追加する")
        assertMatch("手順3", .step, 3, label: "手順3")
        assertMatch("手順十二", .step, 12, label: "手順十二")
        assertMatch("セクション1", .section, 1, label: "セクション1")
        assertMatch("セクション２ データソースを作成する", .section, 2, label: "セクション２", title: "データソースを作成する")
        assertMatch("第1節", .section, 1, label: "第1節")
        assertNoMatch("ステップ3では、ボタンを追加します。")
        assertNoMatch("手順書を読む")
        assertNoMatch("ステップアップ")
    }

    func testMarkdownDecorationIsTolerated() {
        assertMatch("### Step 3", .step, 3, label: "Step 3")
        assertMatch("## 步骤3 ##", .step, 3, label: "步骤3")
        assertMatch("**Step 2.** Add the coordinator", .step, 2, label: "Step 2", title: "Add the coordinator")
        assertMatch("**Step 2**: Add", .step, 2, label: "Step 2", title: "Add")
        assertMatch("**Step 2: Add the coordinator**", .step, 2, label: "Step 2", title: "Add the coordinator")
        assertMatch("Step 2: Add a **button**", .step, 2, label: "Step 2", title: "Add a **button**")
        assertMatch("*步骤1*", .step, 1, label: "步骤1")
        assertMatch("> ## Section 1: Intro", .section, 1, label: "Section 1", title: "Intro")
        assertNoMatch("#Step 3")
        assertNoMatch("####### Step 3")
    }

    /// A mark set before the label (a check mark, a pointing hand, an arrow) is decoration; a keycap, a
    /// digit or a letter before the keyword is not, nor is ASCII punctuation.
    func testAMarkBeforeTheLabelIsDecoration() {
        assertMatch("### ✔ Step 1: Create Repository", .step, 1, label: "Step 1", title: "Create Repository")
        assertMatch("👉 Step 2 — Add the view model", .step, 2, label: "Step 2", title: "Add the view model")
        assertMatch("**✅ Step 3.** Build", .step, 3, label: "Step 3", title: "Build")
        assertMatch("🔹🔹 Section 4: Data", .section, 4, label: "Section 4", title: "Data")
        assertMatch("→ 步骤5", .step, 5, label: "步骤5")
        assertNoMatch("1️⃣ Step 1")
        assertNoMatch("A Step 1")
        assertNoMatch("+ Step 1")
        assertNoMatch("✔ Step into the view model")
    }

    /// A label set in full-width or corner brackets (`【步骤一】安装`, `「第二步」`) is a label, the title after the
    /// closing bracket; the brackets enclose the label alone, so a bracketed phrase is none.
    func testALabelInCJKBracketsIsALabel() {
        assertMatch("# 【步骤一】安装编辑器外挂", .step, 1, label: "步骤一", title: "安装编辑器外挂")
        assertMatch("【步驟二】設定", .step, 2, label: "步驟二", title: "設定")
        assertMatch("## 「第三步」配置", .step, 3, label: "第三步", title: "配置")
        assertMatch("〔Step 4〕 Build", .step, 4, label: "Step 4", title: "Build")
        assertMatch("【第一节】", .section, 1, label: "第一节")
        assertNoMatch("【注意】第一步之前请备份")
        assertNoMatch("【步骤一安装】")
        assertNoMatch("【步骤一")
        assertNoMatch("[Step 1] Install")
    }

    func testCJKNumerals() {
        let cases: [(String, Int)] = [
            ("一", 1), ("九", 9), ("十", 10), ("十一", 11), ("二十", 20), ("二十三", 23), ("九十九", 99),
            ("一百", 100), ("一百零五", 105), ("一百一十", 110), ("两", 2),
        ]
        for (numeral, value) in cases {
            XCTAssertEqual(StepHeadings.cjkValue(ArraySlice(Array(numeral))), value, numeral)
        }
        for bad in ["二二", "十十", "一百十", "十一二", "零十", "百"] {
            XCTAssertNil(StepHeadings.cjkValue(ArraySlice(Array(bad))), bad)
        }
    }

    func testLongLinesAreCheap() {
        let long = String(repeating: "步骤", count: 200_000)
        XCTAssertNil(StepHeadings.match(Substring(long)))
        let titled = "Step 1: " + String(repeating: "a", count: 500_000)
        XCTAssertEqual(StepHeadings.match(Substring(titled))?.title.count, 500_000)
    }
}
