import Foundation

/// Scratch folders for tests (store files, command outputs), all inside one folder per test
/// process that is removed when the process exits, so that repeated test runs leave nothing
/// behind in the temporary folder.
public enum TemporaryFolders {
  /// This process's folder, `<temporary folder>/fhirkit-tests-<pid>`, made on first use.
  public static let root: String = {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("fhirkit-tests-\(getpid())")
    // Left by an earlier process that had the same pid and was killed.
    try? FileManager.default.removeItem(atPath: path)
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: TemporaryFolders.root) }
    return path
  }()

  /// A new empty folder inside ``root``, named `<prefix>-<UUID>`.
  public static func make(_ prefix: String) -> String {
    let path = root + "/" + prefix + "-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
