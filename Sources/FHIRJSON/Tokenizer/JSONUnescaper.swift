#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes the escapes of a JSON string strictly: surrogate escapes must pair up
/// (`\uD83D\uDE00`), and `\u0000` becomes a NUL byte.
///
/// YAJL has already checked the escape syntax (a valid escape letter, four hex digits
/// after `\u`); what YAJL does not check, and silently repairs, is the pairing of
/// surrogates, so FHIRJSON decodes escaped strings itself.
enum JSONUnescaper {
  /// A problem found while decoding, at a byte index of the raw string content.
  struct Failure {
    var kind: JSONError.Kind
    var message: String
    var index: Int
  }

  /// Appends the decoded form of `raw` (a string's content between its quotes) to `output`.
  /// - Returns: the problem found, or `nil` when the string decoded cleanly.
  static func unescape(_ raw: UnsafeRawBufferPointer, into output: inout [UInt8]) -> Failure? {
    let count = raw.count
    var i = 0
    var runStart = 0
    guard let base = raw.baseAddress else { return nil }
    while i < count {
      // Jump to the next backslash; the runs between escapes are copied in one go.
      guard let found = memchr(base + i, Int32(UInt8(ascii: "\\")), count - i) else { break }
      i = UnsafeRawPointer(found) - base
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[runStart..<i]))
      guard i + 1 < count else {
        return Failure(kind: .invalidString, message: "string ends inside an escape", index: i)
      }
      let escapeStart = i
      let letter = raw[i + 1]
      i += 2
      switch letter {
      case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard let unit = hex4(raw, at: i) else {
          return Failure(kind: .invalidString, message: "\\u must be followed by four hex digits", index: escapeStart)
        }
        i += 4
        var scalar = UInt32(unit)
        if unit >= 0xD800 && unit <= 0xDBFF {
          guard i + 1 < count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
            let low = hex4(raw, at: i + 2), low >= 0xDC00 && low <= 0xDFFF
          else {
            return Failure(
              kind: .loneSurrogate, message: "high surrogate escape is not followed by a low surrogate escape",
              index: escapeStart)
          }
          i += 6
          scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
          return Failure(
            kind: .loneSurrogate, message: "low surrogate escape without a high surrogate before it",
            index: escapeStart)
        }
        appendUTF8(scalar, to: &output)
      default:
        return Failure(kind: .invalidString, message: "invalid escape character", index: escapeStart)
      }
      runStart = i
    }
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[runStart..<count]))
    return nil
  }

  private static func hex4(_ raw: UnsafeRawBufferPointer, at index: Int) -> UInt16? {
    guard index + 4 <= raw.count else { return nil }
    var value: UInt16 = 0
    for k in index..<index + 4 {
      let c = raw[k]
      let digit: UInt8
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
