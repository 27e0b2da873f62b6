extension FileSystemResources {
    /// Regular files under `directory`, sorted, each real directory once (symlink loops end), links
    /// leading outside `directory` not followed, at most `InputLimits.maximumWalkedEntries` entries:
    /// the walk of the CLI's directory arguments and of the server's workspace folders.
    public static func regularFiles(under directory: String) -> [String] {
        FileTreeWalk.regularFiles(under: directory).files
    }
}
