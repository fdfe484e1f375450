/// A streaming JSON writer, compact or pretty, into a byte buffer.
///
/// Numbers are written as their text, strings are escaped as RFC 8259 requires
/// (quote, backslash and control characters; everything else as UTF-8), so any
/// parsed value written back re-parses to an equal value. Take the bytes written so
/// far with ``takeOutput()`` to stream large documents.
///
/// ```swift
/// var writer = JSONWriter(style: .pretty)
/// writer.beginObject()
/// writer.key("resourceType"); writer.string("Patient")
/// writer.endObject()
/// ```
public struct JSONWriter {
  /// The layout of the output.
  public enum Style: Hashable, Sendable {
    /// No whitespace at all.
    case compact
    /// One member or element per line, indented by `indent` spaces, `"key": value`.
    case pretty(indent: Int)

    /// Pretty printing with two spaces, as the FHIR specification's examples are written.
    public static let pretty = Style.pretty(indent: 2)
  }

  private struct Level {
    var isArray: Bool
    var count: Int
  }

  /// The layout in use.
  public let style: Style
  /// The bytes written and not yet taken.
  public private(set) var output: [UInt8] = []
  private var levels: [Level] = []
  private var expectsValueAfterKey = false
  private let indentWidth: Int

  /// Creates a writer.
  public init(style: Style = .compact) {
    self.style = style
    if case .pretty(let indent) = style { indentWidth = max(indent, 0) } else { indentWidth = -1 }
  }

  /// Returns the bytes written so far and empties the buffer.
  public mutating func takeOutput() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// Whether every container opened has been closed.
  public var isComplete: Bool { levels.isEmpty && !expectsValueAfterKey }

  // MARK: Structure

  /// Starts an object.
  public mutating func beginObject() {
    beforeValue()
    output.append(UInt8(ascii: "{"))
    levels.append(Level(isArray: false, count: 0))
  }

  /// Ends the innermost object.
  public mutating func endObject() {
    endContainer(UInt8(ascii: "}"), isArray: false)
  }

  /// Starts an array.
  public mutating func beginArray() {
    beforeValue()
    output.append(UInt8(ascii: "["))
    levels.append(Level(isArray: true, count: 0))
  }

  /// Ends the innermost array.
  public mutating func endArray() {
    endContainer(UInt8(ascii: "]"), isArray: true)
  }

  /// Writes an object member's key; the member's value must follow.
  public mutating func key(_ key: String) {
    var key = key
    key.withUTF8 { self.key(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Writes an object member's key from UTF-8 bytes.
  public mutating func key(utf8: UnsafeRawBufferPointer) {
    precondition(levels.last.map { !$0.isArray } ?? false && !expectsValueAfterKey, "a key belongs in an object")
    separate()
    writeQuoted(utf8)
    output.append(UInt8(ascii: ":"))
    if indentWidth >= 0 { output.append(UInt8(ascii: " ")) }
    expectsValueAfterKey = true
  }

  // MARK: Scalars

  /// Writes a string value.
  public mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { string(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Writes a string value from UTF-8 bytes.
  public mutating func string(utf8: UnsafeRawBufferPointer) {
    beforeValue()
    writeQuoted(utf8)
  }

  /// Writes a number exactly as its text.
  public mutating func number(_ value: JSONNumber) {
    beforeValue()
    output.append(contentsOf: value.text.utf8)
  }

  /// Writes a number from text that is already valid JSON number syntax.
  mutating func number(utf8: UnsafeRawBufferPointer) {
    beforeValue()
    output.append(contentsOf: utf8)
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    beforeValue()
    output.append(contentsOf: value ? "true".utf8 : "false".utf8)
  }

  /// Writes `null`.
  public mutating func null() {
    beforeValue()
    output.append(contentsOf: "null".utf8)
  }

  // MARK: Layout

  private mutating func beforeValue() {
    if expectsValueAfterKey {
      expectsValueAfterKey = false
      return
    }
    guard let last = levels.last else { return }
    precondition(last.isArray, "a value in an object needs a key first")
    separate()
  }

  /// Writes the comma and line break before a member or element.
  private mutating func separate() {
    let top = levels.count - 1
    guard top >= 0 else { return }
    if levels[top].count > 0 { output.append(UInt8(ascii: ",")) }
    levels[top].count += 1
    newline(depth: levels.count)
  }

  private mutating func endContainer(_ byte: UInt8, isArray: Bool) {
    precondition(levels.last?.isArray == isArray && !expectsValueAfterKey, "unbalanced container")
    let level = levels.removeLast()
    if level.count > 0 { newline(depth: levels.count) }
    output.append(byte)
  }

  private mutating func newline(depth: Int) {
    guard indentWidth >= 0 else { return }
    output.append(0x0A)
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indentWidth))
  }

  private mutating func writeQuoted(_ utf8: UnsafeRawBufferPointer) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<i]))
      runStart = i + 1
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
      case 0x0A: output.append(contentsOf: #"\n"#.utf8)
      case 0x0D: output.append(contentsOf: #"\r"#.utf8)
      case 0x09: output.append(contentsOf: #"\t"#.utf8)
      case 0x08: output.append(contentsOf: #"\b"#.utf8)
      case 0x0C: output.append(contentsOf: #"\f"#.utf8)
      default:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        output.append(contentsOf: #"\u00"#.utf8)
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0xF)])
      }
    }
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
    output.append(UInt8(ascii: "\""))
  }
}
