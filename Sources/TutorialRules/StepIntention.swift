import Foundation
import TutorialModel

/// Why a step that shows a file unchanged may mean it: what its prose and media say the reader does.
///
/// Tutorials repeat the previous code on purpose when the step is about something else than editing:
/// running, building, previewing or trying the result (often with a `@Video` or a screenshot), going
/// back to a file before the next change, or presenting the finished file at the end of a section. A repetition
/// looks accidental only when the step tells the reader to change the code (its first instruction is an
/// edit: `Add…`, `Update the preview…`, `添加…`, `추가한다`), or says nothing at all.
enum StepIntention {
    /// The step shows a video or an image of the result.
    case media
    /// The step runs, builds, previews or tries the result (`Build the project now`, `运行`, `실행`).
    case run
    /// The step goes back to a file (`Go back to CounterTests.swift`).
    case revisit
    /// The last step of a section presents the finished file, asking for no edit (`There you go! This is
    /// the complete file.`).
    case recap

    /// Why `step` shows its code unchanged on purpose; nil when the repetition looks accidental.
    ///
    /// The first sentence decides when it has a cue to run or revisit or a word asking for an edit; a
    /// video or an image decides next (a demo of the result, unless the first sentence asks for an edit);
    /// the whole prose last. Of a cue and an edit word, the one that carries the sentence wins: in English
    /// and Chinese the first written (`Go back to X so that we can make changes` revisits, `Update the
    /// preview` edits), in Korean and Japanese, where the verb comes last, the last written
    /// (`미리보기를 업데이트한다` updates the preview).
    static func of(_ step: Step, in document: SourceDocument, isLastOfSection: Bool) -> StepIntention? {
        let prose = (step.prose.isEmpty ? step.title : step.prose).trimmingCharacters(in: .whitespacesAndNewlines)
        switch decision(in: firstSentence(of: prose)) {
        case .edit: return nil
        case .cue(let intention): return intention
        case nil: break
        }
        if showsMedia(step, in: document) { return .media }
        guard !prose.isEmpty else { return nil }
        switch decision(in: prose) {
        case .edit: return nil
        case .cue(let intention): return intention
        case nil:
            // An instruction without a known edit word (`Round the corners`) is still one: only a statement
            // (`There you go…`, `This is…`) closing a section presents the result.
            return isLastOfSection && opensAStatement(prose) ? .recap : nil
        }
    }

    private enum Decision {
        case cue(StepIntention)
        case edit
    }

    /// Whether `text` is carried by a cue to run or revisit, or by a word asking for an edit; nil when
    /// it has neither.
    private static func decision(in text: String) -> Decision? {
        let verbLast = text.unicodeScalars.contains {
            (0xAC00...0xD7A3).contains($0.value) || (0x3040...0x30FF).contains($0.value)
        }
        // Smaller ranks win: the first offset, or in verb-last languages the last.
        func rank(_ pattern: String) -> Int? {
            let offsets = matchOffsets(pattern, in: text)
            return verbLast ? offsets.last.map { -$0 } : offsets.first
        }
        let edit = rank(editPattern)
        let cue = [(StepIntention.run, rank(runPattern)), (.revisit, rank(revisitPattern))]
            .compactMap { intention, rank in rank.map { (intention, $0) } }
            .min { $0.1 < $1.1 }
        if let cue, cue.1 < (edit ?? Int.max) { return .cue(cue.0) }
        return edit == nil ? nil : .edit
    }

    /// Running, building, compiling, previewing or trying the result, in English, Chinese, Japanese and
    /// Korean. English `build` and `run` count only with what is built or run (`Build a list` is an edit).
    private static let runPattern =
        "(?i)\\b(?:build|rebuild|compile|recompile|run|rerun|re-run)\\s+(?:it\\b|again\\b|now\\b|and\\s+run\\b|"
        + "(?:the|your|this|our)\\s+(?:project|app|application|package|executable|target|scheme|tests?|playground|"
        + "server|client|program|code|sample|preview))|\\b(?:build and run|compile and run|live preview|try|"
        + "experiment)\\b|\\bpreview\\s+(?:it|again|the\\s+(?:app|view|result))\\b"
        + "|运行|執行|构建|建置|编译|編譯|预览|預覽|试试|试一试|尝试|實驗|实验"
        + "|実行|ビルド|コンパイル|プレビュー|試して|試す"
        + "|실행|빌드|컴파일|미리\\s?보기|시도|테스트해"

    /// Going back to a file (`Go back to CounterTests.swift`, `回到`, `돌아가`, `戻`).
    private static let revisitPattern =
        "(?i)\\b(?:go|going|come|switch|head|navigate)\\s+back\\b|\\breturn\\s+to\\b|\\bback\\s+(?:in|to)\\b"
        + "|回到|返回|돌아가|돌아와|に戻|へ戻"

    /// Words that tell the reader to change code.
    private static let editPattern =
        "(?i)\\b(?:add|adds|adding|change|changes|changing|replace|remove|delete|update|insert|create|declare|"
        + "implement|rename|move|modify|wrap|extract|assert|annotate|call|pass|define|write|edit|fix|introduce|"
        + "append|apply|convert|refactor|embed|initialize|instantiate|override|conform|adopt|make|set|give|put|place|"
        + "assign|bind|connect|attach)\\b"
        + "|添加|加入|增加|修改|更改|改为|改成|替换|删除|移除|更新|插入|创建|新建|声明|实现|调用|传递|定义|编写|包装"
        + "|追加|変更|置き換|削除|更新|作成|宣言|実装|呼び出|渡し|定義|書き|編集|修正"
        + "|추가|변경|바꾸|바꿔|교체|삭제|제거|수정|업데이트|생성|만들|선언|구현|호출|전달|정의|작성|감싸"

    /// Words that open a statement rather than an instruction (an English instruction opens with its verb).
    private static let statementOpeners: Set<String> = [
        "there", "here", "this", "that", "these", "those", "now", "the", "it", "its", "it's", "you", "your", "we",
        "our", "congratulations", "great", "done", "voilà", "voila", "that's", "here's", "there's", "with", "at",
    ]
    private static let statementPrefixes = ["这", "现在", "完成", "好了", "以上", "これで", "以上", "이제", "이것", "완성"]

    private static func opensAStatement(_ prose: String) -> Bool {
        let firstWord = prose.prefix { $0.isLetter || $0 == "'" || $0 == "’" }.lowercased()
            .replacingOccurrences(of: "’", with: "'")
        return statementOpeners.contains(firstWord) || statementPrefixes.contains { prose.hasPrefix($0) }
    }

    /// The UTF-16 offsets of the matches of `pattern` in `text`, in order.
    private static func matchOffsets(_ pattern: String, in text: String) -> [Int] {
        guard let expression = compiledExpression(pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map(\.range.location)
    }

    /// Whether the step's source shows a video or an image: a DocC `@Video`/`@Image`, an HTML
    /// `<video>`/`<img>` or a Markdown image.
    private static func showsMedia(_ step: Step, in document: SourceDocument) -> Bool {
        guard step.range.end <= document.bytes.count, step.range.start < step.range.end else { return false }
        let text = document.text(in: step.range)
        return ["@Video(", "@Image(", "<video", "<img", "<VIDEO", "<IMG", "!["].contains { text.contains($0) }
    }
}
