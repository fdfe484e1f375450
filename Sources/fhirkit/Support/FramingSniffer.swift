import FHIRKit

/// Decides how standard input is framed, from its first bytes: NDJSON when the first
/// non-blank line is a complete JSON value other than a Bundle and more follows, otherwise
/// one or more JSON values (a pretty-printed Bundle, Bundles one per line, concatenated
/// resources). The bytes looked at are kept
/// and handed back, since standard input cannot be read twice.
struct FramingSniffer {
  /// A first line longer than this is not waited for: the input is read as JSON values.
  static let lineLimit = 1 << 20

  /// The bytes read so far, to replay into the reader chosen.
  private(set) var buffered: [UInt8] = []

  /// Adds a chunk; returns the framing once it can be told.
  mutating func add(_ chunk: UnsafeRawBufferPointer) -> InputFiles.Framing? {
    buffered.append(contentsOf: chunk)
    return decide(atEnd: false)
  }

  /// The framing at the end of the input (when it was not told before).
  func finish() -> InputFiles.Framing {
    decide(atEnd: true) ?? .json
  }

  private func decide(atEnd: Bool) -> InputFiles.Framing? {
    guard let start = buffered.firstIndex(where: { !Self.isBlank($0) }) else { return atEnd ? .json : nil }
    guard let newline = buffered[start...].firstIndex(of: 0x0A) else {
      return atEnd || buffered.count - start > Self.lineLimit ? .json : nil
    }
    guard buffered[(newline + 1)...].contains(where: { !Self.isBlank($0) }) else {
      // One line so far: either framing reads a single value the same way.
      return atEnd ? .json : nil
    }
    let firstValue = buffered[start..<newline].withUnsafeBytes { line in try? JSONTokens(parsing: line) }
    guard let firstValue else { return .json }
    // Bundles one per line are read as JSON values, so that their entries are streamed
    // one by one, as from a file.
    let isBundle = ResourceReader.member("resourceType", of: firstValue).map { firstValue.string(at: $0) == "Bundle" } ?? false
    return isBundle ? .json : .ndjson
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
