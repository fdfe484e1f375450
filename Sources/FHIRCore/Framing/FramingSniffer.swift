import FHIRJSON

/// Decides how an input of unknown framing (standard input, a pipe) is framed, from its
/// first lines: NDJSON when its first two non-blank lines each look like a record of their own
/// (a complete JSON value, or a line that opens and closes an object, as a bad NDJSON record
/// does) and the first is not a Bundle; otherwise one or more JSON values (a pretty-printed
/// Bundle, Bundles one per line, values concatenated or pretty-printed after a first compact
/// one). So a bad first record does not turn an NDJSON input into one JSON value that stops at
/// the error. The bytes looked at are kept and handed back, since such an input cannot be read
/// twice.
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
    guard let first = line(from: 0) else { return atEnd ? .json : nil }
    guard let firstEnd = first.end else {
      return atEnd || buffered.count - first.start > Self.lineLimit ? .json : nil
    }
    let firstValue = buffered[first.start..<firstEnd].withUnsafeBytes { line in try? JSONTokens(parsing: line) }
    // Bundles one per line are read as JSON values, so that their entries are streamed
    // one by one, as from a file.
    if let firstValue, firstValue.memberString("resourceType", ofObjectAt: 0) == "Bundle" { return .json }
    guard firstValue != nil || isRecordShaped(first.start..<firstEnd) else { return .json }
    guard let second = line(from: firstEnd) else {
      // One line so far: either framing reads a single value the same way.
      return moreFollows ? .ndjson : atEnd ? .json : nil
    }
    guard let secondEnd = second.end else {
      if buffered.count - second.start > Self.lineLimit { return .ndjson }
      return moreFollows && firstValue != nil ? .ndjson : atEnd ? .json : nil
    }
    let secondIsRecord =
      isRecordShaped(second.start..<secondEnd)
      || buffered[second.start..<secondEnd].withUnsafeBytes { line in (try? JSONTokens(parsing: line)) != nil }
    return secondIsRecord ? .ndjson : .json
  }

  /// The first non-blank line at or after `offset`: where it starts, and where its newline is
  /// (`nil` while it is incomplete); `nil` when only blanks follow so far.
  private func line(from offset: Int) -> (start: Int, end: Int?)? {
    guard let start = buffered[offset...].firstIndex(where: { !Self.isBlank($0) }) else { return nil }
    return (start, buffered[start...].firstIndex(of: 0x0A))
  }

  /// Whether the line at `range` (blanks aside) opens and closes an object: a record of its own
  /// even when it does not parse.
  private func isRecordShaped(_ range: Range<Int>) -> Bool {
    let line = buffered[range]
    guard let open = line.firstIndex(where: { !Self.isBlank($0) }),
      let close = line.lastIndex(where: { !Self.isBlank($0) }), close > open
    else { return false }
    return line[open] == UInt8(ascii: "{") && line[close] == UInt8(ascii: "}")
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
