import FHIRJSON

/// Decides how an input of unknown framing (standard input, a pipe) is framed, from its
/// first bytes: NDJSON when the first non-blank line is a complete JSON value other than a
/// Bundle and more follows, otherwise one or more JSON values (a pretty-printed Bundle,
/// Bundles one per line, concatenated resources). The bytes looked at are kept and
/// handed back, since such an input cannot be read twice.
public struct FramingSniffer: Sendable {
  /// A first line longer than this is not waited for: the input is read as JSON values.
  public static let lineLimit = 1 << 20

  /// The bytes read so far, to replay into the reader chosen.
  public private(set) var buffered: [UInt8] = []

  /// Creates a sniffer that has seen nothing yet.
  public init() {}

  /// Adds a chunk; returns the framing once it can be told.
  public mutating func add(_ chunk: UnsafeRawBufferPointer) -> ResourceFraming? {
    buffered.append(contentsOf: chunk)
    return decide(atEnd: false)
  }

  /// The framing at the end of the input (when it was not told before).
  public func finish() -> ResourceFraming {
    decide(atEnd: true) ?? .json
  }

  /// The framing when the input pauses: told as if more followed once the first line is
  /// complete, so that a producer writing one record and waiting sees it read; `nil` while
  /// the first line is incomplete.
  public func decideWhenIdle() -> ResourceFraming? {
    decide(atEnd: false, moreFollows: true)
  }

  private func decide(atEnd: Bool, moreFollows: Bool = false) -> ResourceFraming? {
    guard let start = buffered.firstIndex(where: { !Self.isBlank($0) }) else { return atEnd ? .json : nil }
    guard let newline = buffered[start...].firstIndex(of: 0x0A) else {
      return atEnd || buffered.count - start > Self.lineLimit ? .json : nil
    }
    guard moreFollows || buffered[(newline + 1)...].contains(where: { !Self.isBlank($0) }) else {
      // One line so far: either framing reads a single value the same way.
      return atEnd ? .json : nil
    }
    let firstValue = buffered[start..<newline].withUnsafeBytes { line in try? JSONTokens(parsing: line) }
    guard let firstValue else { return .json }
    // Bundles one per line are read as JSON values, so that their entries are streamed
    // one by one, as from a file.
    return firstValue.memberString("resourceType", ofObjectAt: 0) == "Bundle" ? .json : .ndjson
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
