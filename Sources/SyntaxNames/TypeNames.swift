// SyntaxNames owns the names the project reads off SwiftSyntax types, shared by snippet composition and the
// Swift facts, which import it `internal`ly (as they import SwiftSyntax): one answer to "what type is this".

package import SwiftSyntax

/// Removes generic arguments, optionality and module prefixes: `UIKit.UIHostingController<Page>?` →
/// `UIHostingController`.
package func simpleTypeName(_ type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    if let optional = type.as(OptionalTypeSyntax.self) { return simpleTypeName(optional.wrappedType) }
    if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        return simpleTypeName(implicit.wrappedType)
    }
    if let attributed = type.as(AttributedTypeSyntax.self) { return simpleTypeName(attributed.baseType) }
    return type.trimmedDescription
}
