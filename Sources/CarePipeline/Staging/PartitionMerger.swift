import CareModel
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

/// What merging one partition of a ``StagedMerge`` reads — the staged resources' index and
/// file — taken once everything is staged, as a value that may cross threads: partitions are
/// merged on several threads (``StagedMerge/mergeAll(checking:jobs:progress:_:)``), each by a
/// ``MergeRun`` of its own.
struct PartitionMerger: Sendable {
  let pipeline: Pipeline
  let typeNames: [String]
  let file: StagingFile.Reader
  let partitions: StagedMerge.Partitions

  /// One merged partition: its entities and report, and the resources counted as not converted
  /// without being loaded.
  struct Merged: Sendable {
    var result: PipelineResult
    var notConverted: [String: Int] = [:]
  }

  /// One record of the members file (``StagedMerge/Partitions/members``).
  private struct Entry {
    var root: Int32
    var ordinal: Int32
    var resource: StagedIndex.Version?
    var url: String?
    var guest: Int32?
  }

  /// Merges the partition whose members are at `range` of the members file.
  /// - Throws: ``StagingError`` when a staged resource cannot be read again.
  func merge(_ range: Swift.Range<Int64>) throws -> Merged {
    var entries: [Entry] = []
    var records = RecordFile.Cursor(file: partitions.members, range: range)
    var groupSizes: [Int32: Int] = [:]
    while let record = try records.next() {
      var reader = RecordReader(record)
      var entry = Entry(root: reader.int32(), ordinal: reader.int32())
      switch reader.uint8() {
      case 0:
        entry.resource = StagedIndex.Version(record: reader.rest)
        groupSizes[entry.root, default: 0] += 1
      case 1: entry.url = reader.text()
      default: entry.guest = reader.int32()
      }
      entries.append(entry)
    }
    var resources: [IndexedResource] = []
    var keyOfURL: [String: String] = [:]
    var members = Set<Int32>()
    var notConverted: [String: Int] = [:]
    var loadedKeys: [Int32: String] = [:]
    var guests: [Int32] = []
    for entry in entries {
      if let version = entry.resource {
        let type = typeNames[Int(version.slot.type)]
        if !StagedMerge.mayConvert(type, isDSTU2: version.slot.isDSTU2) && groupSizes[entry.root] == 1 {
          // Becomes no entity and nothing in its group refers to it: counted without loading.
          notConverted[type, default: 0] += 1
          continue
        }
        members.insert(entry.ordinal)
        loadedKeys[entry.ordinal] = version.key
        resources.append(try load(version, ordinal: entry.ordinal))
      } else if let url = entry.url {
        if let key = loadedKeys[entry.ordinal] { keyOfURL[url] = key }
      } else if let guest = entry.guest {
        guests.append(guest)
      }
    }
    var guestKeys = Set<String>()
    for guest in guests where !members.contains(guest) {
      guard let member = partitions.guests[guest] else { continue }
      members.insert(guest)
      guestKeys.insert(member.version.key)
      for url in member.urls { keyOfURL[url] = member.version.key }
      resources.append(try load(member.version, ordinal: guest))
    }
    let index = ResourceIndex(resources: resources, urls: keyOfURL, guests: guestKeys, holders: partitions.holders)
    var run = MergeRun(pipeline: pipeline, index: index, knownPlanUUIDs: partitions.planUUIDs)
    return Merged(result: run.run(), notConverted: notConverted)
  }

  /// The kept version of `ordinal`, decoded again from where it is staged.
  private func load(_ version: StagedIndex.Version, ordinal: Int32) throws -> IndexedResource {
    let slot = version.slot
    let bytes = try file.read(at: slot.offset, count: Int(slot.length))
    let decoded = try StagedMerge.decode(
      bytes, isCanonical: slot.isCanonical, isSourceText: slot.isSourceText, repairs: slot.isAsRead,
      isDSTU2: slot.isDSTU2, type: typeNames[Int(slot.type)], path: file.path)
    return IndexedResource(
      key: version.key, fullUrl: partitions.keptURL(of: ordinal, version), resource: decoded.resource,
      source: decoded.source, originalJSON: partitions.originalJSON[ordinal] ?? decoded.originalJSON,
      compactJSON: slot.isCanonical ? bytes : nil)
  }
}
