import Foundation
import TutorialModel

// tutorial-bench: figures of tutorial-check's speed, each beside a reference measured in the same
// run, over a corpus generated deterministically from a seed. Run with `swift run -c release tutorial-bench`.

let seed: UInt64 = 20_261_130
let quick = CommandLine.arguments.contains("--quick")
let corpusSize = quick ? 100 : 1000

// `--write-corpus DIR` writes the small tutorial and the first ten corpus documents for profiling
// the real binary (for example under valgrind --tool=callgrind), then stops.
if let flag = CommandLine.arguments.firstIndex(of: "--write-corpus"), flag + 1 < CommandLine.arguments.count {
    let directory = CommandLine.arguments[flag + 1]
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for index in 0..<10 {
        let tutorial = generateTutorial(name: "Tutorial \(index)", seed: seed + 100 + UInt64(index), targetBytes: 30_000)
        try? tutorial.markdown.write(toFile: "\(directory)/tutorial-\(index).md", atomically: true, encoding: .utf8)
        try? tutorial.html.write(toFile: "\(directory)/tutorial-\(index).html", atomically: true, encoding: .utf8)
    }
    let large = generateTutorial(name: "Large tutorial", seed: seed + 1, targetBytes: 1_000_000)
    try? large.markdown.write(toFile: "\(directory)/large.md", atomically: true, encoding: .utf8)
    print("wrote 21 documents to \(directory)")
    exit(0)
}

var report = Report()
// `--process-only` measures only the real binary (cold lint, server memory), after a change to it.
let processOnly = CommandLine.arguments.contains("--process-only")
print("# tutorial-bench (seed \(seed), corpus of \(corpusSize) documents of 30 KB)")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB")

let small = generateTutorial(name: "Small tutorial", seed: seed, targetBytes: 30_000)
let large = generateTutorial(name: "Large tutorial", seed: seed + 1, targetBytes: 1_000_000)
let corpus = (0..<corpusSize).map { generateTutorial(name: "Tutorial \($0)", seed: seed + 100 + UInt64($0), targetBytes: 30_000) }
let corpusMarkdownBytes = corpus.reduce(0) { $0 + $1.markdown.utf8.count }
let corpusHTMLBytes = corpus.reduce(0) { $0 + $1.html.utf8.count }
let finalSources = corpus.flatMap { $0.finalFiles.values.sorted() }

if processOnly {
    processFigures(&report)
    exit(0)
}

report.heading("Corpus")
report.figure("small tutorial (Markdown)", "\(small.markdown.utf8.count / 1000) KB, \(small.stepCount) steps", reference: "target 30 KB, ~25 steps")
report.figure("large tutorial (Markdown)", "\(large.markdown.utf8.count / 1000) KB, \(large.stepCount) steps", reference: "target 1 MB, ~700 steps")
report.figure("corpus", "\(corpus.count) docs, \(corpusMarkdownBytes / 1_000_000) MB md, \(corpusHTMLBytes / 1_000_000) MB html", reference: "target 1,000 × 30 KB")

report.heading("The floor")
let markdownFloor = bestTime { Floor.parseMarkdown(corpus.map(\.markdown)) }
report.figure("cmark-gfm parse of the Markdown corpus", milliseconds(markdownFloor), reference: megabytesPerSecond(corpusMarkdownBytes, markdownFloor))
let htmlParseFloor = bestTime { Floor.parseHTML(corpus.map(\.html)) }
report.figure("libxml2 parse of the HTML corpus", milliseconds(htmlParseFloor), reference: megabytesPerSecond(corpusHTMLBytes, htmlParseFloor))
var swiftBytes = 0
let swiftFloor = bestTime(repetitions: 1) { swiftBytes = Floor.parseSwift(finalSources) }
report.figure("SwiftParser parse of final file states", milliseconds(swiftFloor), reference: megabytesPerSecond(swiftBytes, swiftFloor))
let floor = markdownFloor + swiftFloor
report.figure("floor (Markdown corpus)", milliseconds(floor), reference: "cmark + final-state parses")

report.heading("Lint (the whole pipeline, Markdown corpus)")
let corpusDocuments = corpus.enumerated().map { SourceDocument(path: "bench/tutorial-\($0.offset).md", text: $0.element.markdown) }
var findingCount = 0
var lintCacheShare = 0.0
let lintOneCore = bestTime(repetitions: 1) {
    (findingCount, lintCacheShare) = LintBench.lintSequentiallyWithCache(corpusDocuments)
}
report.figure("lint, one core", milliseconds(lintOneCore), reference: "floor \(milliseconds(floor))", ratio: "\(times(lintOneCore / floor)) the floor (target ≤ 4×)")
report.figure("lint throughput, one core", megabytesPerSecond(corpusMarkdownBytes, lintOneCore), reference: String(format: "%.0f documents/s; %.0f%% of Swift snippets served from the facts cache", Double(corpus.count) / lintOneCore, lintCacheShare * 100))
let lintAllCores = bestTime(repetitions: 1) { _ = LintBench.lintInParallel(corpusDocuments) }
let cores = ProcessInfo.processInfo.activeProcessorCount
report.figure("lint, all \(cores) cores", milliseconds(lintAllCores), reference: "one core \(milliseconds(lintOneCore))", ratio: "speed-up \(times(lintOneCore / lintAllCores)) (target ≥ 1.7)")
report.figure("lint throughput, all cores", megabytesPerSecond(corpusMarkdownBytes, lintAllCores), reference: String(format: "%.0f documents/s", Double(corpus.count) / lintAllCores))
report.figure("findings on the generated corpus", "\(findingCount)", reference: "the corpus is written to be clean of errors")

report.heading("Lint (the whole pipeline, HTML corpus)")
let htmlDocuments = corpus.enumerated().map { SourceDocument(path: "bench/tutorial-\($0.offset).html", text: $0.element.html) }
let htmlFloor = htmlParseFloor + swiftFloor
let lintHTML = bestTime(repetitions: 1) { _ = LintBench.lintSequentially(htmlDocuments) }
report.figure("lint HTML, one core", milliseconds(lintHTML), reference: "floor \(milliseconds(htmlFloor)) (libxml2 + final-state parses)", ratio: "\(times(lintHTML / htmlFloor)) the floor (target ≤ 4×)")
report.figure("lint HTML throughput, one core", megabytesPerSecond(corpusHTMLBytes, lintHTML), reference: String(format: "%.0f documents/s", Double(corpus.count) / lintHTML))
let lintHTMLAllCores = bestTime(repetitions: 1) { _ = LintBench.lintInParallel(htmlDocuments) }
report.figure("lint HTML, all \(cores) cores", milliseconds(lintHTMLAllCores), reference: "one core \(milliseconds(lintHTML))", ratio: "speed-up \(times(lintHTML / lintHTMLAllCores)) (target ≥ 1.7)")

report.heading("Per-stage cost (same corpus)")
let stages = StageTimes.measure(corpusDocuments)
report.figure("read (sniff + cmark-gfm + model)", milliseconds(stages.read), reference: "cmark-gfm alone \(milliseconds(markdownFloor))", ratio: times(stages.read / markdownFloor))
report.figure("timelines", milliseconds(stages.timelines), reference: "read \(milliseconds(stages.read))")
report.figure("Swift parse of every state, full", milliseconds(stages.parseFull), reference: "\(stages.statesParsed) states; final states only \(milliseconds(swiftFloor))", ratio: times(stages.parseFull / swiftFloor))
report.figure("parse + facts of every state, full", milliseconds(stages.factsFull), reference: "parse alone \(milliseconds(stages.parseFull))", ratio: "facts extraction \(milliseconds(stages.factsFull - stages.parseFull))")
report.figure("parse + facts, incremental in step order", milliseconds(stages.factsIncremental), reference: "full \(milliseconds(stages.factsFull)); \(stages.incrementalParses) of \(stages.statesParsed) states from the previous state's tree, \(stages.reusedTreeParses) from a recent tree", ratio: times(stages.factsIncremental / stages.factsFull))
report.figure("pipeline with facts cached (rules run)", milliseconds(stages.rules), reference: "timelines, cache lookups (100% hits), code and tutorial rules")
report.figure("re-analysis, facts and rule results cached", milliseconds(stages.reanalysis), reference: "the fixed cost of re-analysing unchanged documents", ratio: String(format: "%.2f ms per document", stages.reanalysis * 1000 / Double(corpusDocuments.count)))

report.heading("Language server (didChange → publishDiagnostics, one-character edits in code, real framing over pipes)")
let editCount = quick ? 200 : 1000
for (label, tutorial) in [("30 KB", small), ("1 MB", large)] {
    let latencies = ServerBench.keystrokeLatencies(markdown: tutorial.markdown, edits: editCount)
    let target = label == "30 KB" ? "≤ 15 ms" : "≤ 50 ms"
    report.figure(
        "\(label) document: p50 / p99 over \(latencies.count) edits",
        "\(milliseconds(percentile(latencies, 0.5))) / \(milliseconds(percentile(latencies, 0.99)))",
        reference: "lint of the whole document \(milliseconds(bestTime { _ = LintBench.lintSequentially([SourceDocument(path: "x.md", text: tutorial.markdown)]) })) (target p99 \(target))")
}

processFigures(&report)

/// The whole-process figures: the real binary's cold lint and the server's memory.
func processFigures(_ report: inout Report) {
    report.heading("Whole process (the release tutorial-check next to this executable)")
    if let binary = ProcessBench.binary {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("small.md")
        try? small.markdown.write(to: file, atomically: true, encoding: .utf8)
        let startup = ProcessBench.wallTime(binary, ["--version"])
        let cold = ProcessBench.wallTime(binary, ["lint", file.path])
        report.figure("cold lint of one 30 KB tutorial", milliseconds(cold), reference: "process start (--version) \(milliseconds(startup)) (target ≤ 100 ms)")
        let openDocuments = corpus.prefix(100).map(\.markdown)
        let peak = ProcessBench.serverPeakMemory(binary, documents: Array(openDocuments))
        report.figure("server peak RSS, 100 open 30 KB documents", String(format: "%.1f MB", peak), reference: String(format: "%.1f MB of documents; this bench process %.0f MB (target ≤ 120 MB)", Double(openDocuments.reduce(0) { $0 + $1.utf8.count }) / 1_000_000, residentMegabytes()))
        try? FileManager.default.removeItem(at: directory)
    } else {
        report.figure("cold lint / server memory", "not measured", reference: "build tutorial-check too: swift build -c release")
    }
}
