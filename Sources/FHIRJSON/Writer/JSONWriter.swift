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

  /// The layout in use.
  public let style: Style
  /// The bytes written and not yet taken.
  public private(set) var output: [UInt8] = []
  /// How many containers are open.
  private var depth = 0
  /// Whether each of the innermost 64 open containers is an array (bit `d` for depth
  /// `d + 1`); deeper ones are kept in `deepArrayFlags`. No array is touched per container.
  private var arrayBits: UInt64 = 0
  private var deepArrayFlags: [Bool] = []
  /// Whether the innermost open container has a member or element already (so the
  /// next one needs a comma).
  private var hasContent = false
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
  public var isComplete: Bool { depth == 0 && !expectsValueAfterKey }

  /// Makes room for `byteCount` bytes of output without reallocating.
  public mutating func reserveCapacity(_ byteCount: Int) {
    output.reserveCapacity(byteCount)
  }

  // MARK: Structure

  /// Starts an object.
  public mutating func beginObject() {
    beforeValue()
    output.append(UInt8(ascii: "{"))
    push(isArray: false)
  }

  /// Ends the innermost object.
  public mutating func endObject() {
    endContainer(UInt8(ascii: "}"), isArray: false)
  }

  /// Starts an array.
  public mutating func beginArray() {
    beforeValue()
    output.append(UInt8(ascii: "["))
    push(isArray: true)
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
    precondition(depth > 0 && !innermostIsArray && !expectsValueAfterKey, "a key belongs in an object")
    if indentWidth < 0 {
      // Compact: the comma, the quoted key and the colon in one append.
      let comma = hasContent
      hasContent = true
      writeQuoted(utf8, lead: comma ? UInt8(ascii: ",") : nil, trail: UInt8(ascii: ":"))
    } else {
      separate()
      writeQuoted(utf8, lead: nil, trail: UInt8(ascii: ":"))
      output.append(UInt8(ascii: " "))
    }
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
    writeQuoted(utf8, lead: nil, trail: nil)
  }

  /// Writes a number exactly as its text.
  public mutating func number(_ value: JSONNumber) {
    beforeValue()
    var text = value.text
    text.withUTF8 { output.append(contentsOf: UnsafeRawBufferPointer($0)) }
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

  /// Whether the innermost open container is an array (false when none is open).
  private var innermostIsArray: Bool {
    guard depth > 0 else { return false }
    return depth <= 64 ? arrayBits & (1 << UInt64(depth - 1)) != 0 : deepArrayFlags[depth - 65]
  }

  private mutating func push(isArray: Bool) {
    if depth < 64 {
      let bit: UInt64 = 1 << UInt64(depth)
      arrayBits = isArray ? arrayBits | bit : arrayBits & ~bit
    } else {
      deepArrayFlags.append(isArray)
    }
    depth += 1
    hasContent = false
  }

  private mutating func beforeValue() {
    if expectsValueAfterKey {
      expectsValueAfterKey = false
      return
    }
    guard depth > 0 else { return }
    precondition(innermostIsArray, "a value in an object needs a key first")
    separate()
  }

  /// Writes the comma and line break before a member or element.
  private mutating func separate() {
    guard depth > 0 else { return }
    if hasContent { output.append(UInt8(ascii: ",")) }
    hasContent = true
    newline(depth: depth)
  }

  private mutating func endContainer(_ byte: UInt8, isArray: Bool) {
    precondition(depth > 0 && innermostIsArray == isArray && !expectsValueAfterKey, "unbalanced container")
    if depth > 64 { deepArrayFlags.removeLast() }
    depth -= 1
    if hasContent { newline(depth: depth) }
    output.append(byte)
    // The container just closed is content of the one around it.
    hasContent = true
  }

  private mutating func newline(depth: Int) {
    guard indentWidth >= 0 else { return }
    output.append(0x0A)
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indentWidth))
  }

  /// Whether `byte` must be escaped inside a JSON string.
  @inline(__always) private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Whether any of the eight bytes of `word` must be escaped: a byte below 0x20, a
  /// quote or a backslash (the usual "has a zero byte" and "has a byte less than"
  /// bit tricks, which are exact for this yes-or-no question).
  @inline(__always) private static func hasEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- ones &* 0x20) & ~word & highs
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let quoteFound = (quote &- ones) & ~quote & highs
    let backslashFound = (backslash &- ones) & ~backslash & highs
    return control | quoteFound | backslashFound != 0
  }

  /// The index of the first byte of `utf8` that needs an escape, or its count; eight
  /// bytes at a time.
  private static func firstEscape(in utf8: UnsafeRawBufferPointer) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let count = utf8.count
    var index = 0
    while index + 8 <= count && !hasEscape(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
      index += 8
    }
    while index < count && !needsEscape(base.load(fromByteOffset: index, as: UInt8.self)) { index += 1 }
    return index
  }

  /// Text up to this length with nothing to escape is assembled on the stack with its
  /// quotes (and the comma or colon around a key) and appended at once.
  private static var assembledLimit: Int { 512 }

  /// Writes `utf8` quoted and escaped, after the byte `lead` and before the byte `trail`
  /// when they are given.
  private mutating func writeQuoted(_ utf8: UnsafeRawBufferPointer, lead: UInt8?, trail: UInt8?) {
    let clean = Self.firstEscape(in: utf8)
    guard clean == utf8.count, clean <= Self.assembledLimit else {
      if let lead { output.append(lead) }
      writeQuoted(utf8, cleanPrefix: clean)
      if let trail { output.append(trail) }
      return
    }
    // Most text needs no escape: one append of lead, quotes, text and trail.
    let total = clean + 2 + (lead == nil ? 0 : 1) + (trail == nil ? 0 : 1)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { buffer in
      guard let start = buffer.baseAddress else { return }
      var position = 0
      if let lead {
        start[0] = lead
        position = 1
      }
      start[position] = UInt8(ascii: "\"")
      if clean > 0, let text = utf8.baseAddress {
        UnsafeMutableRawPointer(start + position + 1).copyMemory(from: text, byteCount: clean)
      }
      position += clean + 1
      start[position] = UInt8(ascii: "\"")
      if let trail { start[position + 1] = trail }
      output.append(contentsOf: UnsafeBufferPointer(start: start, count: total))
    }
  }

  /// Writes `utf8` quoted, escaping what needs it; the first `cleanPrefix` bytes are
  /// known to need no escape.
  private mutating func writeQuoted(_ utf8: UnsafeRawBufferPointer, cleanPrefix: Int) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = cleanPrefix
    while index < utf8.count {
      // `index` is at a byte to escape: write the run before it, then the escape.
      let byte = utf8[index]
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
      index += 1
      runStart = index
      defer { index += Self.firstEscape(in: UnsafeRawBufferPointer(rebasing: utf8[index...])) }
      let short: UInt8
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): short = byte
      case 0x0A: short = UInt8(ascii: "n")
      case 0x0D: short = UInt8(ascii: "r")
      case 0x09: short = UInt8(ascii: "t")
      case 0x08: short = UInt8(ascii: "b")
      case 0x0C: short = UInt8(ascii: "f")
      default: short = 0
      }
      output.append(UInt8(ascii: "\\"))
      if short != 0 {
        output.append(short)
      } else {
        let hex: StaticString = "0123456789abcdef"
        output.append(UInt8(ascii: "u"))
        output.append(UInt8(ascii: "0"))
        output.append(UInt8(ascii: "0"))
        output.append(hex.utf8Start[Int(byte >> 4)])
        output.append(hex.utf8Start[Int(byte & 0xF)])
      }
    }
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
    output.append(UInt8(ascii: "\""))
  }
}
