import CareStorePostgres
import FHIRKit
import Foundation

/// What decides the entities `fhirkit import` stores, as digests: the program (its version and
/// its executable's size and date), `--from`, and each input in order — its name, its size and,
/// for the fingerprint, a SHA-256 of its bytes as stored. An import whose fingerprint equals the
/// store's standing ``ImportMark``'s would write nothing, and is skipped (docs/cli.md).
///
/// Standard input has no fingerprint: it can be read only once, so it cannot be compared first.
struct ImportFingerprint {
  /// A digest of everything but the inputs' bytes: when it differs from the mark's, the
  /// fingerprint does too.
  let quickKey: String
  private let text: String

  /// The fingerprint's parts for importing `inputs` read as `from`, or `nil` when they cannot all
  /// be known (standard input, a file whose size cannot be read, an executable not found).
  init?(inputs: [InputFiles.Input], from: ReleaseOption) {
    guard let program = Self.program() else { return nil }
    var lines = ["fhirkit import fingerprint 1", "program \(FHIRKitVersion.current) \(program)", "from \(from.rawValue)"]
    for input in inputs {
      guard let file = input.file, let size = Self.size(of: file.string) else { return nil }
      lines.append("input \(size) \(input.path.utf8.count) \(input.path)")
    }
    text = lines.joined(separator: "\n")
    quickKey = ContentSHA256.hex(of: Array(text.utf8))
  }

  /// The fingerprint, given each input's digest (``InputDigests``) in input order.
  func fingerprint(contentDigests: [String]) -> String {
    ContentSHA256.hex(of: Array((text + "\ncontent " + contentDigests.joined(separator: " ")).utf8))
  }

  /// Reads every input to digest it as ``InputDigests`` does while an import reads.
  /// - Parameter progress: Called with the size of each chunk digested.
  /// - Throws: ``JSONError`` when an input cannot be read.
  static func contentDigests(of inputs: [InputFiles.Input], progress: (Int) -> Void = { _ in }) throws -> [String] {
    let digests = InputDigests()
    for input in inputs {
      digests.start()
      try input.read { chunk in
        digests.add(chunk)
        progress(chunk.count)
      }
      digests.finish()
    }
    return digests.digests
  }

  /// The running executable's size and modification time: a new build is a new program.
  private static func program() -> String? {
    guard let url = Bundle.main.executableURL?.resolvingSymlinksInPath(),
      let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
    else { return nil }
    return "\(size.int64Value) \(date.timeIntervalSince1970)"
  }

  private static func size(of path: String) -> Int64? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.size].flatMap { ($0 as? NSNumber)?.int64Value }
  }
}

/// SHA-256 digests of inputs' bytes as stored, taken chunk by chunk while they are read.
final class InputDigests {
  /// One digest (hex) per input finished, in order.
  private(set) var digests: [String] = []
  private var current: ContentSHA256?

  /// Starts the next input.
  func start() { current = ContentSHA256() }

  /// Adds a chunk of the current input.
  func add(_ chunk: ByteChunks.Chunk) { current?.update(chunk) }

  /// Ends the current input.
  func finish() {
    guard let hex = current?.finalize() else { return }
    digests.append(hex)
    current = nil
  }
}
