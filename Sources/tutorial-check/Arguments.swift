/// A small, table-driven argument parser: the toolchain offers no argument-parser package here.
struct OptionSpec {
    let name: String
    /// nil for a flag; otherwise the values it accepts (empty: any value).
    let values: [String]?
    let help: String
}

struct ParsedArguments {
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { options[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// Parses `--name value`, `--name=value`, flags and positionals; `--` ends options.
func parseArguments(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
            if !onlyPositionals && argument.hasPrefix("-") && argument != "-" {
                throw UsageError(description: "unknown option '\(argument)'")
            }
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" { onlyPositionals = true; continue }
        var name = String(argument.dropFirst(2))
        var inlineValue: String?
        if let equals = name.firstIndex(of: "=") {
            inlineValue = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let spec = specs.first(where: { $0.name == name }) else {
            throw UsageError(description: "unknown option '--\(name)'")
        }
        guard let allowed = spec.values else {
            if inlineValue != nil { throw UsageError(description: "option '--\(name)' takes no value") }
            parsed.flags.insert(name)
            continue
        }
        let value: String
        if let inlineValue { value = inlineValue } else {
            guard index < arguments.count else { throw UsageError(description: "option '--\(name)' needs a value") }
            value = arguments[index]
            index += 1
        }
        if !allowed.isEmpty && !allowed.contains(value) {
            throw UsageError(description: "option '--\(name)' must be one of \(allowed.joined(separator: ", ")), not '\(value)'")
        }
        parsed.options[name] = value
    }
    return parsed
}

/// A command's `--help`: its synopsis and every option with the values it takes.
func usageText(_ help: CommandHelp) -> String {
    var text = "usage: tutorial-check \(help.invocation)\n"
    for spec in help.allOptions {
        let value = spec.values.map { $0.isEmpty ? " VALUE" : " \($0.joined(separator: "|"))" } ?? ""
        text += "  --\(spec.name)\(value)\n      \(spec.help)\n"
    }
    return text
}

/// A command ends before it starts: `--help` was answered, or its arguments were wrong (message written).
struct CommandExit: Error {
    let code: ExitCode
}

/// Parses one command's arguments the same way for every command: `--help` prints its usage and ends
/// it with 0, a usage error prints one line and ends it with 2.
func parseCommand(_ help: CommandHelp, _ arguments: [String]) throws(CommandExit) -> ParsedArguments {
    let parsed: ParsedArguments
    do { parsed = try parseArguments(arguments, specs: help.allOptions) } catch {
        writeError(error.description)
        throw CommandExit(code: .usageOrInput)
    }
    if parsed.has("help") {
        writeOut(usageText(help))
        throw CommandExit(code: .clean)
    }
    let name = help.name
    switch help.operands {
    case .none where !parsed.positionals.isEmpty:
        writeError("\(name) takes no PATH")
        throw CommandExit(code: .usageOrInput)
    case .paths where parsed.positionals.isEmpty:
        writeError("\(name) needs at least one PATH")
        throw CommandExit(code: .usageOrInput)
    case .ruleID where parsed.positionals.count != 1:
        writeError("\(name) needs exactly one rule id; 'tutorial-check rules' lists them")
        throw CommandExit(code: .usageOrInput)
    case .shell where parsed.positionals.count != 1:
        writeError("\(name) needs exactly one shell (\(completionShells.joined(separator: ", ")))")
        throw CommandExit(code: .usageOrInput)
    case .originalAndCopy where parsed.positionals.count != 2:
        writeError("\(name) needs exactly two paths: the ORIGINAL, then the COPY")
        throw CommandExit(code: .usageOrInput)
    default:
        return parsed
    }
}
