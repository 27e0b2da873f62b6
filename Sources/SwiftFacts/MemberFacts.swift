internal import SwiftParser
@_spi(RawSyntax) internal import SwiftSyntax

/// The facts one member of a type contributed to a walk of its file, kept with the state's parse so
/// that the next state's walk takes them instead of walking the member again.
///
/// A file followed from step to step changes one member or two at a time, and its next tree (spliced,
/// or parsed incrementally) holds the unchanged members' very raw nodes: a raw node is immutable, so
/// what the collector finds in it depends only on its text, on where it starts (every range, shifted
/// below), on how many functions came before it (the `function` indices) and on the collector's state
/// when it reaches the member, which is the enclosing type's qualified name whenever no function or
/// hosting configuration encloses the type (the only members kept). Keys are raw node identities, valid
/// while the tree that holds them lives: the table lives in the `ParsedState` beside that tree, and a
/// later tree that reuses a node keeps it alive.
struct MemberFacts: Sendable {
    /// The enclosing type's qualified name when the member was walked.
    let context: String
    /// Where the member starts (its leading trivia included) and how many functions preceded it, in the
    /// state whose ranges and indices the facts below carry.
    let position: Int
    let functionBase: Int
    /// Types declared by the member (nested types), complete, in the order they were entered.
    let types: [TypeFact]
    /// What the member added to the enclosing type.
    let properties: [PropertyFact]
    let initializers: [InitializerFact]
    let functions: [FunctionFact]
    let assignments: [AssignmentFact]
    let calls: [CallFact]
    let selectors: [SelectorFact]
    let variables: [VariableFact]
    let memberReferences: [MemberReferenceFact]

    /// The same facts for the member starting at `position` after `functionBase` functions.
    func moved(to position: Int, functionBase: Int) -> MemberFacts {
        let delta = position - self.position
        let shift = functionBase - self.functionBase
        if delta == 0 && shift == 0 { return self }
        return MemberFacts(
            context: context, position: position, functionBase: functionBase,
            types: types.map { $0.shifted(by: delta) },
            properties: properties.map { $0.shifted(by: delta) },
            initializers: initializers.map { $0.shifted(by: delta) },
            functions: functions.map { $0.shifted(by: delta) },
            assignments: assignments.map { $0.shifted(by: delta, functions: shift) },
            calls: calls.map { $0.shifted(by: delta, functions: shift) },
            selectors: selectors.map { $0.shifted(by: delta, functions: shift) },
            variables: variables.map { $0.shifted(by: delta, functions: shift) },
            memberReferences: memberReferences.map { $0.shifted(by: delta, functions: shift) })
    }
}

/// The member facts of one parsed state, by the member's raw node.
final class MemberFactsTable: Sendable {
    let members: [RawSyntax.ID: MemberFacts]

    init(_ members: [RawSyntax.ID: MemberFacts]) { self.members = members }

    static let empty = MemberFactsTable([:])
}

// MARK: - Shifting facts

extension CodeRange {
    func shifted(by delta: Int) -> CodeRange {
        delta == 0 ? self : CodeRange(start: start + delta, end: end + delta)
    }
}

extension TypeFact {
    func shifted(by delta: Int) -> TypeFact {
        TypeFact(
            kind: kind, name: name, qualifiedName: qualifiedName, parent: parent,
            inherited: inherited.map { InheritedType(name: $0.name, range: $0.range.shifted(by: delta)) },
            attributes: attributes, properties: properties.map { $0.shifted(by: delta) },
            initializers: initializers.map { $0.shifted(by: delta) }, hasGenericParameters: hasGenericParameters,
            nameRange: nameRange.shifted(by: delta), range: range.shifted(by: delta))
    }
}

extension PropertyFact {
    func shifted(by delta: Int) -> PropertyFact {
        PropertyFact(
            name: name, attributes: attributes, attributeHasArguments: attributeHasArguments, typeText: typeText,
            isLet: isLet, isStatic: isStatic, isLazy: isLazy, isComputed: isComputed, hasInitialValue: hasInitialValue,
            range: range.shifted(by: delta))
    }
}

extension InitializerFact {
    func shifted(by delta: Int) -> InitializerFact {
        InitializerFact(parameters: parameters, isConvenience: isConvenience, range: range.shifted(by: delta))
    }
}

extension FunctionFact {
    func shifted(by delta: Int) -> FunctionFact {
        FunctionFact(
            kind: kind, name: name, ownerType: ownerType, parameters: parameters, returnTypeText: returnTypeText,
            attributes: attributes, isStatic: isStatic, isOverride: isOverride, nameRange: nameRange.shifted(by: delta),
            range: range.shifted(by: delta), bodyRange: bodyRange?.shifted(by: delta))
    }
}

extension ExpressionFact {
    func shifted(by delta: Int) -> ExpressionFact {
        ExpressionFact(
            text: text, range: range.shifted(by: delta), coordinatorBase: coordinatorBase, identifier: identifier,
            isSelf: isSelf, isProjectedBinding: isProjectedBinding, isLiteral: isLiteral, isNil: isNil)
    }
}

extension AssignmentFact {
    func shifted(by delta: Int, functions shift: Int) -> AssignmentFact {
        AssignmentFact(
            function: function.map { $0 + shift }, baseText: baseText, member: member, value: value.shifted(by: delta),
            range: range.shifted(by: delta))
    }
}

extension CallFact {
    func shifted(by delta: Int, functions shift: Int) -> CallFact {
        CallFact(
            function: function.map { $0 + shift }, enclosingType: enclosingType, name: name, baseText: baseText,
            arguments: arguments.map { ArgumentFact(label: $0.label, value: $0.value.shifted(by: delta)) },
            trailingClosureLabels: trailingClosureLabels, inHostingConfiguration: inHostingConfiguration,
            resultDropped: resultDropped, nameRange: nameRange.shifted(by: delta), range: range.shifted(by: delta))
    }
}

extension SelectorFact {
    func shifted(by delta: Int, functions shift: Int) -> SelectorFact {
        SelectorFact(
            function: function.map { $0 + shift }, enclosingType: enclosingType, typeName: typeName,
            methodName: methodName, labels: labels, range: range.shifted(by: delta))
    }
}

extension VariableFact {
    func shifted(by delta: Int, functions shift: Int) -> VariableFact {
        VariableFact(
            function: function.map { $0 + shift }, enclosingType: enclosingType, name: name, typeName: typeName,
            memberChain: memberChain, range: range.shifted(by: delta))
    }
}

extension MemberReferenceFact {
    func shifted(by delta: Int, functions shift: Int) -> MemberReferenceFact {
        MemberReferenceFact(
            function: function.map { $0 + shift }, base: base, member: member, range: range.shifted(by: delta))
    }
}

// MARK: - Checking

/// Compares the facts a state's walk gets with its previous state's member facts against the facts of
/// a walk of the whole tree, for the tests and fuzzers that hold the reuse to its promise.
public enum MemberFactsCheck {
    public struct Outcome: Sendable, Equatable {
        /// Members whose facts were taken from the previous state instead of walked.
        public let reusedMembers: Int
        /// Fields whose facts differ, each with both values; empty when the facts are the same (and when
        /// a text is code the parser must not be given: nothing is compared).
        public let differences: [String]
    }

    /// Parses `old` fully, then `new` from it (splicing or parsing incrementally, as the cache does), and
    /// compares the facts of `new`'s tree walked with `old`'s member facts with those of a walk of the
    /// whole of that tree. (Whether the tree is a full parse's is another question: splices are held to
    /// it by `TreeSpliceCheck`, incremental parses by SwiftParser.)
    public static func outcome(old: String, new: String) -> Outcome {
        guard let oldState = ParsedState.parse(old, previous: nil) else { return Outcome(reusedMembers: 0, differences: []) }
        let oldWalk = walkFacts(from: oldState.result.tree, code: old, reusing: .empty)
        let previous = ParsedState(code: old, result: oldState.result, memberFacts: oldWalk.members)
        guard let newState = ParsedState.parse(new, previous: previous) else { return Outcome(reusedMembers: 0, differences: []) }
        let reused = walkFacts(from: newState.result.tree, code: new, reusing: previous.memberFacts)
        let whole = walkFacts(from: newState.result.tree, code: new, reusing: .empty)
        return Outcome(reusedMembers: reused.reusedCount, differences: differences(reused.facts, whole.facts))
    }

    static func differences(_ a: SnippetFacts, _ b: SnippetFacts) -> [String] {
        var result: [String] = []
        func compare<T: Equatable>(_ name: String, _ x: T, _ y: T) {
            if x != y { result.append("\(name):\n\(x)\n≠\n\(y)") }
        }
        compare("types", a.types, b.types)
        compare("functions", a.functions, b.functions)
        compare("assignments", a.assignments, b.assignments)
        compare("calls", a.calls, b.calls)
        compare("selectors", a.selectors, b.selectors)
        compare("variables", a.variables, b.variables)
        compare("memberReferences", a.memberReferences, b.memberReferences)
        compare("syntaxErrors", a.syntaxErrors, b.syntaxErrors)
        compare("imports", a.imports, b.imports)
        compare("lineSuppressions", a.lineSuppressions, b.lineSuppressions)
        compare("elidedLines", a.elidedLines, b.elidedLines)
        compare("lineStarts", a.lineStarts, b.lineStarts)
        return result
    }
}
