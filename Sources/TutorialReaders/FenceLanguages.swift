import TutorialModel

/// The language words fences are tagged with, as highlighters and code hosts name them, and the one a
/// misspelt word stands for. A fence tagged `swfit` shows on the page without its highlighting, and nothing
/// reads it as Swift; the reader says so (`MarkdownInfoString.languageMeant`).
enum FenceLanguages {
    /// Highlighters' names and aliases (highlight.js, Prism, GitHub's Linguist), lowercased. A word on this
    /// list is never taken for a slip of another (`plsql` is no slip of `pgsql`, `cython` none of `python`).
    static let known: Set<String> = [
        "abap", "ada", "apache", "apex", "applescript", "arduino", "asciidoc", "asm", "assembly", "autohotkey",
        "awk", "bash", "basic", "bat", "batch", "bibtex", "bnf", "c", "c#", "c++", "caddyfile", "clojure", "cmake",
        "cmd", "cobol", "coffee", "coffeescript", "conf", "config", "console", "cpp", "crystal", "cs", "csharp",
        "csv", "css", "cuda", "cypher", "cython", "d", "dart", "delphi", "diff", "django", "docker", "dockerfile",
        "dot", "dotenv", "ebnf", "elixir", "elm", "env", "erb", "erlang", "f#", "fish", "fortran", "fsharp",
        "gdscript", "gherkin", "git", "gitignore", "glsl", "go", "golang", "gradle", "graphql", "graphviz", "groovy",
        "haml", "handlebars", "haskell", "hcl", "hlsl", "html", "http", "hy", "ini", "ipython", "java",
        "javascript", "jinja", "jruby", "js", "json", "json5", "jsonc", "jsonnet", "jsx", "julia", "jython",
        "kotlin", "kt", "kts", "latex", "less", "lisp", "liquid", "llvm", "log", "lua", "make", "makefile",
        "markdown", "matlab", "md", "mermaid", "metal", "mysql", "nginx", "nim", "nix", "none", "nohighlight",
        "obj-c", "objc", "objective-c", "objectivec", "objectivecpp", "ocaml", "output", "pascal", "patch", "perl",
        "pgsql", "php", "plain", "plaintext", "plantuml", "plist", "plsql", "postgres", "postgresql", "powershell",
        "prisma", "prolog", "properties", "proto", "protobuf", "ps", "ps1", "pug", "py", "pycon", "python",
        "python3", "r", "racket", "rb", "reason", "regex", "rs", "rst", "ruby", "rust", "sass", "scala", "scheme",
        "scss", "sed", "sh", "shell", "shell-session", "shellsession", "smalltalk", "sml", "solidity", "sparql",
        "spec", "sql", "sqlite", "svelte", "svg", "swift", "tcl", "terminal", "terraform", "tex", "text", "toml",
        "ts", "tsql", "tsx", "turtle", "twig", "txt", "typescript", "v", "vb", "vba", "vbnet", "verilog", "vhdl",
        "vim", "viml", "vue", "wasm", "xhtml", "xml", "yaml", "yml", "zig", "zsh",
    ]

    /// The known language a tag of letters is one slip from (`swfit`, `switft`, `pyhton`, `kotiln`): a known
    /// name of five letters or more, the only one; nil for a known tag, or one near none or near several.
    /// Shorter names are left alone: among them one slip leads from one real tag to another (`cs`, `js`,
    /// `ts`; `bash` and `bat`).
    static func meant(by tag: String) -> String? {
        let typed = tag.lowercased()
        guard typed.utf8.count >= 4, typed.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }), !known.contains(typed)
        else { return nil }
        let near = known.filter { $0.utf8.count >= 5 && TypingSlip.isSlip(typed, of: $0, atEnds: true) }
        return near.count == 1 ? near.first : nil
    }
}
