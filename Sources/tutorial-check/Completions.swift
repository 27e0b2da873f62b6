#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif

/// `tutorial-check completions bash|zsh|fish`: a completion script for the shell, written from the
/// same command descriptions as `--help`. Commands, options and their listed values complete from
/// the tables; `explain` completes rule ids, `completions` shell names, everything else file names.
func renderCompletions(shell: String, commands: [CommandHelp], ruleIDs: [String]) -> String? {
    switch shell {
    case "bash": return bashCompletion(commands, ruleIDs: ruleIDs)
    case "zsh": return zshCompletion(commands, ruleIDs: ruleIDs)
    case "fish": return fishCompletion(commands, ruleIDs: ruleIDs)
    default: return nil
    }
}

private func operandWords(_ operands: CommandHelp.Operands, ruleIDs: [String]) -> [String]? {
    switch operands {
    case .ruleID: return ruleIDs
    case .shell: return completionShells
    case .none: return []
    case .paths, .originalAndCopy: return nil
    }
}

private func bashCompletion(_ commands: [CommandHelp], ruleIDs: [String]) -> String {
    var cases = ""
    for command in commands {
        cases += "        \(command.name))\n"
        cases += "            options='\(command.allOptions.map { "--" + $0.name }.joined(separator: " "))'\n"
        let valued = command.allOptions.filter { $0.values != nil }
        if !valued.isEmpty {
            cases += "            case $prev in\n"
            for option in valued {
                let values = option.values ?? []
                let reply =
                    values.isEmpty
                    ? "compgen -f -- \"$cur\"" : "compgen -W '\(values.joined(separator: " "))' -- \"$cur\""
                cases += "                --\(option.name)) mapfile -t COMPREPLY < <(\(reply)); return ;;\n"
            }
            cases += "            esac\n"
        }
        if let words = operandWords(command.operands, ruleIDs: ruleIDs) {
            cases += "            operands='\(words.joined(separator: " "))'\n"
        }
        cases += "            ;;\n"
    }
    return """
        # bash completion for tutorial-check (written by `tutorial-check completions bash`)
        _tutorial_check() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            # `--format=json`: bash splits at the '=', so the option is the word before it.
            if [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 2 ]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi
            [ "$cur" = "=" ] && cur=''
            if [ "$COMP_CWORD" -eq 1 ]; then
                mapfile -t COMPREPLY < <(compgen -W '\(commands.map(\.name).joined(separator: " ")) --help --version' -- "$cur")
                return
            fi
            local options='' operands=files
            case ${COMP_WORDS[1]} in
        \(cases)        *) return ;;
            esac
            if [[ $cur == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
            elif [ "$operands" = files ]; then
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            else
                mapfile -t COMPREPLY < <(compgen -W "$operands" -- "$cur")
            fi
        }
        complete -F _tutorial_check tutorial-check

        """
}

private func zshCompletion(_ commands: [CommandHelp], ruleIDs: [String]) -> String {
    func description(_ text: String) -> String {
        text.replacingText("\\", with: "\\\\").replacingText("[", with: "(")
            .replacingText("]", with: ")").replacingText(":", with: "\\:")
            .replacingText("'", with: "'\\''")
    }
    var list = ""
    for command in commands { list += "    '\(command.name):\(description(command.summary))'\n" }
    var cases = ""
    for command in commands {
        var specs: [String] = []
        for option in command.allOptions {
            switch option.values {
            case nil: specs.append("'--\(option.name)[\(description(option.help))]'")
            case let values? where values.isEmpty:
                specs.append("'--\(option.name)=[\(description(option.help))]:value:_files'")
            case let values?:
                specs.append(
                    "'--\(option.name)=[\(description(option.help))]:value:(\(values.joined(separator: " ")))'")
            }
        }
        switch operandWords(command.operands, ruleIDs: ruleIDs) {
        case nil: specs.append("'*:tutorial:_files'")
        case let words? where words.isEmpty: break
        case let words?: specs.append("'1:value:(\(words.joined(separator: " ")))'")
        }
        cases +=
            "        \(command.name)) _arguments \\\n            \(specs.joined(separator: " \\\n            ")) ;;\n"
    }
    return """
        #compdef tutorial-check
        # zsh completion for tutorial-check (written by `tutorial-check completions zsh`)
        _tutorial-check() {
          local -a commands
          commands=(
        \(list)  )
          local state
          _arguments -C '1:command:->command' '*::argument:->argument'
          case $state in
            command) _describe -t commands 'tutorial-check command' commands ;;
            argument)
              case $words[1] in
        \(cases)      esac ;;
          esac
        }
        _tutorial-check "$@"

        """
}

private func fishCompletion(_ commands: [CommandHelp], ruleIDs: [String]) -> String {
    func quoted(_ text: String) -> String {
        "'" + text.replacingText("\\", with: "\\\\").replacingText("'", with: "\\'") + "'"
    }
    var lines = [
        "# fish completion for tutorial-check (written by `tutorial-check completions fish`)",
        "complete -c tutorial-check -f",
    ]
    for command in commands {
        lines.append(
            "complete -c tutorial-check -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.summary))")
    }
    for command in commands {
        let condition = "-n \(quoted("__fish_seen_subcommand_from \(command.name)"))"
        for option in command.allOptions {
            var line = "complete -c tutorial-check \(condition) -l \(option.name)"
            switch option.values {
            case nil: break
            case let values? where values.isEmpty: line += " -r -F"
            case let values?: line += " -x -a \(quoted(values.joined(separator: " ")))"
            }
            lines.append(line + " -d \(quoted(option.help))")
        }
        switch operandWords(command.operands, ruleIDs: ruleIDs) {
        case nil: lines.append("complete -c tutorial-check \(condition) -F")
        case let words? where words.isEmpty: break
        case let words?:
            lines.append("complete -c tutorial-check \(condition) -x -a \(quoted(words.joined(separator: " ")))")
        }
    }
    return lines.joined(separator: "\n") + "\n"
}
