import TutorialModel
import XCTest

@testable import TutorialReaders

/// Paragraphs numbered by hand (`1、`, `（2）`, `③`) as the steps of a page. Each case is our own text.
final class EnumeratedParagraphsTests: XCTestCase {
    private func read(_ text: String) -> Tutorial {
        MarkdownReader.read(SourceDocument(path: "page.md", text: text))
    }

    private func steps(_ tutorial: Tutorial) -> [(label: String?, number: Int?, snippets: Int)] {
        tutorial.sections.flatMap(\.steps).map { ($0.label, $0.labelNumber, $0.snippets.count) }
    }

    func testARunFromZeroWithCodeLabelsItsStepsAndItsPartsWithoutCodeCount() {
        let tutorial = read(
            "# 罐子安装\n\n0、准备环境。\n\n1、下载：\n\n```bash\ncurl -O jar.tgz\n```\n\n2、解压，然后进入目录。\n\n"
                + "3、 运行：\n\n```bash\n./jar\n```\n\n额外的命令\n\n```bash\n./jar --help\n```\n")
        let found = steps(tutorial)
        XCTAssertEqual(found.map(\.label), ["0、", "1、", "2、", "3、"])
        XCTAssertEqual(found.map(\.number), [0, 1, 2, 3])
        XCTAssertEqual(found.map(\.snippets), [0, 1, 0, 2])
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.title), ["准备环境。", "下载：", "解压，然后进入目录。", "运行："])
    }

    func testNumbersOpeningBulletItemsNumberTheBulletsNotTheSteps() {
        // The author made a bulleted list; the numbers written in its items are the list's, and the code
        // after it is one step, as with any list of notes.
        let markdown = read(
            "# Jars\n\n## Prepare\n\nThe function:\n\n- 1）resize the image；\n- 2）move the channel first；\n"
                + "- 3）add a dimension：\n\n```python\ndef prepare(image): pass\n```\n\n## Fill\n\n```python\nfill()\n```\n")
        XCTAssertEqual(steps(markdown).map(\.label), [nil, nil])
        XCTAssertEqual(steps(markdown).map(\.snippets), [1, 1])
        // Bullets that each hold their code stay a step per code block too.
        let held = read("# Jars\n\n* 1、Count\n\n  ```objc\n  - (NSInteger)count;\n  ```\n* 2、Fill\n\n  ```objc\n  - (void)fill;\n  ```\n")
        XCTAssertEqual(steps(held).map(\.label), [nil, nil])
        let html = HTMLReader.read(
            SourceDocument(
                path: "page.html",
                text: "<h1>Jars</h1><ul><li>1) resize</li><li>2) move</li></ul><pre><code>prepare()</code></pre>"
                    + "<h2>Fill</h2><pre><code>fill()</code></pre>"))
        XCTAssertEqual(steps(html).map(\.label), [nil, nil])
        // The same numbers opening paragraphs are the author's enumeration.
        let paragraphs = read("# Jars\n\n1）Declare\n\n```swift\nstruct Jar {}\n```\n\n2）Fill\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(paragraphs).map(\.label), ["1）", "2）"])
    }

    func testStepWordsOpeningBulletItemsLabelNothing() {
        // Bullets listing the stages of a process (`* 第一步：…`, `- Step 1: …`) are the author's list of notes,
        // not step labels: the code after them is a step per block, as in a page without labels.
        for (first, second) in [("* 第一步：双方到达", "* 第二步：开始交接"), ("- Step 1: both arrive", "- Step 2: the handover")] {
            let tutorial = read("# Queue\n\n## Handover\n\n\(first)\n\(second)\n\n```python\nq.get()\n```\n\n```python\nq.join()\n```\n")
            XCTAssertEqual(steps(tutorial).map(\.label), [nil, nil], first)
            XCTAssertEqual(steps(tutorial).map(\.snippets), [1, 1], first)
        }
        // The same labels opening paragraphs of their own are the author's step labels.
        let paragraphs = read("# Queue\n\nStep 1: Declare\n\n```python\nq = Queue()\n```\n\nStep 2: Fill\n\n```python\nq.put(1)\n```\n")
        XCTAssertEqual(steps(paragraphs).map(\.label), ["Step 1", "Step 2"])
    }

    func testARunInsideABlockQuoteEndsWithTheQuote() {
        // Numbered answers quoted under a question hold no code of their own: the example after the quote is
        // a step per block, not the last answer's (counting conventions item 35).
        let quoted = read("### Cups\n\n> 1、allocate\n>\n> 2、construct\n\n---\n\n```java\nCup cup = new Cup();\n```\n")
        XCTAssertEqual(steps(quoted).map(\.label), [nil])
        XCTAssertEqual(steps(quoted).map(\.snippets), [1])
        // A quote that holds its code keeps its labels.
        let holding = read("### Cups\n\n> 1、allocate\n>\n> ```java\n> new Cup();\n> ```\n>\n> 2、construct\n")
        XCTAssertEqual(steps(holding).map(\.label), ["1、", "2、"])
    }

    func testParenthesisedFullWidthAndCircledNumbersAreEnumerationsToo() {
        for (first, second) in [("（1）", "（2）"), ("(1)", "(2)"), ("1）", "2）"), ("１．", "２．"), ("①", "②"), ("1.-", "2.-")] {
            let tutorial = read("# Jars\n\n\(first)Declare\n\n```swift\nstruct Jar {}\n```\n\n\(second)Fill\n\n```swift\nvar jar = Jar()\n```\n")
            XCTAssertEqual(steps(tutorial).map(\.number), [1, 2], first)
            XCTAssertEqual(steps(tutorial).map(\.label), [first, second], first)
        }
    }

    func testListMarksKeptFromAListByMarkupAreEnumerationsWhenABlankFollows() {
        // Bold answers numbered by hand, each over its code and the output it prints: one step per answer.
        for (first, second) in [("**1. Declare**", "**2. Fill**"), ("**1) Declare**", "**2) Fill**"), ("1\\. Declare", "2\\. Fill")] {
            let tutorial = read(
                "# Jars\n\n\(first)\n\n```swift\nstruct Jar {}\n```\n\n**Output**:\n\n```\nJar()\n```\n\n"
                    + "\(second)\n\n```swift\nvar jar = Jar()\n```\n")
            XCTAssertEqual(steps(tutorial).map(\.number), [1, 2], first)
            XCTAssertEqual(steps(tutorial).map(\.snippets), [2, 1], first)
            XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.title), ["Declare", "Fill"], first)
        }
        // Numbered with a list's own marks, the run reads as a numbered list does: an item without code (a
        // reason, a topic) is prose, not a step, and its text stays with the step before it.
        let reasons = read(
            "# Jars\n\n## Why a jar\n\n**1. It keeps things:**\n\n```swift\nlet jar = Jar()\n```\n\n"
                + "**2. It is cheap**\n\nPrices are low.\n\n**3. It fills:**\n\n```swift\njar.fill()\n```\n")
        XCTAssertEqual(steps(reasons).map(\.label), ["1.", "3."])
        XCTAssertEqual(steps(reasons).map(\.snippets), [1, 1])
        // An HTML page numbers its paragraphs by hand the same way (its lists are `<ol>`).
        let page = HTMLReader.read(SourceDocument(
            path: "page.html",
            text: "<h1>Jars</h1><p>1. Declare</p><pre><code class=\"language-swift\">struct Jar {}</code></pre>"
                + "<p>2. Fill</p><pre><code class=\"language-swift\">var jar = Jar()</code></pre>"))
        XCTAssertEqual(steps(page).map(\.label), ["1.", "2."])
        // A decimal number, or a mark glued to the word, opens a sentence, not an enumeration.
        for (first, second) in [("**1.5 jars** are left.", "**2.5 jars** are full."), ("**1.Declare**", "**2.Fill**")] {
            let tutorial = read("# Jars\n\n\(first)\n\n```swift\nstruct Jar {}\n```\n\n\(second)\n\n```swift\nvar jar = Jar()\n```\n")
            XCTAssertEqual(steps(tutorial).map(\.label), [nil, nil], first)
        }
    }

    func testListMarksGluedToATitleWithoutCaseOrASymbolAreEnumerations() {
        // Chinese notes write their lists without the blank (`1.打包`), which Markdown does not read as a list:
        // the run reads as the list meant, items without code prose (counting conventions item 35).
        let glued = read(
            "# 打包\n\n1.自动创建目录；\n\n2.用通配符编译：\n\n```sh\njavac -d . *.java\n```\n\n"
                + "**3.==和equals**\n\n```java\na.equals(b);\n```\n")
        XCTAssertEqual(steps(glued).map(\.label), ["2.", "3."])
        XCTAssertEqual(steps(glued).map(\.snippets), [1, 1])
        // A version number opens a sentence: `1.8中` is Java 8, not an item.
        let versions = read("# 哈希\n\n1.7中重新计算哈希。\n\n```java\nint h = 0;\n```\n\n1.8中不需要。\n\n```java\nint h = 1;\n```\n")
        XCTAssertEqual(steps(versions).map(\.label), [nil, nil])
    }

    func testCodeBetweenARunsLastPartAndTheNextRunIsAStepPerBlock() {
        // A topic after one bold run and before another holds no labelled step's code: its fences are a step
        // each, as before a section's first label (counting conventions items 7 and 18).
        let tutorial = read(
            "# Objects\n\n## Methods\n\n### equals()\n\n**1. Reflexive**\n\n```java\nx.equals(x);\n```\n\n"
                + "**2. Symmetric**\n\n```java\nx.equals(y);\n```\n\n### hashCode()\n\n```java\nint hash = 17;\n```\n\n"
                + "Then each field:\n\n```java\nhash = 31 * hash;\n```\n\n### clone()\n\n**1. Cloneable**\n\n"
                + "```java\nclass Cup {}\n```\n\n**2. Copy**\n\n```java\ncup.clone();\n```\n")
        XCTAssertEqual(steps(tutorial).map(\.label), ["1.", "2.", nil, nil, "1.", "2."])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [1, 1, 1, 1, 1, 1])
    }

    func testInvisibleCharactersBeforeANumberDoNotHideIt() {
        // Paragraphs pasted from a web page open with a zero-width space or ideographic spaces: the page shows
        // `1、`, `2、` at their start, so the run labels its steps as any other does.
        let tutorial = read(
            "# 过滤器\n\n\u{200B}  1、依赖容器。\n\n\u{3000}\u{3000}2、生命周期不同：\n\n```java\nclass LogFilter {}\n```\n")
        XCTAssertEqual(steps(tutorial).map(\.label), ["1、", "2、"])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [0, 1])
    }

    func testNumberedNotesInsideANumberedListItemAreTheItemsDetail() {
        // A numbered list of instructions whose second item holds italic notes numbered by hand, one over a
        // fence: the list's numbers label the steps, so only the items holding code are steps (a page without
        // other labels), and the notes stay the item's.
        let tutorial = read(
            "# 脚本\n\n1. 打开终端\n\n1. 输入\n\n   ```\n   bash setup.sh\n   ```\n\n   *1. 需要联网。*\n\n"
                + "   *2. 参数如下*\n\n      ```\n      -a  全部\n      ```\n\n1. 等待完成\n")
        XCTAssertEqual(steps(tutorial).map(\.label), ["2."])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [2])
    }

    func testEnumerationLinesInsideABulletItemAreTheItemsOwnAndLabelNothingWithoutCodeInIt() {
        // OS-course notes of our own: one part whose fences are a step each. A bulleted item holds `(1)` to
        // `(3)` lines without code; fences come only after the item, so its parts show none and the page
        // stays unlabelled, whichever way the lines stand in the item.
        let fences =
            "创建子进程：\n\n```c\npid_t pid = fork();\n```\n\n执行新程序：\n\n```c\nexeclp(\"ls\", \"ls\", NULL);\n```\n\n"
        let later =
            "父进程等待子进程结束：\n\n```c\nwait(NULL);\n```\n\n进程调度的过程：\n\n1. 保存当前进程的上下文\n"
            + "2. 选出下一个进程\n3. 恢复它的上下文\n\n```c\nschedule();\n```\n\n"
            + "- 查看进程：\n\n  ```bash\n  ps -ef\n  ```\n\n- 结束进程：\n\n  ```bash\n  kill -9 1234\n  ```\n"
        let items = [
            "- 进程的三种基本状态：\n\n  (1) 就绪态：已获得除 CPU 以外的资源。\n\n  (2) 运行态：正在 CPU 上执行。\n\n"
                + "  (3) 阻塞态：等待某个事件发生。\n\n- 状态之间可以相互转换。\n\n",
            "- 进程的三种基本状态：\n  (1) 就绪态：已获得除 CPU 以外的资源。\n  (2) 运行态：正在 CPU 上执行。\n"
                + "  (3) 阻塞态：等待某个事件发生。\n- 状态之间可以相互转换。\n\n",
            "- 进程的三种基本状态：\n\n  (1) 就绪态：已获得除 CPU 以外的资源。\n  (2) 运行态：正在 CPU 上执行。\n\n"
                + "  (3) 阻塞态：等待某个事件发生。\n\n",
        ]
        for item in items {
            let tutorial = read("# 操作系统实验笔记\n\n## 实验二 进程管理\n\n" + fences + item + later)
            XCTAssertEqual(tutorial.sections.map { $0.steps.map(\.snippets.count) }, [[1, 1, 1, 1, 1, 1]], item)
            XCTAssertEqual(steps(tutorial).map(\.label), [nil, nil, nil, nil, nil, nil], item)
        }
        // An HTML item whose text stands in paragraphs of its own is read alike.
        let page = HTMLReader.read(
            SourceDocument(
                path: "page.html",
                text: "<h1>笔记</h1><h2>实验二</h2><pre><code>fork();</code></pre><ul><li><p>进程的三种基本状态：</p>"
                    + "<p>(1) 就绪态</p><p>(2) 运行态</p><p>(3) 阻塞态</p></li><li>状态转换</li></ul>"
                    + "<pre><code>wait(NULL);</code></pre><pre><code>schedule();</code></pre>"))
        XCTAssertEqual(steps(page).map(\.label), [nil, nil, nil])
        XCTAssertEqual(steps(page).map(\.snippets), [1, 1, 1])
    }

    func testEnumerationPartsInsideAListItemEndWithTheItem() {
        // Where the item's own parts show code, they label steps, and the code after the item is no part's.
        let tutorial = read(
            "# 编译\n\n## 步骤\n\n- 编译内核：\n\n  (1) 配置\n\n  ```bash\n  make menuconfig\n  ```\n\n  (2) 构建\n\n"
                + "  ```bash\n  make -j2\n  ```\n\n- 其他说明。\n\n重启之后：\n\n```bash\nuname -r\n```\n\n```bash\ndmesg\n```\n")
        XCTAssertEqual(steps(tutorial).map(\.label), ["(1)", "(2)", nil, nil])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [1, 1, 1, 1])
    }

    func testBoldNumberedReportRunsReadAsListsWhoseLastItemHoldsLaterCodeOnlyAfterAColon() {
        // A conversation transcript of our own: its last part drafts a report in runs of bold numbered
        // paragraphs, each restarting at 1, all prose, and queries after them. No run labels anything: the
        // last item of a run ends without a colon, so the fences after it are a step each.
        let report = read(
            "# Conversation: a lab booking service\n\n## 1. The tables\n\n**User:** Which tables?\n\n"
                + "**Assistant:** Rooms first.\n\n```sql\nCREATE TABLE room (id INT);\n```\n\n## 2. The report\n\n"
                + "**User:** Draft the report.\n\n**1. ROOM**\n\nA place that can be booked.\n\n**2. MEMBER**\n\n"
                + "A person who books rooms.\n\n**3. BOOKING — SLOT (One-to-Many)**\n\nA member holds many bookings.\n\n"
                + "Services:\n\n**1. CALENDAR**\n\nShows free slots.\n\n**2. NOTIFIER**\n\nMails a reminder.\n\n"
                + "The queries behind it:\n\n```sql\nSELECT * FROM booking;\n```\n\n```sql\nSELECT count(*) FROM booking;\n```\n")
        XCTAssertEqual(report.sections.map { $0.steps.map(\.snippets.count) }, [[1], [1, 1]])
        XCTAssertEqual(steps(report).map(\.label), [nil, nil, nil])
        // An item whose part shows code labels a step; the prose items are none; the last item, prose and
        // ending otherwise than with a colon, holds no later fence.
        let mixed = "# Report\n\n## The report\n\n**1. ROOM**\n\nA place.\n\n**2. SCHEMA**\n\n```sql\nCREATE TABLE room (id INT);\n```\n\n"
        let queries = "The queries:\n\n```sql\nSELECT * FROM room;\n```\n\n```sql\nSELECT count(*) FROM room;\n```\n"
        let prose = read(mixed + "**3. MEMBER**\n\nA person.\n\n" + queries)
        XCTAssertEqual(steps(prose).map(\.label), ["2.", nil, nil])
        XCTAssertEqual(steps(prose).map(\.snippets), [1, 1, 1])
        // A last item with code right after it holds that code, and only that.
        let held = read(mixed + "**3. MEMBER**\n\n```sql\nCREATE TABLE member (id INT);\n```\n\n" + queries)
        XCTAssertEqual(steps(held).map(\.label), ["2.", "3.", nil, nil])
        XCTAssertEqual(steps(held).map(\.snippets), [1, 1, 1, 1])
        // A last item that says more follows holds what follows (counting conventions item 15).
        let colon = read(mixed + "**3. The queries it serves:**\n\n" + queries)
        XCTAssertEqual(steps(colon).map(\.label), ["2.", "3."])
        XCTAssertEqual(steps(colon).map(\.snippets), [1, 2])
    }

    func testANumberPastOneWrittenTwiceGoesOnTheRunAsAPartOfItsOwn() {
        // Two ways of the sixth topic, each under its own bold `6.`: two items of the list they stand for.
        let ways = read(
            "# Jars\n\n## Queries\n\n**1. All jars**\n\n```php\nJar::all();\n```\n\n**2. One jar**\n\n```php\nJar::find(1);\n```\n\n"
                + "**3. Insert (way 1)**\n\n```php\nJar::create([]);\n```\n\n**3. Insert (way 2)**\n\n```php\n$jar->save();\n```\n\n"
                + "**4. Delete**\n\n```php\n$jar->delete();\n```\n")
        XCTAssertEqual(steps(ways).map(\.label), ["1.", "2.", "3.", "3.", "4."])
        XCTAssertEqual(steps(ways).map(\.snippets), [1, 1, 1, 1, 1])
        // `1.` written twice starts again: no run goes on past it.
        let again = read("# Jars\n\n1、声明\n\n```swift\nstruct Jar {}\n```\n\n1、填充\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(again).map(\.label), [nil, nil])
    }

    func testARunWithoutCodeIsProse() {
        // Reasons numbered by hand, then code of an unlabelled page: one step per code block, as before.
        let tutorial = read(
            "# Jars\n\n1、速度快。\n\n2、占用少。\n\n## 用法\n\n```swift\nstruct Jar {}\n```\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(tutorial).map(\.label), [nil, nil])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [1, 1])
    }

    func testCJKNumeralsBrokenRunsAndLoneNumbersLabelNothing() {
        for (first, second) in [("一、", "二、"), ("1、", "3、"), ("2、", "3、")] {
            let tutorial = read("# Jars\n\n\(first)声明\n\n```swift\nstruct Jar {}\n```\n\n\(second)填充\n\n```swift\nvar jar = Jar()\n```\n")
            XCTAssertEqual(steps(tutorial).map(\.label), [nil, nil], first + second)
        }
        let lone = read("# Jars\n\n1、声明\n\n```swift\nstruct Jar {}\n```\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(lone).map(\.label), [nil, nil])
    }

    func testAPageThatLabelsStepsKeepsItsLabels() {
        let tutorial = read(
            "# Jars\n\n## 第一步\n\n1、声明：\n\n```swift\nstruct Jar {}\n```\n\n2、填充：\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(tutorial).map(\.label), ["第一步"])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [2])
    }


    func testStepLabelsWrittenAsPlainParagraphsLabelARunWithCode() {
        // A page written without markup: `Step N:` paragraphs over commands typed as prose and one
        // indented block. Every labelled part counts, with or without code (rule 4).
        let tutorial = read(
            "Step 1: Make a project\n\nRun the generator, then type:\n\nmake-project demo\n\n"
                + "Step 2: Add the packages\n\nInstall them:\n\n    fetch add alpha beta\n\n"
                + "Step 3: Write the provider\n\nexport function Provider() {}\n\nStep 4: Add a button\n\nPut it on the page.\n")
        XCTAssertEqual(steps(tutorial).map(\.label), ["Step 1", "Step 2", "Step 3", "Step 4"])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [0, 1, 0, 0])
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.title), ["Make a project", "Add the packages", "Write the provider", "Add a button"])
        // Any language of the headings' own step words.
        let spanish = read("# Jarras\n\nPaso 1. Declara\n\n```swift\nstruct Jar {}\n```\n\nPaso 2. Llena\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(spanish).map(\.number), [1, 2])
    }

    func testStepWordParagraphsLabelARunWithoutCodeWhereMarksAloneDoNot() {
        // Step words label their parts however they are shown (screenshots here): prose steps.
        let labelled = read(
            "# Jars\n\nstep 1: Mix the glaze\n\n![mix](mix.png)\n\nstep 2:Dip each jar\n\n## Code\n\n```swift\nstruct Jar {}\n```\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(labelled).map(\.label), ["step 1", "step 2", nil, nil])
        XCTAssertEqual(steps(labelled).map(\.snippets), [0, 0, 1, 1])
        // Marks alone without code are a list of notes in prose.
        let notes = read(
            "# Jars\n\n1、 think about it.\n\n2、 think again.\n\n## Code\n\n```swift\nstruct Jar {}\n```\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(steps(notes).map(\.label), [nil, nil])
    }

    func testStepWordParagraphsOutOfARunOrInAListStayProse() {
        // A lone label, and a run that does not start at 0 or 1.
        for (first, second) in [("Step 1: Declare", "Then fill"), ("Step 2: Declare", "Step 3: Fill")] {
            let tutorial = read("# Jars\n\n\(first)\n\n```swift\nstruct Jar {}\n```\n\n\(second)\n\n```swift\nvar jar = Jar()\n```\n")
            XCTAssertEqual(steps(tutorial).map(\.label), [nil, nil], first)
        }
        // Inside the items of a numbered list, the items are what numbers the steps.
        let listed = read("# Jars\n\n1. Step 1: Declare\n\n   ```swift\n   struct Jar {}\n   ```\n\n2. Step 2: Fill\n\n   ```swift\n   var jar = Jar()\n   ```\n")
        XCTAssertEqual(steps(listed).map(\.label), steps(read("# Jars\n\n1. Declare\n\n   ```swift\n   struct Jar {}\n   ```\n\n2. Fill\n\n   ```swift\n   var jar = Jar()\n   ```\n")).map(\.label))
    }

    func testCodeBeforeARunUnderSeveralTopicsIsAStepPerBlock() {
        // A part's fences under topics before its hand-numbered paragraphs, then the run: no label holds the
        // code before it, so a step per fence (counting conventions item 18), as a real numbered list gives.
        let topics = "# Tables\n\n## Create them\n\n### Behind the scenes\n\n```sql\ncreate table a;\n```\n\n"
            + "### Sample them\n\n```sql\nselect * from a;\n```\n\nMore commands:\n\n```sql\ndescribe a;\n```\n\n"
            + "```sql\nshow create table a;\n```\n\n### The shell\n\n"
        let run = "1\\. Connect.\n\n```sh\nshell -u jdbc\n```\n\n2\\. Grant:\n\n```sql\ngrant all;\n```\n"
        let escaped = read(topics + run)
        XCTAssertEqual(steps(escaped).map(\.label), [nil, nil, nil, nil, "1.", "2."])
        XCTAssertEqual(steps(escaped).map(\.snippets), [1, 1, 1, 1, 1, 1])
        let listed = read(topics + run.replacingOccurrences(of: "\\.", with: "."))
        XCTAssertEqual(steps(listed).map(\.snippets), steps(escaped).map(\.snippets))
        // The page's HTML, numbered paragraphs in `<p>`: read alike.
        let html = HTMLReader.read(
            SourceDocument(
                path: "page.html",
                text: "<h1>Tables</h1><h2>Create them</h2><h3>Behind the scenes</h3><pre>create table a;</pre>"
                    + "<h3>Sample them</h3><pre>select * from a;</pre><p>More commands:</p><pre>describe a;</pre>"
                    + "<pre>show create table a;</pre><h3>The shell</h3><p>1. Connect.</p><pre>shell -u jdbc</pre>"
                    + "<p>2. Grant:</p><pre>grant all;</pre>"))
        XCTAssertEqual(steps(html).map(\.label), [nil, nil, nil, nil, "1.", "2."])
        XCTAssertEqual(steps(html).map(\.snippets), [1, 1, 1, 1, 1, 1])
    }

    func testCodeAfterARunsLastPartIsAStepPerBlockWhicheverBlockEndsThatPart() {
        // The last part holds its own code only (no colon); what follows it, a paragraph or a topic heading,
        // leaves the later topics' fences a step each (item 15).
        for between in ["A screenshot.\n\n", ""] {
            let tutorial = read(
                "# Tables\n\n## Analyze them\n\n1\\. Open a worksheet.\n\n2\\. Type a query\n\n```sql\nselect 1;\n```\n\n"
                    + between + "### View the data\n\n```sql\nselect * from a;\n```\n\nThen share the file:\n\n"
                    + "```sh\nchown a\n```\n")
            XCTAssertEqual(steps(tutorial).map(\.label), ["2.", nil, nil], between)
            XCTAssertEqual(steps(tutorial).map(\.snippets), [1, 1, 1], between)
        }
    }

    func testDecimalSubNumbersGoOnTheRun() {
        // `3.0、` opens part 3 after `2、`, `3.1、` numbers a part inside it, `4、` follows; before, the run ended at 2
        // and every later fence went to its last step.
        let tutorial = read(
            "# 命令\n\n1、磁盘\n\n```bash\ndf -h\n```\n\n2、批量\n\n```bash\nls | xargs echo\n```\n\n"
                + "3.0、文本\n\n```bash\ncat a\n```\n\n3.1、命名\n\n```bash\nrename a b\n```\n\n4、信息\n\n```bash\nstat a\n```\n\n"
                + "4.1、随机\n\n```bash\nshuf a\n```\n\n5、路径\n\n```bash\npwd\n```\n")
        XCTAssertEqual(steps(tutorial).map(\.label), ["1、", "2、", "3.0、", "3.1、", "4、", "4.1、", "5、"])
        // A sub-number inside a part already numbered continues the count; it is no number of it.
        XCTAssertEqual(steps(tutorial).map(\.number), [1, 2, 3, nil, 4, nil, 5])
        XCTAssertEqual(steps(tutorial).map(\.snippets), [1, 1, 1, 1, 1, 1, 1])
        // A sub-number that skips, or a run that opens past its first part, starts nothing.
        let skipping = read("# 命令\n\n1、磁盘\n\n```bash\ndf -h\n```\n\n1.5、批量\n\n```bash\nls\n```\n")
        XCTAssertEqual(steps(skipping).map(\.label), [nil, nil])
        XCTAssertEqual(EnumeratedParagraphs.enumeration("9.1、 rename")?.sub, 1)
        XCTAssertEqual(EnumeratedParagraphs.enumeration("9.1、 rename")?.label, "9.1、")
        XCTAssertNil(EnumeratedParagraphs.enumeration("9.1. rename"))
    }

    func testEnumerationShapes() {
        XCTAssertEqual(EnumeratedParagraphs.enumeration("12、 Run it")?.number, 12)
        XCTAssertEqual(EnumeratedParagraphs.enumeration("12、 Run it")?.title, "Run it")
        XCTAssertNil(EnumeratedParagraphs.enumeration("12 apples"))
        XCTAssertNil(EnumeratedParagraphs.enumeration("(12 apples)"))
        XCTAssertNil(EnumeratedParagraphs.enumeration("注意：3、4步骤"))
        XCTAssertNil(EnumeratedParagraphs.enumeration("1.5 billion"))
        XCTAssertNil(EnumeratedParagraphs.enumeration("1.Glued to its word"))
        // A paragraph's text opens with a list's own mark only where markup kept the line from being a list.
        XCTAssertEqual(EnumeratedParagraphs.enumeration("1. Kept from a list by bold")?.listMark, true)
        XCTAssertEqual(EnumeratedParagraphs.enumeration("2) Kept from a list by bold")?.label, "2)")
        XCTAssertEqual(EnumeratedParagraphs.enumeration("(2) In parentheses")?.listMark, false)
        XCTAssertEqual(EnumeratedParagraphs.enumeration("3.- Declara la constante")?.title, "Declara la constante")
        XCTAssertEqual(EnumeratedParagraphs.enumeration("3.- Declara la constante")?.listMark, false)
    }
}
