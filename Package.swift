// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The toolchain ships SwiftSyntax as host libraries (`<toolchain>/usr/lib/swift/host`). They are found
/// from the `swiftc` on PATH, resolved through symlinks, so no machine path lives in this repository;
/// `SWIFT_HOST_LIBS` overrides the search.
func toolchainHostLibraries() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["SWIFT_HOST_LIBS"], !override.isEmpty { return override }
    let fileManager = FileManager.default
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        guard fileManager.isExecutableFile(atPath: candidate.path) else { continue }
        let resolved = candidate.resolvingSymlinksInPath()
        let host = resolved.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host")
        if fileManager.fileExists(atPath: host.appendingPathComponent("libSwiftSyntax.so").path) {
            return host.path
        }
    }
    return "/usr/lib/swift/host"
}

let hostLibraries = toolchainHostLibraries()

/// The host libraries the sources import, and the ones those need: each is loaded and relocated at every
/// start of the binary, so none is linked that nothing imports.
let swiftSyntaxLibraries = [
    "SwiftSyntax", "SwiftParser", "SwiftParserDiagnostics", "SwiftIDEUtils",
    "SwiftDiagnostics", "SwiftBasicFormat",
]
let swiftSyntaxCompilerFlags: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]
let swiftSyntaxLinkerFlags: [LinkerSetting] = [
    .unsafeFlags(["-L", hostLibraries, "-Xlinker", "-rpath", "-Xlinker", hostLibraries])
] + swiftSyntaxLibraries.map { .linkedLibrary($0) }

/// `swift build --sanitize=fuzzer` compiles executables as libraries so libFuzzer's `main` runs; the
/// fuzz targets' replay code (their `main` in a plain build) must then be compiled out. SwiftPM tells
/// sources nothing about sanitizers, so scripts/fuzz says it with `TUTORIAL_CHECK_FUZZ=1`.
let fuzzSettings: [SwiftSetting] =
    ProcessInfo.processInfo.environment["TUTORIAL_CHECK_FUZZ"] == "1" ? [.define("LIBFUZZER")] : []

/// One executable per fuzz target (Sources/fuzz-<name>), all running FuzzSupport's FuzzTargets.
let fuzzTargets: [Target] = ["sniff", "markdown", "html", "docc", "text", "jsonrpc", "diff", "pipeline", "hostile"].map { name in
    .executableTarget(
        name: "fuzz-\(name)", dependencies: ["FuzzSupport"],
        swiftSettings: swiftSyntaxCompilerFlags + fuzzSettings, linkerSettings: swiftSyntaxLinkerFlags)
}

let package = Package(
    name: "tutorial-check",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tutorial-check", targets: ["tutorial-check"]),
        .executable(name: "tutorial-bench", targets: ["tutorial-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CCMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .target(name: "TutorialModel"),
        .target(
            name: "TutorialReaders",
            dependencies: ["TutorialModel", "CLibXML2", "CCMarkGFM"]),
        // The names read off SwiftSyntax types, one function for composition and facts alike; built with
        // library evolution and imported `internal`ly by both, like SwiftSyntax itself.
        .target(
            name: "SyntaxNames",
            swiftSettings: swiftSyntaxCompilerFlags + [.unsafeFlags(["-enable-library-evolution"])],
            linkerSettings: swiftSyntaxLinkerFlags),
        // Composing partial snippets with their file's previous state: SwiftSyntax imported `internal`ly,
        // built with library evolution like SwiftFacts below.
        .target(
            name: "SnippetComposition", dependencies: ["TutorialModel", "SyntaxNames"],
            swiftSettings: swiftSyntaxCompilerFlags + [.unsafeFlags(["-enable-library-evolution"])],
            linkerSettings: swiftSyntaxLinkerFlags),
        .target(name: "StepDiff", dependencies: ["TutorialModel", "SnippetComposition"]),
        // SwiftFacts imports SwiftSyntax (and everything else) `internal`ly and is built with library
        // evolution, so modules that import it, and the synthesized test-discovery target that gets no
        // unsafe flags, never need the toolchain's host modules on their search path.
        .target(
            name: "SwiftFacts", dependencies: ["TutorialModel", "SnippetComposition", "SyntaxNames"],
            swiftSettings: swiftSyntaxCompilerFlags + [.unsafeFlags(["-enable-library-evolution"])],
            linkerSettings: swiftSyntaxLinkerFlags),
        .target(
            name: "TutorialRules",
            dependencies: ["TutorialModel", "StepDiff", "SwiftFacts"],
            // Compiled into the module: no resource bundle to install next to the binary, no file to read
            // at start-up.
            resources: [
                .embedInCode("KnownProtocols.json"), .embedInCode("FrameworkNames.json"), .embedInCode("KnownNames.txt"),
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .target(
            name: "TutorialAnalysis",
            dependencies: ["TutorialModel", "TutorialReaders", "StepDiff", "SwiftFacts", "TutorialRules"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        // Copies held against their originals (`compare`); SwiftParser's tokens come through SwiftFacts.
        .target(
            name: "TutorialCompare", dependencies: ["TutorialModel", "TutorialReaders", "StepDiff", "SwiftFacts"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .target(
            name: "DiffSyntax", dependencies: ["TutorialModel"],
            swiftSettings: swiftSyntaxCompilerFlags + [.unsafeFlags(["-enable-library-evolution"])],
            linkerSettings: swiftSyntaxLinkerFlags),
        .target(
            name: "Reports",
            dependencies: [
                "TutorialModel", "StepDiff", "TutorialRules", "TutorialAnalysis", "DiffSyntax", "TutorialCompare",
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .target(
            name: "TutorialFixes", dependencies: ["TutorialModel", "TutorialReaders", "TutorialRules", "TutorialAnalysis"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .target(
            name: "LanguageServer",
            dependencies: [
                "TutorialModel", "TutorialReaders", "StepDiff", "SwiftFacts", "TutorialRules",
                "TutorialAnalysis", "TutorialFixes", "Reports", "TutorialCompare",
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .executableTarget(
            name: "tutorial-check",
            dependencies: [
                "TutorialModel", "TutorialReaders", "StepDiff", "TutorialRules", "TutorialAnalysis", "TutorialFixes",
                "Reports", "LanguageServer", "TutorialCompare",
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .executableTarget(
            name: "tutorial-bench",
            dependencies: [
                "TutorialModel", "TutorialReaders", "StepDiff", "SwiftFacts", "TutorialRules", "TutorialAnalysis",
                "LanguageServer", "CCMarkGFM", "CLibXML2", "TutorialCompare",
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        // Fuzz targets (scripts/fuzz): executables defining LLVMFuzzerTestOneInput. Built with
        // `--sanitize=fuzzer` libFuzzer's main runs; in a plain build they replay the files given.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "TutorialModel", "TutorialReaders", "StepDiff", "TutorialRules", "TutorialAnalysis", "Reports",
                "LanguageServer",
            ],
            path: "Sources/fuzz-support",
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .target(name: "TestSupport", dependencies: ["TutorialModel"]),
        // Lifecycle defects injected into tutorials (issue 21's mutants): the mutant test and scripts/mutants.
        // MutationSyntax: SwiftSyntax imported `internal`ly, built with library evolution like SwiftFacts.
        .target(
            name: "MutationSyntax", dependencies: ["TutorialModel"],
            swiftSettings: swiftSyntaxCompilerFlags + [.unsafeFlags(["-enable-library-evolution"])],
            linkerSettings: swiftSyntaxLinkerFlags),
        .target(
            name: "LifecycleMutations",
            dependencies: ["TutorialModel", "TutorialReaders", "StepDiff", "MutationSyntax", "SwiftFacts"]),
        .executableTarget(
            name: "tutorial-mutants", dependencies: ["LifecycleMutations", "MutationSyntax", "TutorialModel", "TutorialReaders"]),
        .testTarget(name: "TutorialModelTests", dependencies: ["TutorialModel", "TestSupport"]),
        .testTarget(
            name: "SwiftFactsTests", dependencies: ["SwiftFacts", "TutorialModel", "TestSupport", "StepDiff"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "TutorialRulesTests",
            dependencies: [
                "TutorialRules", "TutorialAnalysis", "SwiftFacts", "TutorialModel", "TutorialReaders", "StepDiff",
                "Reports", "TestSupport",
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "TutorialReadersTests",
            dependencies: ["TutorialModel", "TutorialReaders", "TutorialAnalysis", "Reports", "TestSupport"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "TutorialFixesTests",
            dependencies: [
                "TutorialFixes", "TutorialModel", "TutorialReaders", "TutorialRules", "TutorialAnalysis", "TestSupport",
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "StepDiffTests", dependencies: ["StepDiff", "SnippetComposition", "TutorialModel", "TestSupport"]),
        .testTarget(
            name: "TutorialAnalysisTests",
            dependencies: [
                "TutorialAnalysis", "TutorialRules", "TutorialReaders", "TutorialModel", "TestSupport", "LifecycleMutations",
                "MutationSyntax", "StepDiff", "SwiftFacts",
            ],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "ReportsTests",
            dependencies: ["Reports", "DiffSyntax", "StepDiff", "TutorialModel", "TutorialRules", "TestSupport", "CLibXML2"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "TutorialCompareTests",
            dependencies: ["TutorialCompare", "TutorialModel", "TutorialReaders", "TutorialAnalysis", "Reports"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "FuzzRegressionTests", dependencies: ["FuzzSupport"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
        .testTarget(
            name: "LanguageServerTests",
            dependencies: ["LanguageServer", "TutorialAnalysis", "TutorialModel", "TutorialReaders", "TutorialRules", "TestSupport"],
            swiftSettings: swiftSyntaxCompilerFlags, linkerSettings: swiftSyntaxLinkerFlags),
    ] + fuzzTargets,
    swiftLanguageModes: [.v6]
)

/// Generic types are instantiated through their metadata accessors, not by demangling a type name at run
/// time: the runtime proves a demangled name's conformances (`Dictionary<Key, …>` needs `Key: Hashable`)
/// by scanning every conformance record of every loaded library, SwiftSyntax's thousands included, once per
/// type the first time it is used. That cost a cold lint about 14 million instructions.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
}
