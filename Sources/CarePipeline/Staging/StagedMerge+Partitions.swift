import CareModel
import Foundation

extension StagedMerge {
  /// The staged resources cut into partitions: their members, in output order, in a file of
  /// ``Member`` records, and where each partition's are in it.
  struct Partitions: Sendable {
    /// The members file (``RecordFile``): per resource, its group's root, its ordinal, then a
    /// tag — 0: the resource (its kept version's ``StagedIndex/Version`` record), 1: a
    /// `fullUrl` leading to it, 2: a resource it refers to by `medicationReference` (its
    /// guest), by ordinal.
    let members: StagingFile.Reader
    /// Per partition: its members' bytes in ``members``.
    var ranges: [Range<Int64>]
    /// The resources orders refer to by `medicationReference` (few), by ordinal: a partition
    /// loads them beside its own.
    var guests: [Int32: Member]
    /// The uuids of all CarePlan entities.
    var planUUIDs: Set<UUID>
    /// The resources that have the identifiers logical references name.
    var holders: [LogicalIdentifier: [LogicalIdentifier.Holder]] = [:]
    /// The JSON as read of the kept versions that decoding repaired (few), by ordinal.
    var originalJSON: [Int32: [UInt8]]
    /// The kept `fullUrl`s that are not the kept version's own (``StagedIndex/keptURLs``).
    var keptURLs: [Int32: String]

    /// The `fullUrl` of `ordinal`, whose kept version is `version`.
    func keptURL(of ordinal: Int32, _ version: StagedIndex.Version) -> String? {
      keptURLs[ordinal] ?? version.fullUrl
    }
  }

  /// A kept resource's kept version, with every `fullUrl` that leads to it.
  struct Member: Sendable {
    var version: StagedIndex.Version
    var urls: [String] = []
  }

  /// Indexes what is staged, joins the resources into groups by the references the merge
  /// follows and packs the groups into partitions. Groups and partitions are ordered by their
  /// smallest key, so the order does not depend on the input's order. Done once: building the
  /// index consumes what was staged, and a strict run merges the partitions twice (to check,
  /// then to hand out).
  func partition() throws -> Partitions {
    if let partitions { return partitions }
    var index = try makeIndex()
    let holders = try logicalHolders(index)
    // Each group's root is its smallest ordinal, which has its smallest key: the members
    // sorted by root, then ordinal, are the groups in order.
    let (roots, guestsOf) = try resolveAndJoin(&index, holders: holders)
    let (members, guests) = try sortedMembers(index, roots: consume roots, guestsOf: guestsOf)
    let (file, ranges) = try cut(members)
    partitionFile = file
    let made = Partitions(
      members: file.reader, ranges: ranges, guests: guests, planUUIDs: index.planUUIDs, holders: holders,
      originalJSON: index.originalJSON, keptURLs: index.keptURLs)
    partitions = made
    return made
  }

  /// Resolves every reference the merge follows (``siteTargets(_:holders:)``), then joins the
  /// groups by them (``join(_:sites:targets:)``): each kept resource's group root, by ordinal,
  /// and the resources each order refers to by `medicationReference`. The versions' ordinals
  /// go in between, before the union-find comes (4 bytes per resource at a time), and what
  /// resolving wrote goes with the joining.
  private func resolveAndJoin(_ index: inout StagedIndex, holders: [LogicalIdentifier: [LogicalIdentifier.Holder]])
    throws -> (roots: [Int32], guestsOf: [(order: Int32, guest: Int32)])
  {
    let (targets, sites) = try siteTargets(index, holders: holders)
    index.ordinals = []
    var (sets, guestsOf) = try join(index, sites: sites, targets: targets)
    return (sets.representatives(), guestsOf)
  }

  /// Joins the kept resources into groups (a union-find over their ordinals, one more for
  /// the observations without a patient) by the references the merge follows (`sites`, with
  /// their `targets`: ``siteTargets(_:holders:)``); and lists the resources each order refers
  /// to by `medicationReference`.
  private func join(_ index: StagedIndex, sites: RecordFile, targets: RecordSorter) throws -> (
    sets: UnionFind, guestsOf: [(order: Int32, guest: Int32)]
  ) {
    let orphan = Int32(index.count)
    var sets = UnionFind(count: index.count + 1)
    var guestsOf: [(order: Int32, guest: Int32)] = []
    // The first resource naming each Patient outside the run (`Patient/id`): the others naming
    // it join its group, since the merge makes one log plan and one medication plan for it.
    var outside: [String: Int32] = [:]
    func joinOutside(_ ordinal: Int32, _ reference: ArraySlice<UInt8>) -> Bool {
      guard let key = Self.outsidePatientKey(String(decoding: reference, as: UTF8.self)) else { return false }
      if let first = outside[key] { sets.union(ordinal, first) } else { outside[key] = ordinal }
      return true
    }
    var targets = try targets.cursor()
    var pending = try targets.next()
    var site: Int32 = 0
    try sites.forEach { record in
      var reader = RecordReader(record)
      let ordinal = reader.int32()
      let kind = reader.uint8()
      let reference = reader.rest
      // The target of this site: its first candidate that exists (the matches are in order).
      var target: Int32?
      while let match = pending {
        var reader = RecordReader(match)
        let number = reader.int32()
        if number > site { break }
        _ = reader.uint8()
        if number == site && target == nil { target = reader.int32() }
        pending = try targets.next()
      }
      site += 1
      switch kind {
      case UInt8(ascii: "m"):
        if let target { guestsOf.append((ordinal, target)) }
      case UInt8(ascii: "s"):
        // An observation goes with its patient, or with the others of a patient outside the
        // run; one without a converted patient goes to the single log task of observations
        // without a patient.
        if let target { sets.union(ordinal, target) }
        let isPatient = target.map(index.isConvertingPatient)
        if isPatient != true && (target != nil || !joinOutside(ordinal, reference)) { sets.union(ordinal, orphan) }
      case UInt8(ascii: "p"):
        // A medication order or a plan goes with its patient, or with the others of a patient
        // outside the run.
        if let target { sets.union(ordinal, target) } else { _ = joinOutside(ordinal, reference) }
      default:
        if let target { sets.union(ordinal, target) }
      }
    }
    return (sets, guestsOf)
  }

  /// The members of every group (``Partitions/members``), sorted, and the guests' own.
  ///
  /// The `fullUrl`s and guests (in any order of their resources) are added while every root is
  /// in memory; then the roots go to disk, and the kept resources, in ordinal order, read them
  /// back in that order: the union-find's 4 bytes per resource are not held beside the
  /// sorter's runs.
  private func sortedMembers(_ index: StagedIndex, roots: consuming [Int32], guestsOf: [(order: Int32, guest: Int32)])
    throws -> (members: RecordSorter, guests: [Int32: Member])
  {
    let members = RecordSorter(directory: directory, runBytes: options.sortBytes, jobs: options.jobs)
    /// Adds a member record of `ordinal` in the group of `root` with `tag`, then what `write` adds.
    func add(_ ordinal: Int32, root: Int32, tag: UInt8, _ write: (inout RecordBuilder) -> Void) throws {
      try members.add { record in
        record.append(root)
        record.append(ordinal)
        record.append(tag)
        write(&record)
      }
    }
    let wanted = Set(guestsOf.map(\.guest))
    var guestURLs: [Int32: [String]] = [:]
    try index.urls.forEach { record in
      var reader = RecordReader(record)
      let url = reader.ordered()
      let ordinal = reader.int32()
      try add(ordinal, root: roots[Int(ordinal)], tag: 1) { $0.appendText(url) }
      if wanted.contains(ordinal) { guestURLs[ordinal, default: []].append(url) }
    }
    for (order, guest) in guestsOf {
      try add(order, root: roots[Int(order)], tag: 2) { $0.append(guest) }
    }
    let rootFile = try RecordFile(directory: directory)
    for root in roots { try rootFile.append { $0.append(root) } }
    roots = []
    var rootsInOrder = try rootFile.cursor()
    var guests: [Int32: Member] = [:]
    var ordinal: Int32 = 0
    try index.kept.forEach { record in
      guard let rootRecord = try rootsInOrder.next() else {
        throw StagingError(path: directory, message: "the staging index lost the group of a resource")
      }
      var reader = RecordReader(rootRecord)
      try add(ordinal, root: reader.int32(), tag: 0) { $0.append(fields: record) }
      if wanted.contains(ordinal) {
        guests[ordinal] = Member(version: StagedIndex.Version(record: record), urls: guestURLs[ordinal] ?? [])
      }
      ordinal += 1
    }
    return (members, guests)
  }

  /// Writes the sorted members out and cuts them into partitions: whole groups, each partition
  /// as many as fit in ``Pipeline/StagingOptions/partitionBytes`` of staged JSON (at least one).
  private func cut(_ members: RecordSorter) throws -> (file: StagingFile, ranges: [Range<Int64>]) {
    let file = try RecordFile(directory: directory)
    var ranges: [Range<Int64>] = []
    var start: Int64 = 0
    var bytes = 0
    var group: (root: Int32, start: Int64, bytes: Int)?
    func close() {
      guard let group else { return }
      if group.start > start && bytes + group.bytes > options.partitionBytes {
        ranges.append(start..<group.start)
        start = group.start
        bytes = 0
      }
      bytes += group.bytes
    }
    try members.forEach { record in
      var reader = RecordReader(record)
      let root = reader.int32()
      if group?.root != root {
        close()
        group = (root, file.size, 0)
      }
      _ = reader.int32()
      if reader.uint8() == 0 {
        group?.bytes += Int(StagedIndex.Version.summary(of: reader.rest).weight)
      }
      try file.append(record)
    }
    close()
    if file.size > start { ranges.append(start..<file.size) }
    try file.file.flush()
    return (file.file, ranges)
  }

  /// Merges one partition (see ``PartitionMerger``) and adds its report to ``report``.
  func merge(_ range: Swift.Range<Int64>, of partitions: Partitions) throws -> PipelineResult {
    absorb(try merger(partitions).merge(range))
  }

  /// Adds a merged partition's report to ``report`` and returns its entities.
  func absorb(_ partition: PartitionMerger.Merged) -> PipelineResult {
    for (type, count) in partition.notConverted { report.notConverted[type, default: 0] += count }
    report.add(partition: partition.result.report)
    return partition.result
  }

  /// What merging a partition reads, once everything is staged (see ``PartitionMerger``).
  /// - Throws: ``StagingError`` when the staging file cannot be written out.
  func merger(_ partitions: Partitions) throws -> PartitionMerger {
    try file.flush()
    return PartitionMerger(pipeline: pipeline, typeNames: typeNames, file: file.reader, partitions: partitions)
  }

  /// The `Patient/id` a literal reference (relative or absolute, any `_history` dropped) that
  /// leads to no staged resource names — a Patient outside the run, as ``MergeRun`` keys it —
  /// or `nil` for any other reference.
  static func outsidePatientKey(_ reference: String) -> String? {
    guard !reference.isEmpty, !reference.hasPrefix("\t") else { return nil }
    let literal = ReferenceResolver.Literal(reference)
    guard literal.form == .relative || literal.form == .absolute, let typeID = literal.typeAndID,
      typeID.hasPrefix("Patient/"), typeID.count > "Patient/".count
    else { return nil }
    return typeID
  }

  /// Whether a resource of `type` can become an entity (the types the merge converts).
  static func mayConvert(_ type: String, isDSTU2: Bool) -> Bool {
    switch type {
    case "Patient", "CarePlan", "Observation": true
    case "MedicationRequest": !isDSTU2
    case "MedicationOrder": isDSTU2
    default: false
    }
  }
}
