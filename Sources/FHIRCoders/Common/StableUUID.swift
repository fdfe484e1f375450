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
    var name = name
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x8422_2325_cbf2_9ce4
    name.withUTF8 { bytes in
      for byte in bytes {
        a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
        b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    // Bytes 0-7 are `a` and 8-15 are `b`, least significant first.
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &uuid) { raw in
      raw.storeBytes(of: a.littleEndian, toByteOffset: 0, as: UInt64.self)
      raw.storeBytes(of: b.littleEndian, toByteOffset: 8, as: UInt64.self)
      raw[6] = (raw[6] & 0x0F) | 0x50
      raw[8] = (raw[8] & 0x3F) | 0x80
    }
    return UUID(uuid: uuid)
  }
}
