import TutorialModel
import XCTest

@testable import TutorialReaders

/// Structure read from the shape of a Markdown document, as authors write it: one step per code block
/// where nothing labels steps, indented leftovers, outline-numbered headings, numbered lists of steps,
/// Hugo's front matter and code shortcodes, MkDocs admonitions, a title set off by emphasis. Each case is our own text.
final class OutlineShapesTests: XCTestCase {
    private func read(_ text: String) -> Tutorial {
        MarkdownReader.read(SourceDocument(path: "shapes.md", text: text))
    }

    /// Steps per section, and the snippets of each step.
    private func shape(_ tutorial: Tutorial) -> [[Int]] {
        tutorial.sections.map { $0.steps.map(\.snippets.count) }
    }

    // MARK: - One step per code block

    func testBackToBackCodeBlocksAreTwoStepsWithoutStepLabels() {
        let tutorial = read(
            "# Jars\n\n## Fill\n\nMake a jar:\n\n```swift\nlet jar = Jar()\n```\n```swift\njar.fill()\n```\n"
                + "\nThen its lid, in `Lid.swift`:\n\n```swift\nstruct Lid {}\n```\n")
        XCTAssertEqual(shape(tutorial), [[1, 1, 1]])
    }

    func testCodeRightAfterAnAsideStaysInItsStep() {
        let tutorial = read(
            "# Jars\n\n## Fill\n\nMake a jar:\n\n```swift\nlet jar = Jar()\n```\n\nNote: jars are values.\n\n"
                + "```swift\nvar copy = jar\n```\n")
        XCTAssertEqual(shape(tutorial), [[2]])
    }

    func testAnIndentedOutputBetweenFencesIsNoAside() {
        // A knitted notebook shows each fence's output indented under it: `Warning: …` there is what the code
        // printed, not an aside introducing the next fence, so each fence is a step (rules 3 and 5).
        let tutorial = read(
            "# Jars\n\n## Fill\n\nLoad the jars:\n\n```r\nlibrary(jars)\n```\n\n"
                + "    Warning: package 'jars' was built under R 4.3.1\n\n```r\nfill(jar)\n```\n\n    [1] TRUE\n")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        // An aside the author wrote between the fences still keeps the next fence in its step.
        let quoted = read(
            "# Jars\n\n## Fill\n\nLoad the jars:\n\n```r\nlibrary(jars)\n```\n\n"
                + "> Warning: the next line overwrites the jar.\n\n```r\nfill(jar)\n```\n\n    [1] TRUE\n")
        XCTAssertEqual(shape(quoted), [[2]])
    }

    func testCodeBeforeTheFirstStepLabelIsAStepPerBlock() {
        // An unlabelled part at the labels' level before `## Step 1` (a setup part, a topic under it): no label
        // holds its code, so a step per fence (counting conventions items 8 and 18); a labelled step keeps all of its own.
        let tutorial = read(
            "# Lights\n\n## Set up\n\n```blocks\nbasic.showIcon()\n```\n\n### The template\n\n```template\nbasic.clear()\n```\n\n"
                + "## Step 1\n\nTurn on the light.\n\n```blocks\nlight.on()\n```\n\n```blocks\nlight.off()\n```\n\n"
                + "## Step 2\n\nBlink.\n\n```blocks\nlight.blink()\n```\n")
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.label), [nil, nil, "Step 1", "Step 2"])
        XCTAssertEqual(shape(tutorial), [[1, 1, 2, 1]])
    }

    func testALabelledStepKeepsAllItsCode() {
        let tutorial = read("# Jars\n\n### Step 1\n\nMake two.\n\n```swift\nlet a = Jar()\n```\n```swift\nlet b = Jar()\n```\n")
        XCTAssertEqual(shape(tutorial), [[2]])
    }

    // MARK: - Indented leftovers

    func testIndentedSentencesAreProseWhereCodeIsFenced() {
        let tutorial = read(
            "# Jars\n\n### Step 1\n\nMake one.\n\n```swift\nlet jar = Jar()\n```\n\n    No preview\n\n"
                + "    Read the [guide](https://example.com) first.\n\n<div>\n    <img src=\"jar.png\">\n\n"
                + "    A jar, drawn.\n</div>\n")
        XCTAssertEqual(shape(tutorial), [[1]])
    }

    func testADocumentWhoseCodeIsAllIndentedKeepsIt() {
        let tutorial = read("# Jars\n\n### Step 1\n\nShow the caption.\n\n    No preview\n")
        XCTAssertEqual(shape(tutorial), [[1]])
    }

    // MARK: - Outline numbers

    func testOutlineNumbers() {
        XCTAssertEqual(OutlineNumbering.outlineNumber("1. Setup")?.parts, [1])
        XCTAssertEqual(OutlineNumbering.outlineNumber("1.2 Layout")?.parts, [1, 2])
        XCTAssertEqual(OutlineNumbering.outlineNumber("3.3.1. The view")?.parts, [3, 3, 1])
        XCTAssertEqual(OutlineNumbering.outlineNumber("2. Model the jars")?.title, "Model the jars")
        XCTAssertNil(OutlineNumbering.outlineNumber("2023 Review"))
        XCTAssertNil(OutlineNumbering.outlineNumber("1 Setup"))
        XCTAssertNil(OutlineNumbering.outlineNumber("1.5 billion jars"))
        XCTAssertNil(OutlineNumbering.outlineNumber("2.1 dict comprehensions"))
        // A number no quantity is written as takes a title in lower case (an API's name).
        XCTAssertEqual(OutlineNumbering.outlineNumber("3.3.1 withCheckedContinuation")?.parts, [3, 3, 1])
        XCTAssertEqual(OutlineNumbering.outlineNumber("2.3. onAppear and task")?.title, "onAppear and task")
        XCTAssertNil(OutlineNumbering.outlineNumber("1234. Too long"))
        // A title in a script without case may follow the number at once, as Chinese and Japanese notes write it.
        XCTAssertEqual(OutlineNumbering.outlineNumber("1.1罐子和盖子")?.parts, [1, 1])
        XCTAssertEqual(OutlineNumbering.outlineNumber("2.瓶の準備")?.title, "瓶の準備")
        XCTAssertNil(OutlineNumbering.outlineNumber("1.5GHz jars"))
        XCTAssertNil(OutlineNumbering.outlineNumber("2罐子"))
    }

    func testLabelsWhoseCaselessTitleFollowsTheNumberAtOnceMakeTheSteps() {
        let tutorial = read(
            "# 罐子\n\n### 1.准备\n\n#### 1.1罐子\n\n```swift\nstruct Jar {}\n```\n\n```swift\nlet jar = Jar()\n```\n\n"
                + "#### 1.2盖子说明\n\n盖子另讲。\n\n### 2.组装\n\n#### 2.1装好\n\n```swift\nstruct Lid {}\n```\n")
        XCTAssertEqual(shape(tutorial), [[2, 0], [1]])
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.label), ["1.1", "1.2", "2.1"])
    }

    func testNumberedHeadingsAreSectionsAndLeafStepsAndASectionWithoutStepsIsOneStep() {
        let tutorial = read(
            "# Jars\n\n## 1. Plan\n\nSketch the shelf.\n\n## 2. Build\n\n### 2.1. The jar\n\n```swift\nstruct Jar {}\n```\n\n"
                + "### 2.2. The lid\n\n#### 2.2.1. Shape\n\n```swift\nstruct Lid {}\n```\n\n#### 2.2.2. Fit\n\n"
                + "```swift\nextension Jar { var lid: Lid { Lid() } }\n```\n\n## 3. Show\n\n```swift\nText(\"jar\")\n```\n"
                + "```swift\nText(\"lid\")\n```\n")
        XCTAssertEqual(shape(tutorial), [[0], [1, 1, 1], [2]])
        XCTAssertEqual(tutorial.sections.map(\.title), ["Plan", "Build", "Show"])
        XCTAssertEqual(tutorial.sections[1].steps.map(\.label), ["2.1", "2.2.1", "2.2.2"])
    }

    func testANumberedTableOfContentsIsNoPartOfTheOutline() {
        // `## 0. Contents` lists the outline's parts with links into the page: it holds none of the outline, so
        // it is no section and no prose step; a closing part of links out of the page is still a prose step.
        let tutorial = read(
            "# Jars\n\n## 0. Contents\n\n- [1. Build](#1-build)\n  - [1.1 The jar](#11-the-jar)\n- [2. Read more](#2-read-more)\n\n"
                + "## 1. Build\n\n### 1.1 The jar\n\n```swift\nstruct Jar {}\n```\n\n### 1.2 The lid\n\n```swift\nstruct Lid {}\n```\n\n"
                + "## 2. Read more\n\n[Shelves](https://example.com/shelves)\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Build", "Read more"])
        XCTAssertEqual(shape(tutorial), [[1, 1], [0]])
    }

    func testAPartNumberedWithoutItsDotGoesOnTheSeries() {
        // `## 4 More` after `## 3.` is the outline's fourth part, its dot left out: a prose part of an outline
        // whose other parts hold N.M steps is one prose step (rule 4); a heading whose number does not follow
        // the series (`## 2024 plans`) stays a plain heading.
        let tutorial = read(
            "# Jars\n\n## 1. Check\n\nCheck the version.\n\n## 2. Build\n\n### 2.1 The jar\n\nFill it.\n\n"
                + "## 3. Show\n\n### 3.1 The shelf\n\nPlace it.\n\n## 4 More\n\nRead the other guides.\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Check", "Build", "Show", "More"])
        let unrelated = read(
            "# Jars\n\n## 1. Check\n\nCheck it.\n\n## 2. Build\n\n### 2.1 The jar\n\nFill it.\n\n## 2024 plans\n\nMore jars.\n")
        XCTAssertEqual(unrelated.sections.map(\.title), ["Check", "Build"])
    }

    func testOneItemListsNumberedOneAfterAnotherAreOneOutline() {
        // Each numbered part holds prose and code of its own, so each list has one item; numbered one after
        // another they are the author's outline, each step holding what stands up to the next item (a part
        // without code is no step in a page without labels).
        let tutorial = read(
            "Notes\n\n1. Ideas\n\nA jar:\n\n```swift\nstruct Jar {}\n```\n\nA shelf:\n\n```swift\nstruct Shelf {}\n```\n\n"
                + "2. Exercise\n\nFill it:\n\n```swift\nvar shelf = Shelf()\n```\n\n3. Wrap-up\n\nDone.\n")
        XCTAssertEqual(shape(tutorial), [[2, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["1.", "2."])
        // An item whose number does not follow starts no part of the outline: one step per code block.
        let restarted = read(
            "Notes\n\n1. Ideas\n\nA jar:\n\n```swift\nstruct Jar {}\n```\n\nA shelf:\n\n```swift\nstruct Shelf {}\n```\n\n"
                + "1. Exercise\n\nFill it:\n\n```swift\nvar shelf = Shelf()\n```\n")
        XCTAssertEqual(shape(restarted).flatMap { $0 }.count, 3)
    }

    func testNumberedHeadingsUnderASectionAreNoSections() {
        let tutorial = read(
            "# Jars\n\n## Shelf\n\n### 1. Measure\n\n```swift\nlet width = 80\n```\n\n### 2. Cut\n\n"
                + "```swift\nlet board = Board(width: width)\n```\n\n## Jars\n\n```swift\nlet jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Shelf", "Jars"])
        XCTAssertEqual(shape(tutorial), [[1, 1], [1]])
    }

    func testAHeadingInsideALaterPartDoesNotStandAboveASeriesRightUnderTheTitle() {
        // `## Glazes` stands in the later level-1 part, not over `### 1.` and `### 2.`: the series stays the
        // outline right under the title, a one-step section per part, prose-only included.
        let tutorial = read(
            "# Jars\n\n### 1. Measure\n\n```\nwidth = 80\n```\n\n### 2. Choose a glaze\n\nAny will do.\n\n"
                + "# Firing\n\nLoad the kiln:\n\n```sh\nkiln load\n```\n\n## Glazes\n\n- matte\n- gloss\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Measure", "Choose a glaze", "Firing"])
        XCTAssertEqual(shape(tutorial), [[1], [0], [1]])
    }

    func testALoneNumberedHeadingIsNoSeries() {
        let tutorial = read("# Jars\n\n## 1. Why jars\n\nBecause.\n\n## Make one\n\n```swift\nlet jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Make one"])
    }

    func testNumberedLinkHeadingsOverStepHeadingsAreSectionsUnderTheRightTitle() {
        let tutorial = read(
            "# [back](https://example.com)\n\n# [Jars](https://example.com/jars)\n\n"
                + "# 1. [Make a jar](https://example.com/jars#1)\n\n# Step 1\n\nDeclare it.\n\n```swift\nstruct Jar {}\n```\n\n"
                + "# 2. [Fill it](https://example.com/jars#2)\n\n# Step 1\n\nFill.\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.title, "Jars")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Make a jar", "Fill it"])
        XCTAssertEqual(shape(tutorial), [[1], [1]])
    }

    func testChaptersNumberedInTheirOwnTextAreSectionsWithOrWithoutNMSteps() {
        // `## Part N` over `### N.M`: the parts without `N.M` are one step each, prose only or not.
        let parts = read(
            "# Guide\n\n## Part 1 — Setup\n\n### 1.1 Install\n\n```sh\nmake\n```\n\n## Part 2 — Concepts\n\nProse only.\n\n"
                + "## Part 3 — Build\n\n### 3.1 Compile\n\n```sh\nmake build\n```\n\n## Part 4 — Tests\n\n### Unit\n\n"
                + "```sh\nmake test\n```\n\n### UI\n\n```sh\nmake ui\n```\n")
        XCTAssertEqual(shape(parts), [[1], [0], [1], [2]])
        let chinese = read(
            "# 指南\n\n## 一、准备\n\n先读一遍。\n\n## 二、安装\n\n### 2.1 下载\n\n```sh\ncurl x\n```\n\n"
                + "## 三、运行\n\n### 3.1 启动\n\n```sh\nx run\n```\n")
        XCTAssertEqual(shape(chinese), [[0], [1], [1]])
        // Chapters that carry no number of their own leave their unnumbered neighbours as they were.
        let unnumbered = read(
            "# Guide\n\n## Setup\n\n### 1.1 Install\n\n```sh\nmake\n```\n\n## Notes\n\nProse only.\n\n"
                + "## Build\n\n### 2.1 Compile\n\n```sh\nmake build\n```\n")
        XCTAssertEqual(shape(unnumbered), [[1], [1]])
    }

    func testAnOutlineNumberedWithParenthesesIsAnOutline() {
        let tutorial = read(
            "# Quick start\n\n## 1) Install\n\n```sh\npip install x\n```\n\n## 2) Check\n\nLook at the output.\n\n"
                + "## 3) Run\n\n```sh\nx run\n```\n")
        XCTAssertEqual(shape(tutorial), [[1], [0], [1]])
    }

    // MARK: - Numbered lists of steps

    func testANumberedListWithCodeIsOneStepPerItemThatShowsCode() {
        // Without section or step labels, steps are code: `3. Build and run.` shows none, so it is prose.
        let tutorial = read(
            "# Jars\n\n## Make\n\n1. Declare the jar:\n\n   ```swift\n   struct Jar {}\n   ```\n\n2. Fill it.\n\n"
                + "```swift\nvar jar = Jar()\n```\n\n3. Build and run.\n\nThat is all.\n\n```swift\nprint(jar)\n```\n")
        XCTAssertEqual(shape(tutorial), [[1, 1, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.prefix(2).map(\.label), ["1.", "2."])
        XCTAssertNil(tutorial.sections[0].steps[2].label)
    }

    func testAnItemThatOpensWithItsFenceHoldsThatCode() {
        // `3. ```swift` opens the item with its code: the page shows the block inside the item, so the item is a
        // step that holds it, as an item whose code comes under a line of text does.
        let tutorial = read(
            "# Jars\n\n## Make\n\n1. Declare the jar\n\n   ```swift\n   struct Jar {}\n   ```\n\n2. Think it over\n\n"
                + "3. ```swift\n   var jar = Jar()\n   ```\n\n   Then fill it.\n\n4. Test it\n")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["1.", "3."])
        XCTAssertEqual(tutorial.sections[0].steps[1].snippets.map(\.code), ["var jar = Jar()\n"])
    }

    func testCodeAtTheMarginAfterAListWhoseItemsHoldTheirCodeIsAStepOfItsOwn() {
        // The items indent their code into themselves, so a fence at the margin after the last one is not its:
        // it is the code of the sub-heading above it, a step of its own (the last item would hold it only if it
        // said more follows, `3. Test it this way:`).
        let tutorial = read(
            "# Jars\n\n## Make\n\n1. Declare the jar\n\n   ```swift\n   struct Jar {}\n   ```\n\n2. Test it\n\n"
                + "   ```swift\n   assert(Jar() != nil)\n   ```\n\n   #### Many jars\n\n```swift\nlet jars = [Jar(), Jar()]\n```\n")
        XCTAssertEqual(shape(tutorial), [[1, 1, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["1.", "2.", nil])
        let sayingMoreFollows = read(
            "# Jars\n\n## Make\n\n1. Declare the jar\n\n   ```swift\n   struct Jar {}\n   ```\n\n2. Test it this way:\n\n"
                + "```swift\nassert(Jar() != nil)\n```\n")
        XCTAssertEqual(shape(sayingMoreFollows), [[1, 1]])
    }

    func testAnOutlineOfOneItemListsGoesOnPastARepeatedNumber() {
        // `3.` twice in a run of one-item lists at the margin: the author's slip, not a new outline, so the first
        // `3.` still holds its code up to the next item, as every item before the last does.
        let tutorial = read(
            "# Jars\n\n## Make\n\n1. Declare the jar\n```swift\nstruct Jar {}\n```\n2. Make two\n```swift\nlet a = Jar()\n```\n"
                + "```swift\nlet b = Jar()\n```\n3. Fill them\n```swift\nfill(a)\n```\n\nThen the other one.\n\n```swift\nfill(b)\n```\n"
                + "3. Seal them\n```swift\nseal(a)\n```\n4. Done.\n\nThat is all.\n")
        XCTAssertEqual(shape(tutorial), [[1, 2, 2, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["1.", "2.", "3.", "3."])
    }

    func testBracketedStepLabelsWithoutCodeAreTheSteps() {
        // Level-1 labels in full-width brackets over prose only (an editor set-up done by clicking): the labels
        // are the page's steps, one section of prose steps under no title, not a title over nothing.
        let tutorial = read(
            "# 【步骤一】安装外挂\n打开命令面板，输入安装。\n\n小提醒：安装要等一下。\n\n"
                + "# 【步骤二】设置中文\n打开设置，复制默认设置。\n")
        XCTAssertNil(tutorial.title)
        XCTAssertEqual(shape(tutorial), [[0, 0]])
        XCTAssertEqual(tutorial.sections.first?.steps.map(\.label), ["步骤一", "步骤二"])
    }

    func testNumberedHeadingsInsideALeafAreItsDetail() {
        // Chapters numbered `一、`, `二、` over `### N.M` and `#### N.M.K` leaves: a leaf's own sub-headings
        // numbered afresh (`##### 1.1` under `#### 2.3.1`) are its detail, not a second outline that unmakes
        // the chapters; every leaf stays a step, prose ones included.
        let tutorial = read(
            "## 一、简介\n\n### 1.1 定义\n\n一个缓存。\n\n### 1.2 优点\n\n很快。\n\n## 二、数据结构\n\n### 2.1 命令\n\n"
                + "常用命令。\n\n### 2.3 位置\n\n#### 2.3.1 定义\n\n##### **1.1 是什么？**\n\n存经纬度。\n\n##### **1.2 实现**\n\n"
                + "用有序集合。\n\n#### 2.3.2 命令\n\n```bash\ngeoadd places 13.3 38.1 home\n```\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["一、简介", "二、数据结构"])
        XCTAssertEqual(shape(tutorial), [[0, 0], [0, 0, 1]])
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.label), ["1.1", "1.2", "2.1", "2.3.1", "2.3.2"])
    }

    func testAStepWhoseTitleOpensInLowerCaseIsTheOutlinesWhereItsSuccessorFollows() {
        // `### 7.1 redis是什么` could be a quantity by its shape alone (two parts, no dot, a lower-case word):
        // `### 7.2` after it at its level makes it the outline's first step of chapter 七.
        let tutorial = read(
            "## 一、简介\n\n### 1.1 定义\n\n一个缓存。\n\n### 1.2 优点\n\n很快。\n\n## 七、面试题\n\n### 7.1 redis是什么\n\n"
                + "> 一个键值数据库。\n\n### 7.2 优缺点\n\n读写快。\n\n```bash\nredis-cli ping\n```\n")
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.label), ["1.1", "1.2", "7.1", "7.2"])
        XCTAssertEqual(shape(tutorial), [[0, 0], [0, 1]])
        // Alone at its level, such a number is still read as the quantity it may be: no outline step.
        let alone = read("# Scale\n\n## 1. Load\n\n### 1.5 billion rows\n\nMany.\n\n## 2. Store\n\n```sql\nselect 1\n```\n")
        XCTAssertFalse(alone.sections.flatMap(\.steps).contains { $0.label == "1.5" })
    }

    func testTheLastItemOfAnOutlineThatSaysMoreFollowsHoldsWhatFollows() {
        // One-item lists with their code at the margin: `2. Fill it in two ways:` holds both ways.
        let tutorial = read(
            "# Jars\n\n## Make\n\n1. Declare the jar:\n```swift\nstruct Jar {}\n```\n2. Fill it in two ways:\n\nBy hand\n\n"
                + "```swift\nvar a = Jar()\n```\n\nOr by copy\n\n```swift\nlet b = a\n```\n\n## Next\n\nMore jars.\n")
        XCTAssertEqual(shape(tutorial), [[1, 2]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["1.", "2."])
    }

    func testCodeAtTheMarginAfterAListThatIndentsItsCodeIsNoItemsWhereTheNumberingGoesOnAfterIt() {
        // Items 1 and 2 indent their code into themselves; a paragraph and a fence at the margin follow, then a
        // list numbered on from 3. The page shows that fence outside item 2: a step of its own (item 28), not
        // the last item's code as a run of one-item lists would hold it (item 9).
        let items = "Notes:\n\n1. Keep it constant.\n   ```kotlin\n   val a = 1\n   ```\n\n"
            + "2. Infer the type.\n   ```kotlin\n   val b = 2\n   ```\n\n"
        let between = "2a. **A default after a safe call.** Read it as or else.\n\n   ```kotlin\n   val c = s?.length ?: 0\n   ```\n\n"
        let next = "3. Templates.\n   ```kotlin\n   println(\"$a\")\n   ```\n\n4. Defaults.\n   ```kotlin\n   fun f(x: Int = 1) = x\n   ```\n"
        let lettered = read(items + between + next)
        XCTAssertEqual(shape(lettered), [[1, 1, 1, 1, 1]])
        XCTAssertEqual(lettered.sections[0].steps.map(\.label), ["1.", "2.", nil, "3.", "4."])
        // Where the last item says more follows, the fence after it is still its own (item 34).
        let colon = read(items.replacingOccurrences(of: "Infer the type.", with: "Infer the type, or write it:") + between + next)
        XCTAssertEqual(shape(colon), [[1, 2, 1, 1]])
        // A run of one-item lists whose code stands at the margin goes on as before (item 9).
        let run = read(
            "Notes:\n\n1. Keep it constant.\n\n```kotlin\nval a = 1\n```\n\n2. Infer the type.\n\n```kotlin\nval b = 2\n```\n\n"
                + "Or name it:\n\n```kotlin\nval b: Int = 2\n```\n\n3. Templates.\n\n```kotlin\nprintln(\"$a\")\n```\n")
        XCTAssertEqual(shape(run), [[1, 2, 1]])
        XCTAssertEqual(run.sections[0].steps.map(\.label), ["1.", "2.", "3."])
        // A one-item list is that run's first list even where its item indents its code, and even where an
        // empty bullet is all that parts it from a list before it (no block between, so no list's end shows).
        let afterEmptyBullet = read(
            "Notes:\n\n1. Two ways follow.\n2. Pick one.\n\n-\n1. By package\n\n   ```bash\n   apt install keg\n   ```\n\n"
                + "A screenshot.\n\n```bash\nkeg --version\n```\n\n2. By snap\n\n```bash\nsnap install keg\n```\n")
        XCTAssertEqual(shape(afterEmptyBullet), [[2, 1]])
        XCTAssertEqual(afterEmptyBullet.sections[0].steps.map(\.label), ["1.", "2."])
    }

    func testALoneItemThatSaysMoreFollowsHoldsWhatFollowsAsTheLastItemOfARunDoes() {
        // A lone one-item list is item 9's run of one: `1. Lay out the folders:` ends with a colon, so it holds
        // what follows it up to the next heading or list (item 15), the tree and the command both, past a rule.
        let part = "# Kegs\n\n## Steps\n\n### 0. Prepare\n\n"
        let tree = "```text\nkegs/\n└── kegs.toml\n```\n\n"
        let command = "```bash\nmkdir -p kegs/batches\n```\n\n"
        let next = "---\n\n### 1. Run\n\n```bash\nkegs show stout\n```\n"
        let lone = read(part + "1. Lay out the folders:\n\n" + tree + command + next)
        XCTAssertEqual(shape(lone), [[2, 1]])
        XCTAssertEqual(lone.sections[0].steps.map(\.label), ["1.", nil])
        XCTAssertEqual(lone.sections[0].steps[0].title, "Lay out the folders:")
        // Prose between its fences is its own as well.
        let withProse = read(part + "1. Lay out the folders:\n\n" + tree + "Then make them:\n\n" + command + next)
        XCTAssertEqual(shape(withProse), [[2, 1]])
        XCTAssertEqual(withProse.sections[0].steps.map(\.label), ["1.", nil])
        // A lone item that does not say more follows holds only its own blocks: a step per fence after it.
        let ended = read(part + "1. Lay out the folders.\n\n" + tree + command + next)
        XCTAssertEqual(shape(ended), [[1, 1, 1]])
        XCTAssertEqual(ended.sections[0].steps.map(\.label), [nil, nil, nil])
        // Over one fence it reads as before: one step either way.
        let oneFence = read(part + "1. Lay out the folders:\n\n" + tree + next)
        XCTAssertEqual(shape(oneFence), [[1, 1]])
        XCTAssertEqual(oneFence.sections[0].steps.map(\.label), [nil, nil])
        // A bullet labels nothing: a step per fence.
        let bullet = read(part + "- Lay out the folders:\n\n" + tree + command + next)
        XCTAssertEqual(shape(bullet), [[1, 1, 1]])
        XCTAssertEqual(bullet.sections[0].steps.map(\.label), [nil, nil, nil])
        // A bulleted list right after the item is the next list: the item holds none of its fences.
        let bulletsAfter = read(
            part + "1. Name the batch in one of two ways:\n\n* By date\n```bash\nkegs new 2024-06\n```\n* By style\n\n"
                + "```bash\nkegs new stout\n```\n\n" + next)
        XCTAssertEqual(shape(bulletsAfter), [[1, 1, 1]])
        XCTAssertEqual(bulletsAfter.sections[0].steps.map(\.label), [nil, nil, nil])
        // The last item of a longer list whose items indent their code keeps items 28 and 34's reading.
        let indented = read(
            part + "1. Write the settings:\n\n    ```toml\n    name = \"stout\"\n    ```\n\n2. Lay out the folders:\n\n"
                + tree + command + next)
        XCTAssertEqual(shape(indented), [[1, 2, 1]])
        XCTAssertEqual(indented.sections[0].steps.map(\.label), ["1.", "2.", nil])
        // A lone item that indents its own code into itself is no run of one: the fences after it are steps.
        let holdsItsCode = read(
            part + "1. Write the settings and lay out the folders:\n\n    ```toml\n    name = \"stout\"\n    ```\n\n"
                + tree + command + next)
        XCTAssertEqual(shape(holdsItsCode), [[1, 1, 1, 1]])
    }

    func testAStepLabelThatTitlesThePageLabelsNoStepInIt() {
        // `### Step 3: …` over everything names the page (one file of a tutorial in many); its numbered list
        // is read as in a page without labels: the items that show code are the steps.
        let tutorial = read(
            "### Step 3: Pickle the jars\n\n#### Instructions\n\n1. **Wash the jars**:\n   - Use hot water.\n\n"
                + "2. **Write the brine**:\n   ```python\n   brine = salt + water\n   ```\n\n3. **Label them**:\n   - By hand.\n\n"
                + "4. **Seal them**:\n   ```python\n   seal(jars)\n   ```\n\n#### Tips\n\n- Keep them cool.\n")
        XCTAssertEqual(tutorial.title, "Step 3: Pickle the jars")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["2.", "4."])
    }

    func testASectionLabelThatTitlesThePageIsItsTitle() {
        // `# 第 4 节：…` (section 4) over the page's own parts: one lesson of a course per file.
        let lesson = read(
            "# 第 4 节：腌制\n\n## 资料\n\n- 链接\n\n## 笔记\n\n```sh\nwash jars\n```\n\n```sh\nseal jars\n```\n")
        XCTAssertEqual(lesson.title, "第 4 节：腌制")
        XCTAssertEqual(lesson.sections.map(\.title), ["笔记"])
        XCTAssertEqual(shape(lesson), [[1, 1]])
        // Where several headings carry the label, they are the page's sections.
        let sections = read(
            "# Section 1: Wash\n\n## Rinse\n\n```sh\nrinse\n```\n\n# Section 2: Seal\n\n## Close\n\n```sh\nclose\n```\n")
        XCTAssertNil(sections.title)
        XCTAssertEqual(sections.sections.map(\.title), ["Wash", "Seal"])
    }

    func testANumberedListWithCodeOnlyAfterItIsProse() {
        let tutorial = read("# Jars\n\n## Make\n\nTwo fields:\n\n1. the size,\n2. the lid.\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(shape(tutorial), [[1]])
        XCTAssertNil(tutorial.sections[0].steps[0].label)
    }

    /// A study note without code: numbered sections, each with its numbered instructions. However its
    /// sections are labelled (a word and a number in any language, `Section N`, `N.`), each list is its
    /// section's steps, weighed within the section, and a numbered section is no step of its own.
    func testNumberedInstructionsUnderNumberedSectionsAreTheirSteps() {
        let body = ": Plant\n\nWe start outside.\n\n1. Dig a hole.\n2. Drop a seed.\n3. Cover it.\n4. Water it.\n\n"
        let second = ": Wait\n\nThen patience.\n\n1. Check the soil daily.\n2. Water when dry.\n3. Pull the weeds.\n\n"
        let third = ": Harvest\n\n1. Pick the ripe ones.\n2. Wash them.\n3. Dry them.\n4. Store them.\n5. Share them.\n"
        for (opening, separator) in [("## Abschnitt ", ""), ("## Section ", ""), ("## ", ".")] {
            let text = "# Garden notes\n\nWhat I followed.\n\n" + opening + "1" + separator + body + opening + "2"
                + separator + second + opening + "3" + separator + third
            let tutorial = read(separator.isEmpty ? text : text.replacingOccurrences(of: ".: ", with: ". "))
            XCTAssertEqual(tutorial.sections.map { $0.steps.count }, [4, 3, 5], opening)
            XCTAssertEqual(tutorial.sections.first?.steps.first?.label, "1.", opening)
        }
    }

    func testAShortListUnderAnUnnumberedHeadingOfAProsePageStaysProse() {
        let tutorial = read(
            "# Garden notes\n\nWhy I garden, at length.\n\nIt calms me.\n\nIt feeds me.\n\nIt takes me outside.\n\n"
                + "It teaches patience.\n\nIt costs little.\n\nIt is slow.\n\n## Things to try\n\n"
                + "1. Beans.\n2. Peas.\n3. Kale.\n")
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).count, 0)
    }

    func testAWordSeriesMustCountFromOneWithOneWord() {
        let blocks = [("Teil 1: Plan", 2), ("Teil 3: Build", 2), ("Part 1: Show", 3), ("Kapitel 2", 3)].map { text, level in
            OutlineBlock(kind: .heading(level: level), text: text, range: SourceRange(start: 0, end: 0))
        }
        XCTAssertTrue(OutlineNumbering.labelledWordSeries(blocks).allSatisfy { $0.label == nil })
    }

    func testANumberedListInsideALabelledStepIsItsDetail() {
        let tutorial = read(
            "# Jars\n\n### Step 1\n\nDo two things:\n\n1. Declare it:\n\n   ```swift\n   struct Jar {}\n   ```\n\n"
                + "2. Use it:\n\n   ```swift\n   let jar = Jar()\n   ```\n")
        XCTAssertEqual(shape(tutorial), [[2]])
        XCTAssertEqual(tutorial.sections[0].steps[0].label, "Step 1")
    }

    func testANumberedItemInABulletHoldsItsCodeAsAtTheMargin() {
        // `- The writer side` over `1.` to `3.`, item 2 holding two fences in bullets of its own: item 2 is one
        // step holding both, as it would be at the margin (counting conventions item 38); items 1 and 3 show no
        // code, so they are no steps in a page without labels, and the next bullet's code is a step of its own.
        let list =
            "- The writer side\n\n  1. it checks the reader\n\n  2. it copies the bytes:\n\n     - ```c\n       copy(buf);\n"
            + "       ```\n\n     - ```c\n       wake(reader);\n       ```\n\n  3. it returns\n\n- Afterwards\n\n"
            + "  ```c\n  close(fd);\n  ```\n"
        let tutorial = read("# Pipes\n\n## Write\n\n" + list)
        XCTAssertEqual(shape(tutorial), [[2, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["2.", nil])
        XCTAssertEqual(tutorial.sections[0].steps.first?.title, "it copies the bytes:")
        // Inside a step the author labelled, the list is that step's detail (item 14), nested or not.
        let labelled = read("# Pipes\n\n### Step 1\n\n" + list)
        XCTAssertEqual(shape(labelled), [[3]])
        XCTAssertEqual(labelled.sections[0].steps.map(\.label), ["Step 1"])
        // An MkDocs tab is no bullet, though the reader parses its marker as one: its list is read as before.
        let tab = read(
            "# Pipes\n\n## Write\n\n=== \"Linux\"\n\n    1. it checks the reader\n\n    2. it copies the bytes:\n\n"
                + "        ```c\n        copy(buf);\n        ```\n\n        ```c\n        wake(reader);\n        ```\n\n"
                + "    3. it returns\n")
        XCTAssertEqual(shape(tab), [[1, 1]])
        XCTAssertEqual(tab.sections[0].steps.map(\.label), [nil, nil])
    }

    func testAStepWordBeforeAnOutlineNumberLabelsAnOutlineStep() {
        // `### Step 2.1:` under `## 2.` is the outline's step 2.1, as `### 2.1` would be: the part holds its
        // steps, a part without them is one step, and a prose part of the outline a prose step.
        let tutorial = read(
            "# Jars\n\n## 1. Setup\n\n```sh\nls\n```\n\n```sh\npwd\n```\n\n## 2. Build\n\n### Step 2.1: Declare\n\n"
                + "```swift\nstruct Jar {}\n```\n\n### Step 2.2: Fill\n\n```swift\nvar jar = Jar()\n```\n\n```swift\njar.fill()\n```\n\n"
                + "## 3. Notes\n\nProse only.\n")
        XCTAssertEqual(shape(tutorial), [[2], [1, 2], [0]])
        XCTAssertEqual(tutorial.sections.dropFirst().first?.steps.map(\.label), ["2.1", "2.2"])
        XCTAssertEqual(tutorial.sections.dropFirst().first?.steps.map(\.title), ["Declare", "Fill"])
    }

    func testAStepLabelInsideALabelledStepIsItsDetail() {
        // `#### Step 3-1 Explanation` under `## Step 3:`: the author's steps are the shallowest labels; a label
        // inside one of them names a part of that step, as a numbered list inside it does.
        let tutorial = read(
            "# Jars\n\n## Step 1: Install\n\nRun the installer.\n\n## Step 2: Check it runs\n\n```sh\njar --version\n```\n\n"
                + "#### Step 2 Explanation\n\nIt prints the version.\n\n## Step 3: Make a jar\n\n### Declare it\n\n"
                + "```swift\nstruct Jar {}\n```\n\n#### Step 3-1 Explanation\n\nA jar.\n\n### Fill it\n\n```swift\nvar jar = Jar()\n```\n\n"
                + "#### Step 3-2 Explanation\n\nFilled.\n")
        XCTAssertEqual(shape(tutorial), [[0, 1, 2]])
        XCTAssertEqual(tutorial.sections.first?.steps.map(\.label), ["Step 1", "Step 2", "Step 3"])
        // Labels at one level under unlabelled parts stay steps.
        let parts = read("# Jars\n\n## Setup\n\n### Step 1\n\n```sh\nls\n```\n\n### Step 2\n\n```sh\npwd\n```\n")
        XCTAssertEqual(shape(parts), [[1, 1]])
    }

    func testALetteredSubPartNumbersAnOutlineStep() {
        // `### 2a.` under `## 2.` is the outline's step 2.1, as `### 2.1` would be (counting conventions item 23):
        // part 2 holds its steps, the other parts are one step each however many blocks they hold.
        let tutorial = read(
            "# Jars\n\n## 1. Connect\n\n```sh\nssh jar\n```\n\n```sh\nls\n```\n\n## 2. First-time setup\n\n### 2a. Build\n\n"
                + "```sh\nmake\n```\n\n```sh\nmake check\n```\n\n### 2b. Install\n\n```sh\nmake install\n```\n\n## 3. Paths\n\nA table.\n")
        XCTAssertEqual(shape(tutorial), [[2], [2, 1], [0]])
        XCTAssertEqual(tutorial.sections.dropFirst().first?.steps.map(\.title), ["Build", "Install"])
        XCTAssertEqual(OutlineNumbering.outlineNumber("4e. Create tmp")?.parts, [4, 5])
        XCTAssertNil(OutlineNumbering.outlineNumber("3D. Models"))
        XCTAssertNil(OutlineNumbering.outlineNumber("4a Build"))
    }

    // MARK: - Level-1 parts that group sections where no level-1 heading titles the page

    func testAFrontMatterPagesLevelOnePartWithoutCodeOfItsOwnGroupsItsPartsWithCode() {
        // The front matter names the page; `# About` is prose, `# Quickstart` holds code only under its `##`
        // parts: those are the sections (counting conventions items 9 and 12), a step per fence, the `###`
        // file topics inside a section labelling nothing (item 7), a part without code no section.
        let quickstart =
            "# Quickstart\n\n## Prepare\n\n- Install it:\n\n  ```sh\n  pip install jarctl\n  ```\n\n## Make the shelf\n\n"
            + "```sh\nmkdir shelf\n```\n\n### jar.cfg\n\n```ini\nsize = 2\n```\n\n### lid.cfg\n\n```ini\nthread = 1\n```\n\n"
            + "## Fill\n\n```sh\njarctl fill\n```\n\n## Notes\n\nNothing else to type.\n"
        let front = "---\ntitle: jarctl notes\n---\n\n# About\n\njarctl fills jars; see [its page](https://example.com).\n\n"
        let tutorial = read(front + quickstart)
        XCTAssertEqual(tutorial.title, "jarctl notes")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Prepare", "Make the shelf", "Fill"])
        XCTAssertEqual(shape(tutorial), [[1], [1, 1, 1], [1]])
        // A level-1 part with code of its own before any deeper heading stays one section (item 9's fourth
        // choice), its `##` parts topics inside it.
        let own = read(front + "# Quickstart\n\n```sh\njarctl --version\n```\n\n## Fill\n\n```sh\njarctl fill\n```\n")
        XCTAssertEqual(own.title, "jarctl notes")
        XCTAssertEqual(own.sections.map(\.title), ["Quickstart"])
        XCTAssertEqual(shape(own), [[1, 1]])
        // A page a level-1 heading titles reads as before: its `##` parts are the sections.
        let titled = read("# jarctl notes\n\nA short page.\n\n" + quickstart.replacingOccurrences(of: "# Quickstart\n\n", with: ""))
        XCTAssertEqual(titled.title, "jarctl notes")
        XCTAssertEqual(titled.sections.map(\.title), ["Prepare", "Make the shelf", "Fill"])
        XCTAssertEqual(shape(titled), [[1], [1, 1, 1], [1]])
    }

    func testABoldLevelOnePartBesideLabelledStepsGroupsItsNumberedTopics() {
        // No heading titles the page (a `##` introduction, then bold level-1 parts side by side). The first part
        // holds `Step N` labels: one section of labelled steps. The others hold no code of their own, only under
        // numbered `###` topics, some holding two fences: the topics of a note (items 9 and 10), each part with
        // code a section with a step per fence, a part without code none.
        let steps =
            "## Why jars\n\nJars keep things.\n\n# **How it works (Step-by-Step)**\n\n## **Step 1: Install**\n\n"
            + "```sh\npip install jarctl\n```\n\n## **Step 2: Fill**\n\n```sh\njarctl fill\n```\n\n"
        let more =
            "# **More**\n\n### **1. Lids**\n\n```sh\njarctl lid\n```\n\n```sh\njarctl lid --tight\n```\n\n"
            + "### **2. Labels**\n\n```sh\njarctl label jam\n```\n\n# **Questions**\n\n### **1. What is a jar?**\n\n"
            + "A glass.\n\n### **2. How do you empty one?**\n\n```sh\njarctl empty\n```\n\n```sh\njarctl empty --all\n```\n"
        let tutorial = read(steps + more)
        XCTAssertNil(tutorial.title)
        XCTAssertEqual(
            tutorial.sections.map(\.title),
            ["How it works (Step-by-Step)", "1. Lids", "2. Labels", "2. How do you empty one?"])
        XCTAssertEqual(shape(tutorial), [[1, 1], [1, 1], [1], [1, 1]])
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.label), ["Step 1", "Step 2", nil, nil, nil, nil, nil])
        // A part with code of its own before its topics stays one section, a step per fence.
        let own = read(steps + "# **More**\n\n```sh\njarctl --help\n```\n\n### **1. Lids**\n\n```sh\njarctl lid\n```\n")
        XCTAssertEqual(own.sections.map(\.title), ["How it works (Step-by-Step)", "More"])
        XCTAssertEqual(shape(own), [[1, 1], [1, 1]])
        // A part whose labelled steps hold topics with code stays the labels' section.
        let topics = read(
            "## Why jars\n\nJars keep things.\n\n# **How it works**\n\n## **Step 1: Install**\n\n### Details\n\n"
                + "```sh\npip install jarctl\n```\n\n## **Step 2: Fill**\n\n```sh\njarctl fill\n```\n\n" + more)
        XCTAssertEqual(topics.sections.first?.title, "How it works")
        XCTAssertEqual(topics.sections.first?.steps.map(\.label), ["Step 1", "Step 2"])
        // A page a level-1 heading titles (a part before its first label heads it) reads as before: each later
        // level-1 part is one section, a step per fence.
        let titled = read(
            "# Jars\n\n## Before you start\n\nYou need pip.\n\n## Step 1: Install\n\n```sh\npip install jarctl\n```\n\n"
                + "## Step 2: Fill\n\n```sh\njarctl fill\n```\n\n" + more)
        XCTAssertEqual(titled.title, "Jars")
        XCTAssertEqual(titled.sections.map(\.title), ["Jars", "More", "Questions"])
        XCTAssertEqual(shape(titled), [[1, 1], [1, 1, 1], [1, 1]])
    }

    // MARK: - Hugo

    func testTOMLFrontMatterGivesTheTitle() {
        let tutorial = read("+++\ntitle = \"Jars in Swift\"\ndraft = false\n+++\n\n## Make\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(tutorial.title, "Jars in Swift")
        XCTAssertEqual(shape(tutorial), [[1]])
    }

    func testHighlightShortcodesAreCodeWithTheirLanguage() throws {
        let tutorial = read(
            "# Jars\n\n## Make\n\nDeclare it:\n\n{{< highlight swift \"linenos=table\" >}}\n# not a heading\nstruct Jar {}\n"
                + "{{< /highlight >}}\n\nFill it:\n\n{{% code lang=\"swift\" %}}\nvar jar = Jar()\n{{% /code %}}\n")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        let first = try XCTUnwrap(tutorial.sections.first?.steps.first?.snippets.first)
        XCTAssertEqual(first.language, "swift")
        XCTAssertEqual(first.code, "# not a heading\nstruct Jar {}\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Make"])
    }

    func testShortcodeTags() {
        XCTAssertEqual(
            MarkdownShortcodes.tag("{{< highlight swift >}}"),
            MarkdownShortcodes.Tag(name: "highlight", closing: false, language: "swift"))
        XCTAssertEqual(
            MarkdownShortcodes.tag("  {{< /highlight >}}"),
            MarkdownShortcodes.Tag(name: "highlight", closing: true, language: nil))
        XCTAssertEqual(MarkdownShortcodes.tag("{{< code language=\"Swift\" >}}")?.language, "swift")
        XCTAssertNil(MarkdownShortcodes.tag("{{< figure src=\"jar.png\" >}}"))
        XCTAssertNil(MarkdownShortcodes.tag("{{ .Title }}"))
    }

    func testANumberedPartBesideOutlineStepsIsOneStepWithItsTopics() {
        // `## 1.` holds no `N.M` step while `## 2.` does: part 1 is one step, its sub-headings topics in it.
        let tutorial = read(
            "# Jars\n\n## 1. Prepare\n\n### Hardware\n\nA shelf.\n\n### Check\n\n```sh\nls\n```\n\n```sh\npwd\n```\n\n"
                + "## 2. Build\n\n### 2.1 Declare\n\n```swift\nstruct Jar {}\n```\n\n### 2.2 Fill\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(shape(tutorial), [[2], [1, 1]])
        XCTAssertEqual(tutorial.sections.first?.steps.first?.title, "Prepare")
    }

    func testNumberedPartsBesideStepLabelsHaveAStepPerCodeBlock() {
        // Only `### Step N` headings label steps: a numbered part without them has a step per code block.
        let tutorial = read(
            "# Jars\n\n## 1. Setup\n\n### Install\n\n```sh\nmake\n```\n\n### Verify\n\n```sh\nmake test\n```\n\n"
                + "## 2. A new jar\n\n### Step 1: Declare\n\n```swift\nstruct Jar {}\n```\n\n### Step 2: Fill\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(shape(tutorial), [[1, 1], [1, 1]])
        XCTAssertEqual(tutorial.sections.last?.steps.map(\.label), ["Step 1", "Step 2"])
    }

    func testAPlainStepLabelContinuingTheLabelledStepsIsAStep() {
        let tutorial = read(
            "## Jars\n\n#### Step 1: Declare\n\n```\nenum Kind { case all }\n```\n\n#### Step 2: Make the source\n\n"
                + "```\nlet source = 1\n```\n\nAdd this too:\n\n```\nlazy var s = 2\n```\n\nStep 3: Apply a snapshot.\n\n```\napply()\n```\n")
        XCTAssertEqual(shape(tutorial), [[1, 2, 1]])
        XCTAssertEqual(tutorial.sections.first?.steps.map(\.label), ["Step 1", "Step 2", "Step 3"])
        // Without other labels, or out of the series, the sentence stays prose.
        XCTAssertEqual(read("# Jars\n\nStep 1: a sentence.\n\n```swift\nlet a = 1\n```\n").steps.map(\.label), [nil])
        let skipped = read(
            "# Jars\n\n## Step 1\n\n```swift\nlet a = 1\n```\n\nStep 5: not the next one.\n\n```swift\nlet b = 2\n```\n")
        XCTAssertEqual(skipped.steps.map(\.label), ["Step 1"])
    }

    func testStepLabelsPastedWithoutBlankLinesStartTheirOwnSteps() {
        // A guide whose `Step N:` lines follow the last line of the step before, no blank line between.
        let separate = (1...8).map { "Step \($0): Part \($0)\nDo part \($0).\n\n" }.joined()
        let tutorial = read(
            "# Build a PC\n\n" + separate + "Step 9: Storage\nSeat the drive.\n"
                + "Step 10: Graphics\nSeat the card.\nStep 11: Cables\nPlug them in.\n")
        XCTAssertEqual(tutorial.steps.map(\.labelNumber), Array(1...11))
        // A paragraph's step is titled by its text: each pasted part keeps only its own lines.
        XCTAssertEqual(tutorial.steps.suffix(3).map(\.title), ["Storage Seat the drive.", "Graphics Seat the card.", "Cables Plug them in."])
        // Only a line numbered right after the label before it, in a paragraph that opens with a label.
        let prose = read("# Jars\n\nFill the jar first, as\nStep 2: of the book says.\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(prose.steps.map(\.label), [nil])
        let skipped = read("# Jars\n\nStep 1: Lids\nPut the lid on.\nStep 3: Shelves\nStill the first step.\n\nStep 2: Fill\nFill it.\n")
        XCTAssertEqual(skipped.steps.map(\.label), ["Step 1", "Step 2"])
    }

    func testAHeadingLabelSetOffByACommaLabelsItsStep() {
        let tutorial = read(
            "# Git\n\n## Step 1, Fork the repository\n\nFork it on the site.\n\n## Step 2, clone it\n\n"
                + "```sh\ngit clone URL\n```\n\n```sh\ncd repo\n```\n")
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1", "Step 2"])
        XCTAssertEqual(shape(tutorial), [[0, 2]])
    }

    func testAStepHeadingInASeriesLabelsItsStepWhateverCaseItsTitleOpensWith() {
        // `## Step 2 fill the jar` between `## Step 1` and `## Step3 Shelf` is the author's label, its title
        // in lower case: the numbered items under it are its detail, not steps of their own.
        let tutorial = read(
            "# Jars\n\n## Step 1\n\n1. Make the folder:\n\n        mkdir jars\n\n## Step 2 fill the jar\n\n"
                + "1. Declare it:\n\n        struct Jar {}\n\n2. Fill it:\n\n        var jar = Jar()\n\n"
                + "## Step3 Shelf\n\n1. Place it:\n\n        shelf.add(jar)\n")
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1", "Step 2", "Step3"])
        XCTAssertEqual(tutorial.steps.dropFirst().first?.title, "fill the jar")
        XCTAssertEqual(shape(tutorial), [[1, 2, 1]])
        // The last heading of the series, numbered after the one before it, is labelled as well.
        let last = read(
            "# Jars\n\n## Step 1 Declare\n\n```swift\nstruct Jar {}\n```\n\n"
                + "## Step 2 fill it\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(last.steps.map(\.label), ["Step 1", "Step 2"])
        // Out of a series (alone, at another level than the labelled ones, or not numbered next to them) the
        // heading reads as a sentence, and so does a paragraph in a labelled series.
        let alone = read("# Jars\n\n## Step 2 is where it fills\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(alone.steps.map(\.label), [nil])
        let deeper = read(
            "# Jars\n\n## Step 1 Declare\n\n```swift\nstruct Jar {}\n```\n\n"
                + "### Step 2 is where it fills\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(deeper.steps.map(\.label), ["Step 1"])
        let skipped = read(
            "# Jars\n\n## Step 1 Declare\n\n```swift\nstruct Jar {}\n```\n\n"
                + "## Step 5 is the last one\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(skipped.steps.map(\.label), ["Step 1", nil])
        let paragraph = read(
            "# Jars\n\n## Step 1 Declare\n\n```swift\nstruct Jar {}\n```\n\n"
                + "Step 2 is where it fills.\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(paragraph.steps.map(\.label), ["Step 1"])
    }

    func testBoldStepLabelsWithAHyphenBeforeTheNumberAreLabels() {
        // `**Step-1** \` then the instruction on the next line (a hard break), as course notes write them.
        let tutorial = read(
            "## Jars\n\n**Step-1** \\\nClone the shelf\n```bash\ngit clone shelf\n```\n\n**Step-2** \\\nSave the file.\n\n"
                + "**Step-3** \\\nBuild it\n```bash\nmake\n```\n")
        XCTAssertEqual(shape(tutorial), [[1, 0, 1]])
        XCTAssertEqual(tutorial.sections.first?.steps.map(\.label), ["Step-1", "Step-2", "Step-3"])
    }

    func testJekyllLiquidCodeTagsAreCodeWithTheirLanguage() throws {
        let tutorial = read(
            "---\ntitle: 3.2 Jars\n---\n\nDeclare it:\n\n{% highlight swift linenos %}\n# not a heading\nstruct Jar {}\n"
                + "{% endhighlight %}\n\nFill it:\n\n{% codeblock Jar.swift lang:swift %}\nvar jar = Jar()\n{% endcodeblock %}\n\n"
                + "{% raw %}\n{{ not code }}\n{% endraw %}\n")
        XCTAssertEqual(tutorial.title, "3.2 Jars")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        let first = try XCTUnwrap(tutorial.sections.first?.steps.first?.snippets.first)
        XCTAssertEqual(first.language, "swift")
        XCTAssertEqual(first.code, "# not a heading\nstruct Jar {}\n")
    }

    func testLiquidTags() {
        XCTAssertEqual(
            MarkdownShortcodes.tag("{% highlight Swift linenos %}"),
            MarkdownShortcodes.Tag(name: "highlight", closing: false, language: "swift"))
        XCTAssertEqual(
            MarkdownShortcodes.tag(" {% endhighlight %}"),
            MarkdownShortcodes.Tag(name: "highlight", closing: true, language: nil))
        XCTAssertEqual(MarkdownShortcodes.tag("{% codeblock Title lang:ruby %}")?.language, "ruby")
        XCTAssertNil(MarkdownShortcodes.tag("{% codeblock Title %}")?.language)
        XCTAssertNil(MarkdownShortcodes.tag("{% raw %}"))
        XCTAssertNil(MarkdownShortcodes.tag("{% include note.html %}"))
        XCTAssertNil(MarkdownShortcodes.tag("{% endhighlight extra %}"))
    }

    func testAnUnclosedShortcodeStaysText() {
        let tutorial = read("# Jars\n\n## Make\n\n{{< highlight swift >}}\nstruct Jar {}\n")
        XCTAssertEqual(shape(tutorial), [])
    }

    // MARK: - MkDocs admonitions and content tabs

    func testFencesInsideAdmonitionsAndTabsAreCodeAtTheirOwnPlace() throws {
        let text =
            "# Jars\n\n## Declare\n\nWrite it.\n\n??? example \"Source\"\n    ```swift\n    struct Jar {\n\n        var n = 0\n    }\n    ```\n\n"
            + "## Fill\n\n=== \"Swift\"\n\n    ```swift\n    var jar = Jar()\n    ```\n\n???+ tip \"Print\"\n\n    ```swift\n    print(jar)\n    ```\n"
        let tutorial = read(text)
        XCTAssertEqual(shape(tutorial), [[1], [1, 1]])
        let first = try XCTUnwrap(tutorial.sections.first?.steps.first?.snippets.first)
        XCTAssertEqual(first.code, "struct Jar {\n\n    var n = 0\n}\n")
        XCTAssertEqual(tutorial.sections.first?.steps.first?.title, "Write it.")
        // Each code byte maps to the document byte it was read from, four columns in.
        let bytes = Array(text.utf8)
        let code = Array(first.code.utf8)
        for offset in code.indices where code[offset] != 0x0A {
            XCTAssertEqual(bytes[first.sourceMap.documentOffset(forCodeOffset: offset)], code[offset])
        }
        XCTAssertEqual(tutorial.sections[1].steps.map { $0.snippets.first?.code }, ["var jar = Jar()\n", "print(jar)\n"])
    }

    func testAMarkerUnderProseInsideAFenceOrWithoutAnIndentedBodyStaysAsWritten() {
        let tutorial = read(
            "# Jars\n\n## Make\n\nSome prose\n!!! note \"Not a box\"\n    ```swift\n    let a = 1\n    ```\n\n"
                + "```text\n!!! note \"In a fence\"\n    kept\n```\n\n!!! warning \"No body\"\n\nText.\n")
        XCTAssertEqual(shape(tutorial), [[1]])
        XCTAssertEqual(tutorial.sections.first?.steps.first?.snippets.first?.code, "!!! note \"In a fence\"\n    kept\n")
    }

    func testMarkersNestInsideTabsAndListItemsAtTheirContentColumn() {
        let text = "# Jars\n\n## Get it\n\n=== \"Terminal\"\n\n    === \"Commands\"\n\n"
            + "        1. Download.\n        ```sh\n        curl -LO jars.tgz\n        ```\n\n"
            + "        2. Unpack.\n        ```sh\n        tar xzf jars.tgz\n        ```\n\n"
            + "## Fill\n\n1. Create it.\n\n    !!! tip \"Shelf\"\n"
            + "        ```swift\n        var jar = Jar()\n        ```\n\n"
            + "  !!! note \"Two spaces in\"\n      ```swift\n      let kept = 1\n      ```\n"
        let tutorial = read(text)
        XCTAssertEqual(shape(tutorial), [[1, 1], [1]])
        XCTAssertEqual(
            tutorial.sections.first?.steps.map { $0.snippets.first?.code },
            ["curl -LO jars.tgz\n", "tar xzf jars.tgz\n"])
        XCTAssertEqual(tutorial.sections.last?.steps.first?.snippets.first?.code, "var jar = Jar()\n")
    }

    func testAMarkerUnderAOneLineAnchorOpensItsBoxOrTab() throws {
        // Prose in tabs under an anchor line, in a page that fences nothing: no indented code.
        let prose = read(
            "# Jars\n\n## Get one\n\n??? tip \"Mirrors\"\n\n    <div id=\"official\"></div>\n    === \"Official\"\n\n"
                + "        - Pick the stable archive.\n\n    <span id=community></span>\n    === \"Community\"\n\n"
                + "        1. Open the list.\n\n## Fill\n\nFill it.\n")
        XCTAssertEqual(shape(prose), [])
        // A fence in a tab under an anchor is code at its own place.
        let text =
            "# Jars\n\n## Use\n\n<a name=\"swift\"></a>\n=== \"Swift\"\n\n"
            + "    ```swift\n    let jar = Jar()\n    ```\n"
        let tutorial = read(text)
        XCTAssertEqual(shape(tutorial), [[1]])
        let snippet = try XCTUnwrap(tutorial.sections.first?.steps.first?.snippets.first)
        XCTAssertEqual(snippet.code, "let jar = Jar()\n")
        XCTAssertEqual(Array(text.utf8)[snippet.sourceMap.documentOffset(forCodeOffset: 0)], UInt8(ascii: "l"))
    }

    func testAMarkerUnderAnOpeningTagAnElementWithTextOrAnAnchorInProseStaysAsWritten() {
        let tutorial = read(
            "# Jars\n\n## Use\n\n<details>\n=== \"Swift\"\n\n    ```swift\n    let jar = Jar()\n    ```\n\n"
                + "## Fill\n\nSome prose\n<a name=\"fill\"></a>\n=== \"Swift\"\n\n    ```swift\n    jar.fill()\n    ```\n\n"
                + "## Shake\n\n<span>Shake it</span>\n=== \"Swift\"\n\n    ```swift\n    jar.shake()\n    ```\n")
        XCTAssertEqual(shape(tutorial), [[1], [1], [1]])
        XCTAssertEqual(
            tutorial.sections.map { $0.steps.first?.snippets.first?.code.hasPrefix("```swift\n") },
            [true, true, true])
    }

    func testEmptyElementsAloneOnTheirLine() {
        for line in [
            "<div id=\"x\"></div>", "<a name=\"x\"></a>  ", "<span id=x></span>", "<A NAME='a>b'></a>", "<div></div >",
        ] {
            XCTAssertTrue(MarkdownAdmonitions.isEmptyElement(ArraySlice(line.utf8)), line)
        }
        for line in ["<details>", "</div>", "<span>Note</span>", "<img src=\"x.png\" />", "<div id=x></span>",
            "<div></div> text", "<!-- x --><!-- y -->", "<div><div></div></div>", "text <a></a>"] {
            XCTAssertFalse(MarkdownAdmonitions.isEmptyElement(ArraySlice(line.utf8)), line)
        }
    }

    func testAdmonitionMarkers() {
        for marker in ["!!! note", "??? example \"Source code\"", "???+ tip", "=== \"Swift\""] {
            XCTAssertTrue(MarkdownAdmonitions.isMarker(ArraySlice(marker.utf8)), marker)
        }
        for line in ["!!!", "!!! ", "!!note", "???- tip", "==== x", "=== ", "  !!! note", "!?! x"] {
            XCTAssertFalse(MarkdownAdmonitions.isMarker(ArraySlice(line.utf8)), line)
        }
    }

    // MARK: - A title set off by emphasis

    func testAnEmphasisedFirstLineTitlesADocumentWithoutOne() {
        XCTAssertEqual(read("*Day 3 • jars*\n\n## Make\n\n```swift\nstruct Jar {}\n```\n").title, "Day 3 • jars")
    }

    func testAnEmphasisedLaterLineIsNoTitle() {
        XCTAssertNil(read("Intro.\n\n*Day 3 • jars*\n\n## Make\n\n```swift\nstruct Jar {}\n```\n").title)
        XCTAssertEqual(read("*Day 3*\n\n# Jars\n\n## Make\n\n```swift\nstruct Jar {}\n```\n").title, "Jars")
    }
}
