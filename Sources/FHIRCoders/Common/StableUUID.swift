public import Foundation

/// UUIDs for FHIR resources: the resource id itself when it is a UUID (as in Synthea and
/// `urn:uuid:` references), otherwise one derived from `Type/id`, so that a reference and the
/// resource it points at get the same UUID in one output.
public enum StableUUID {
  /// The UUID for a resource of `type` with `id`.
  public static func forResource(type: String, id: String) -> UUID {
    if let uuid = UUID(uuidString: id) { return uuid }
    return derived(type + "/" + id)
  }

  /// The UUID a reference (`Patient/123`, `urn:uuid:…`, `http://…/Patient/123`) points at, or
  /// `nil` for a contained (`#…`) or empty reference.
  public static func forReference(_ reference: String?) -> UUID? {
    guard let reference, !reference.isEmpty, !reference.hasPrefix("#") else { return nil }
    if reference.hasPrefix("urn:uuid:") { return UUID(uuidString: String(reference.dropFirst(9))) }
    let parts = reference.split(separator: "/")
    guard parts.count >= 2 else { return UUID(uuidString: reference) ?? derived(reference) }
    if let history = parts.lastIndex(of: "_history"), history >= 2 {
      return forResource(type: String(parts[history - 2]), id: String(parts[history - 1]))
    }
    return forResource(type: String(parts[parts.count - 2]), id: String(parts[parts.count - 1]))
  }

  /// A name-based UUID (FNV-1a, two seeds), version bits set to 5.
  static func derived(_ name: String) -> UUID {
    func fnv(_ seed: UInt64) -> UInt64 {
      var hash = seed
      for byte in name.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      return hash
    }
    let a = fnv(0xcbf2_9ce4_8422_2325), b = fnv(0x8422_2325_cbf2_9ce4)
    var bytes = [UInt8](repeating: 0, count: 16)
    for i in 0..<8 {
      bytes[i] = UInt8(truncatingIfNeeded: a >> (8 * i))
      bytes[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * i))
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x50
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
      bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
  }
}
