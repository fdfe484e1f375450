public import Foundation

/// UUIDs as text, in Swift. Foundation's `uuidString` and `UUID(uuidString:)` do the same
/// through C's `snprintf` and `sscanf` on Linux, which cost 3.5 % of `convert --to care`'s
/// instructions (callgrind) where every entity carries a uuid and every resource id is tried as
/// one (docs/benchmarks/job-2026-11-28-sessions-7-10.md, "UUID text").
extension UUID {
  /// The UUID as `uuidString` writes it: 32 uppercase hexadecimal digits in groups of 8, 4, 4,
  /// 4 and 12, separated by hyphens.
  public var text: String {
    let u = uuid
    let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    var out: [UInt8] = []
    out.reserveCapacity(36)
    for (i, byte) in bytes.enumerated() {
      if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
      out.append(Self.digits[Int(byte >> 4)])
      out.append(Self.digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A UUID from text as libuuid's `uuid_parse` reads it: exactly 36 characters, hyphens at
  /// positions 8, 13, 18 and 23 and hexadecimal digits of either case elsewhere; `nil` otherwise.
  /// `UUID(uuidString:)` reads the same, except that on Linux it also takes white space or a
  /// sign in place of a digit (`sscanf`), as no FHIR id can hold.
  public init?(text: some StringProtocol) {
    guard text.utf8.count == 36 else { return nil }
    // An array of the bytes: iterating a string's `utf8` view costs several times more.
    let utf8 = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    var i = 0
    while i < 36 {
      if i == 8 || i == 13 || i == 18 || i == 23 {
        guard utf8[i] == UInt8(ascii: "-") else { return nil }
        i += 1
        continue
      }
      guard let high = Self.hexValue(utf8[i]), let low = Self.hexValue(utf8[i + 1]) else { return nil }
      bytes.append(high << 4 | low)
      i += 2
    }
    self.init(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
        bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  private static let digits = Array("0123456789ABCDEF".utf8)

  private static func hexValue(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
