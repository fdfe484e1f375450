import Foundation

/// The staging index once everything is staged (``StagedMerge/makeIndex()``): the newest
/// version of each key, numbered in key order (its ordinal), and each `fullUrl` with what it
/// leads to. Its tables are on disk, read in order; memory keeps 4 bytes per staged version (its
/// key's ordinal, until the references are resolved), a bit per kept resource, and what only a
/// few resources have (docs/pipeline.md, "The index on disk").
struct StagedIndex {
  /// One staged version as the index records it (in ``StagedMerge/versions``, sorted by key,
  /// then by sequence number).
  struct Version {
    var key: String
    /// Its place in the order versions were staged.
    var sequence: Int32
    var slot: StagedMerge.Slot
    /// The bytes it counts for when partitions are cut (``Pipeline/StagingOptions/partitionBytes``):
    /// its slot's `length`, or for JSON as read (``StagedMerge/Slot/isSourceText``) the length its
    /// tokens packed would have, so that the same resources are cut into the same partitions
    /// whatever the spacing of the input they came in.
    var weight: Int32
    var fullUrl: String?
    /// A converting CarePlan's entity uuid as its coder made it, and whether it has an id.
    var plan: (uuid: UUID, hasID: Bool)?

    init(
      key: String, sequence: Int32, slot: StagedMerge.Slot, weight: Int32? = nil, fullUrl: String?,
      plan: (uuid: UUID, hasID: Bool)?
    ) {
      self.key = key
      self.sequence = sequence
      self.slot = slot
      self.weight = weight ?? slot.length
      self.fullUrl = fullUrl
      self.plan = plan
    }

    /// Reads a version from its record.
    init(record: ArraySlice<UInt8>) {
      var reader = RecordReader(record)
      key = reader.ordered()
      sequence = reader.int32()
      slot = StagedMerge.Slot(from: &reader)
      weight = reader.int32()
      fullUrl = reader.optionalText()
      if reader.uint8() != 0 {
        let hasID = reader.uint8() != 0
        plan = (reader.uuid(), hasID)
      }
    }

    /// The bytes of a version's record that hold its key (as ``RecordBuilder/appendOrdered(_:)``
    /// wrote it): equal for two versions of one key.
    static func keyField(of record: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
      var reader = RecordReader(record)
      return reader.orderedField()
    }

    /// What merging needs of a kept version without reading its strings: its sequence number,
    /// slot and weight, and whether it is a CarePlan that converts.
    static func summary(of record: ArraySlice<UInt8>) -> (
      sequence: Int32, slot: StagedMerge.Slot, weight: Int32, hasPlan: Bool
    ) {
      var reader = RecordReader(record[(keyField(of: record).endIndex + 2)...])
      let sequence = reader.int32()
      let slot = StagedMerge.Slot(from: &reader)
      let weight = reader.int32()
      if reader.uint8() != 0 { reader.skipData() }
      return (sequence, slot, weight, reader.uint8() != 0)
    }

    /// Its record: ordered by key, then by sequence number.
    func record() -> [UInt8] {
      var record = RecordBuilder()
      write(to: &record)
      return record.bytes
    }

    /// Appends its record's fields to `record`.
    func write(to record: inout RecordBuilder) {
      record.appendOrdered(key)
      record.append(sequence)
      slot.write(to: &record)
      record.append(weight)
      record.appendText(fullUrl)
      if let plan {
        record.append(UInt8(1))
        record.append(UInt8(plan.hasID ? 1 : 0))
        record.append(plan.uuid)
      } else {
        record.append(UInt8(0))
      }
    }

    /// The entity uuid of a converting CarePlan kept with `keptURL` as its `fullUrl` (what
    /// ``MergeRun/identify(_:_:)`` gives it), or `nil` when it is no CarePlan that converts.
    func planUUID(type: String, keptURL: String?) -> UUID? {
      guard let plan else { return nil }
      return plan.hasID ? plan.uuid : MergeRun.identifiedUUID(plan.uuid, type: type, key: key, fullUrl: keptURL)
    }
  }

  /// Per sequence number: the ordinal of its version's key, or `~ordinal` for a version not kept.
  /// Emptied once the references are resolved (``StagedMerge/siteTargets(_:holders:)``), before the
  /// groups are joined.
  var ordinals: [Int32]
  /// The number of kept resources.
  var count: Int
  /// The kept resources in ordinal order, which is their keys' order: their kept version's
  /// ``Version`` record.
  let kept: RecordFile
  /// Each `fullUrl` once, in URL order: the URL (``RecordBuilder/appendOrdered(_:)``) and the
  /// ordinal of the resource it leads to (the first version staged with it belongs to it).
  let urls: RecordFile
  /// The kept URL of the resources whose kept version's own `fullUrl` is not it (few: a newer
  /// version without `fullUrl` replaced one with).
  var keptURLs: [Int32: String] = [:]
  /// A bit per ordinal: whether it is a Patient whose coder converts it.
  var convertingPatients: [UInt64]
  /// The uuids of all CarePlan entities.
  var planUUIDs: Set<UUID> = []
  /// The JSON as read of the kept versions that decoding repaired (few), by ordinal.
  var originalJSON: [Int32: [UInt8]] = [:]

  /// The ordinal of the version with `sequence`, kept or not.
  func ordinal(ofSequence sequence: Int32) -> Int32 {
    let ordinal = ordinals[Int(sequence)]
    return ordinal >= 0 ? ordinal : ~ordinal
  }

  /// The ordinal of the version with `sequence` when it is the kept one.
  func keptOrdinal(ofSequence sequence: Int32) -> Int32? {
    let ordinal = ordinals[Int(sequence)]
    return ordinal >= 0 ? ordinal : nil
  }

  /// Whether `ordinal` is a Patient whose coder converts it.
  func isConvertingPatient(_ ordinal: Int32) -> Bool {
    convertingPatients[Int(ordinal) >> 6] & (1 << UInt64(ordinal & 63)) != 0
  }
}
