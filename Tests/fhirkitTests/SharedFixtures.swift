import FHIRTestSupport
import Foundation

/// The shared FHIR corpus beside the package (`../shared/fixtures`: HL7 examples and
/// Synthea bundles of both releases), which is too large to live in `Fixtures/`.
///
/// Tests over it take their cases from ``files(under:)``: where the corpus is absent they
/// have no cases, and ``isRequired`` (CI) turns its absence into a failure instead.
enum SharedFixtures {
  /// The corpus folder, or `nil` when it is not there.
  static let root: String? = {
    let url = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures")
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue ? url.path : nil
  }()

  /// Whether the corpus must be present (`CI=true`).
  static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// Absolute paths of the `.json` files under `folder` of the corpus, sorted; none when
  /// the corpus is absent.
  static func files(under folder: String, named prefix: String = "") -> [String] {
    guard let root, let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder) else { return [] }
    var result: [String] = []
    for case let relative as String in enumerator
    where relative.hasSuffix(".json") && (relative as NSString).lastPathComponent.hasPrefix(prefix) {
      result.append(root + "/" + folder + "/" + relative)
    }
    return result.sorted()
  }

  /// A file's path from the corpus root, for test-case names and messages.
  static func name(_ path: String) -> String {
    guard let root, path.hasPrefix(root + "/") else { return path }
    return String(path.dropFirst(root.count + 1))
  }
}
