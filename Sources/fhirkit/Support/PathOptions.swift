import ArgumentParser

/// Checks of the options that name a file (`-o`, `--report`, `--store`).
enum PathOptions {
  /// Refuses an option given an empty path (`-o ''`): a usage error (exit code 2), not a
  /// file that cannot be written.
  /// - Parameter options: Each option's name, as the user types it, and its value.
  /// - Throws: `ValidationError` for the first empty one.
  static func refuseEmpty(_ options: KeyValuePairs<String, String?>) throws {
    for (name, path) in options where path?.isEmpty == true {
      throw ValidationError("\(name) needs a path, not an empty string")
    }
  }
}
