public import CareStore
import CareModel
import CarePipeline
import FHIRJSON
import Foundation

extension StoreExporter {
  /// A care-side change written over its source: which entity, and the top-level elements of
  /// its source resource the change replaced (names only, never values).
  public struct Change: Hashable, Sendable {
    /// The care kind (`task`, `patient`, `outcome`).
    public var kind: String
    /// The entity's id.
    public var id: String
    /// The resource elements replaced or removed (`dosageInstruction`, `status`, …).
    public var elements: [String]
  }

  /// The elements a care-side change never replaces: the resource's identity and its own extensions.
  static let keptElements: Set<String> = ["resourceType", "id", "meta", "extension", "contained"]

  /// `source` with each top-level element in which `old` and `new` (the coders' writing of the
  /// entity as imported and as changed) differ replaced by `new`'s, or removed where `new` has none.
  /// - Returns: `nil` when one of the three is not a JSON object.
  static func merge(source: [UInt8], old: [UInt8], new: [UInt8]) -> (json: [UInt8], elements: [String])? {
    guard case .object(var merged)? = try? JSONValue(parsing: String(decoding: source, as: UTF8.self)),
      case .object(let before)? = try? JSONValue(parsing: String(decoding: old, as: UTF8.self)),
      case .object(let after)? = try? JSONValue(parsing: String(decoding: new, as: UTF8.self))
    else { return nil }
    var elements: [String] = []
    var seen: Set<String> = []
    for key in before.keys + after.keys where !keptElements.contains(key) && seen.insert(key).inserted {
      let a = before[key], b = after[key]
      let same = a.map { x in b.map { x.isEquivalent(to: $0) } ?? false } ?? (b == nil)
      guard !same else { continue }
      merged[key] = b
      elements.append(key)
    }
    return (JSONWriter.bytes(of: .object(merged)), elements)
  }

  /// For an entity whose version in effect has no sources (changed on the care side), the newest
  /// earlier version that came from exactly one resource, with that source.
  static func base(of kind: EntityKind, id: String, in reader: any StoreReader) throws -> (CareRecord, SourceReference)? {
    let versions = try reader.versions(kind, .ids([id]))
    let sources = try reader.sources(of: versions.map(\.uuid))
    for version in versions.sorted(by: { $0.sequence > $1.sequence }) {
      guard let list = sources[version.uuid], !list.isEmpty else { continue }
      guard list.count == 1, list[0].json != nil, let record = try? version.record() else { return nil }
      return (record, list[0])
    }
    return nil
  }
}
