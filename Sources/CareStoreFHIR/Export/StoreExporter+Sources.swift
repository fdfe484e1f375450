import CareModel
public import CareStore
import CarePipeline
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import Foundation

extension StoreExporter {
  /// The resources an export from sources writes for entities whose version in effect came from
  /// an import (its provenance keeps every source's JSON): each source once, as it was read when
  /// its release is the target's, else converted by ``ReleaseConverter``.
  struct SourceItems {
    /// The sources written, by release, type and JSON (a CarePlan is the source of its plan and
    /// of each activity task; one Observation may be the source of one outcome only, but stays safe).
    private var written: Set<String> = []

    /// The items for the sources of the entities `uuids` stand for, each converted to `target`,
    /// leaving out those already written; all of them or none.
    /// - Returns: `nil` when an entity has no source, or one has no JSON or cannot be read (the
    ///   entities are then written through the coders instead).
    mutating func add(_ sources: [UUID: [SourceReference]], of uuids: [UUID], target: Target) -> [Item]? {
      var items: [Item] = []
      var keys: Set<String> = []
      for uuid in uuids {
        let own = sources[uuid] ?? []
        guard !own.isEmpty else { return nil }
        for source in own {
          guard let json = source.json else { return nil }
          let key = source.release.rawValue + "|" + source.resourceType + "|" + String(decoding: json, as: UTF8.self)
          if written.contains(key) || !keys.insert(key).inserted { continue }
          guard let bytes = Self.convert(json, from: source.release, to: target) else { return nil }
          items.append(Item(type: Self.type(source.resourceType, in: target), uuid: uuid, json: bytes, fullUrl: source.fullUrl))
        }
      }
      // Only now that every entity has its items: a group that fails leaves nothing written.
      written.formUnion(keys)
      return items
    }

    /// The resource type `type` becomes in `target` (a MedicationOrder is an R4 MedicationRequest).
    static func type(_ type: String, in target: Target) -> String {
      switch (type, target) {
      case ("MedicationOrder", .r4): "MedicationRequest"
      case ("MedicationRequest", .dstu2): "MedicationOrder"
      default: type
      }
    }

    /// `json` (a resource of `release`) in the target release: as it is, or converted.
    static func convert(_ json: Data, from release: SourceReference.Release, to target: Target) -> [UInt8]? {
      let bytes = Array(json)
      switch (release, target) {
      case (.r4, .r4), (.dstu2, .dstu2): return bytes
      case (.dstu2, .r4):
        guard let tokens = tokens(bytes), let resource = try? FHIRDSTU2.AnyResource.decode(from: tokens).value else {
          return nil
        }
        return ReleaseConverter.toR4(resource).0.jsonBytes()
      case (.r4, .dstu2):
        guard let tokens = tokens(bytes), let resource = try? FHIRR4.AnyResource.decode(from: tokens).value else {
          return nil
        }
        return ReleaseConverter.toDSTU2(resource).0.jsonBytes()
      case (_, .care): return nil
      }
    }

    /// The tokens of the one JSON value in `bytes`.
    static func tokens(_ bytes: [UInt8]) -> JSONTokens? {
      let tokenizer = JSONTokenizer()
      do {
        try tokenizer.feed(bytes)
        try tokenizer.finish()
      } catch {
        return nil
      }
      guard case .value(let tokens)? = tokenizer.nextOutput() else { return nil }
      return tokens
    }
  }
}
