import TutorialModel

/// The language server. (Placeholder until the server lands.)
public enum LanguageServerInfo {
    public static let name = "tutorial-check"
}
