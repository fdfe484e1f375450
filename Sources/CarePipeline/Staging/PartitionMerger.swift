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
  let keys: KeyTable
  let slots: [StagedMerge.Slot]
  let urls: StagedURLs
  let originalJSON: [Int32: [UInt8]]
  let typeNames: [String]
  let file: StagingFile.Reader
  let partitions: StagedMerge.Partitions

  /// One merged partition: its entities and report, and the resources counted as not converted
  /// without being loaded.
  struct Merged: Sendable {
    var result: PipelineResult
    var notConverted: [String: Int] = [:]
  }

  /// Merges the partition of `range` (positions in the partitions' order).
  /// - Throws: ``StagingError`` when a staged resource cannot be read again.
  func merge(_ range: Swift.Range<Int>) throws -> Merged {
    var resources: [IndexedResource] = []
    var keyOfURL: [String: String] = [:]
    var members = Set<Int32>()
    var notConverted: [String: Int] = [:]
    func load(_ ordinal: Int32) throws -> IndexedResource {
      let key = keys.key(ordinal)
      for url in urls.urls(of: ordinal) { keyOfURL[url] = key }
      let slot = slots[Int(ordinal)]
      let bytes = try file.read(at: slot.offset, count: Int(slot.length))
      let (resource, source) = try StagedMerge.decode(
        bytes, isCanonical: slot.isCanonical, isDSTU2: slot.isDSTU2, type: typeNames[Int(slot.type)], path: file.path)
      return IndexedResource(
        key: key, fullUrl: urls.keptURL(of: ordinal), resource: resource, source: source, originalJSON: originalJSON[ordinal],
        compactJSON: slot.isCanonical ? bytes : nil)
    }
    for ordinal in partitions.order[range] {
      let slot = slots[Int(ordinal)]
      if !StagedMerge.mayConvert(typeNames[Int(slot.type)], isDSTU2: slot.isDSTU2) && partitions.alone[Int(ordinal)] {
        // Becomes no entity and nothing in its group refers to it: counted without loading.
        notConverted[typeNames[Int(slot.type)], default: 0] += 1
        continue
      }
      members.insert(ordinal)
      resources.append(try load(ordinal))
    }
    var guestKeys = Set<String>()
    for ordinal in partitions.order[range] {
      for guest in partitions.guests[ordinal] ?? [] where !members.contains(guest) {
        members.insert(guest)
        guestKeys.insert(keys.key(guest))
        resources.append(try load(guest))
      }
    }
    let index = ResourceIndex(resources: resources, urls: keyOfURL, guests: guestKeys, holders: partitions.holders)
    var run = MergeRun(pipeline: pipeline, index: index, knownPlanUUIDs: partitions.planUUIDs)
    return Merged(result: run.run(), notConverted: notConverted)
  }
}
