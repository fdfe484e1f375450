import CareModel
import Crypto
public import CareStore
import CarePipeline
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import Foundation

extension StoreExporter {
  /// An entity written through the coders although it came from an import (``fromSources``),
  /// because a source of it, or of a task written with it, cannot be read back: which entity, and
  /// why (places and names, never a value).
  public struct SourceProblem: Hashable, Sendable {
    /// The care kind (`carePlan`, `task`, `outcome`, `patient`).
    public var kind: String
    /// The entity's id.
    public var id: String
    /// Which source, and what is wrong with it.
    public var reason: String
  }

  /// The resources an export from sources writes for entities whose version in effect came from
  /// an import (its provenance keeps every source's JSON): each source once, as it was read when
  /// its release is the target's, else converted by ``ReleaseConverter``.
  struct SourceItems {
    /// What ``add(of:target:)`` finds for a group of entities.
    enum Added {
      /// The items to write (none when every source was written already).
      case items([Item])
      /// An entity has no source, or one without JSON: the group is written through the coders.
      case noSource
      /// A source cannot be read back (why, naming it): the group is written through the coders.
      case unreadable(String)
    }

    /// The sources of the entities of the page being written, by version uuid (``load(_:from:)``).
    private var sources: [UUID: [SourceReference]] = [:]
    /// The versions of the page whose sources could not be read, with why.
    private var damaged: [UUID: StoreError] = [:]
    /// The sources written, each by the SHA-256 of its release, type and JSON (the first 16 bytes,
    /// as a uuid: not the JSON itself, which would hold the whole export in memory). A CarePlan is
    /// the source of its plan and of each activity task; one Observation may be the source of one
    /// outcome only, but stays safe.
    private var written: Set<UUID> = []

    /// Creates the sources of an export, none read yet.
    init() {}

    /// Reads the sources of the versions `uuids` (a page of the export) with `reader`, in place of
    /// the page before, 500 at a time: a batch in which one does not decompress is read again
    /// version by version, so that only the damaged version's sources are missing (and its entity
    /// written through the coders), not the whole page's.
    /// - Throws: ``StoreError`` for any other failure to read.
    mutating func load(_ uuids: [UUID], from reader: any StoreReader) throws {
      sources = [:]
      damaged = [:]
      func read(_ chunk: ArraySlice<UUID>) throws {
        sources.merge(try reader.sources(of: Array(chunk)), uniquingKeysWith: { a, _ in a })
      }
      for start in stride(from: 0, to: uuids.count, by: 500) {
        let chunk = uuids[start..<min(start + 500, uuids.count)]
        do {
          try read(chunk)
        } catch let error as StoreError where error.kind == .corrupt && chunk.count > 1 {
          for uuid in chunk {
            do {
              try read([uuid])
            } catch let error as StoreError where error.kind == .corrupt {
              damaged[uuid] = error
            }
          }
        }
      }
    }

    /// The key a source is remembered by once written.
    private static func key(_ source: SourceReference, json: Data) -> UUID {
      var hash = SHA256()
      hash.update(data: Data((source.release.rawValue + "|" + source.resourceType + "|").utf8))
      hash.update(data: json)
      let b = Array(hash.finalize().prefix(16))
      return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// The items for the sources of the entities `uuids` stand for, each converted to `target`,
    /// leaving out those already written; all of them or none.
    mutating func add(of uuids: [UUID], target: Target) -> Added {
      for uuid in uuids {
        if let error = damaged[uuid] { return .unreadable(error.description) }
      }
      var items: [Item] = []
      var keys: Set<UUID> = []
      for uuid in uuids {
        let own = sources[uuid] ?? []
        guard !own.isEmpty else { return .noSource }
        for source in own {
          guard let json = source.json else { return .noSource }
          let key = Self.key(source, json: json)
          if written.contains(key) || !keys.insert(key).inserted { continue }
          guard let bytes = Self.convert(json, from: source.release, to: target) else {
            return .unreadable(
              "its source \(source.resourceType)/\(source.resourceID ?? "(no id)") (version \(uuid.uuidString)) "
                + "is not a \(source.release.rawValue) resource FHIRKit can read to convert")
          }
          items.append(Item(type: Self.type(source.resourceType, in: target), uuid: uuid, json: bytes, fullUrl: source.fullUrl))
        }
      }
      // Only now that every entity has its items: a group that fails leaves nothing written.
      written.formUnion(keys)
      return .items(items)
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
