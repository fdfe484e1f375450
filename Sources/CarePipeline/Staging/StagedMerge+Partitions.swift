import CareModel
import Foundation

extension StagedMerge {
  /// The staged resources cut into partitions: ordinals in output order, and where each
  /// partition's members are in that order.
  struct Partitions {
    var order: [Int32]
    var ranges: [Range<Int>]
    /// Medications (or whatever a `medicationReference` leads to) each order refers to.
    var guests: [Int32: [Int32]]
    /// The uuids of all CarePlan entities.
    var planUUIDs: Set<UUID>
    /// Per ordinal: whether it is the only member of its group.
    var alone: [Bool]
    /// The resources that have the identifiers logical references name.
    var holders: [LogicalIdentifier: [LogicalIdentifier.Holder]] = [:]
  }

  /// Joins the staged resources into groups by the references the merge follows and packs
  /// the groups into partitions. Groups and partitions are ordered by their smallest key, so
  /// the order does not depend on the input's order.
  func partition() throws -> Partitions {
    try file.flush()
    try sites.flush()
    try identifiers.flush()
    let holders = try logicalHolders()
    let count = keys.count
    let orphan = Int32(count)
    var sets = UnionFind(count: count + 1)
    var guests: [Int32: [Int32]] = [:]
    // The first resource naming each Patient outside the run (`Patient/id`): the others naming
    // it join its group, since the merge makes one log plan and one medication plan for it.
    var outside: [String: Int32] = [:]
    func joinOutside(_ ordinal: Int32, _ reference: String) -> Bool {
      guard let key = Self.outsidePatientKey(reference) else { return false }
      if let first = outside[key] { sets.union(ordinal, first) } else { outside[key] = ordinal }
      return true
    }
    try forEachSite { ordinal, offset, kind, reference in
      guard slots[Int(ordinal)].offset == offset else { return }  // a version that lost
      let target = reference.isEmpty ? nil : self.target(of: reference, from: ordinal, holders: holders)
      switch kind {
      case UInt8(ascii: "m"):
        if let target { guests[ordinal, default: []].append(target) }
      case UInt8(ascii: "s"):
        // An observation goes with its patient, or with the others of a patient outside the
        // run; one without a converted patient goes to the single log task of observations
        // without a patient.
        if let target { sets.union(ordinal, target) }
        let isPatient = target.map { typeNames[Int(slots[Int($0)].type)] == "Patient" && slots[Int($0)].patientConverts }
        if isPatient != true && (target != nil || !joinOutside(ordinal, reference)) { sets.union(ordinal, orphan) }
      case UInt8(ascii: "p"):
        // A medication order goes with its patient, or with the others of a patient outside the run.
        if let target { sets.union(ordinal, target) } else { _ = joinOutside(ordinal, reference) }
      default:
        if let target { sets.union(ordinal, target) }
      }
    }
    let roots = sets.representatives()
    // Per group (by its root): the ordinal with the group's smallest key, then the group's rank
    // once the groups are sorted by it. One array for both: memory at this step grows with the
    // input (docs/benchmarks.md, "Partitions in less memory").
    var perRoot = [Int32](repeating: -1, count: count + 1)
    for i in 0..<count {
      let root = Int(roots[i])
      let known = perRoot[root]
      if known < 0 || keys.precedes(Int32(i), known) { perRoot[root] = Int32(i) }
    }
    let sortedRoots = (0..<Int32(count + 1)).filter { perRoot[Int($0)] >= 0 }.sorted {
      keys.precedes(perRoot[Int($0)], perRoot[Int($1)])
    }
    for (rank, root) in sortedRoots.enumerated() { perRoot[Int(root)] = Int32(rank) }
    let rank = perRoot
    // The ordinals by their group's rank, then in their own order: a counting sort.
    var starts = [Int32](repeating: 0, count: sortedRoots.count + 1)
    for i in 0..<count { starts[Int(rank[Int(roots[i])]) + 1] += 1 }
    for group in sortedRoots.indices { starts[group + 1] += starts[group] }
    var order = [Int32](repeating: 0, count: count)
    for i in 0..<count {
      let group = Int(rank[Int(roots[i])])
      order[Int(starts[group])] = Int32(i)
      starts[group] += 1
    }
    var ranges: [Range<Int>] = []
    var alone = [Bool](repeating: false, count: count)
    var start = 0
    var bytes = 0
    var i = 0
    while i < order.count {
      var end = i + 1
      while end < order.count && roots[Int(order[end])] == roots[Int(order[i])] { end += 1 }
      if end == i + 1 { alone[Int(order[i])] = true }
      let groupBytes = order[i..<end].reduce(0) { $0 + Int(slots[Int($1)].length) }
      if i > start && bytes + groupBytes > options.partitionBytes {
        ranges.append(start..<i)
        start = i
        bytes = 0
      }
      bytes += groupBytes
      i = end
    }
    if start < order.count { ranges.append(start..<order.count) }
    return Partitions(
      order: order, ranges: ranges, guests: guests, planUUIDs: Set(planUUIDs.values), alone: alone, holders: holders)
  }

  /// Merges one partition (see ``PartitionMerger``) and adds its report to ``report``.
  func merge(_ range: Swift.Range<Int>, of partitions: Partitions) throws -> PipelineResult {
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
    return PartitionMerger(
      pipeline: pipeline, keys: keys, slots: slots, urls: urls, originalJSON: originalJSON,
      typeNames: typeNames, file: file.reader, partitions: partitions)
  }

  /// The `Patient/id` a literal reference (relative or absolute, any `_history` dropped) that
  /// leads to no staged resource names — a Patient outside the run, as ``MergeRun`` keys it —
  /// or `nil` for any other reference.
  static func outsidePatientKey(_ reference: String) -> String? {
    guard !reference.isEmpty, !reference.hasPrefix("\t") else { return nil }
    let form = ReferenceResolver.form(reference)
    guard form == .relative || form == .absolute,
      let typeID = ReferenceResolver.typeAndID(ReferenceResolver.withoutHistory(reference)),
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

  /// The holders of every identifier a staged logical reference names (of kept versions only):
  /// the identifiers are collected from the references, then looked up in the staged identifiers.
  private func logicalHolders() throws -> [LogicalIdentifier: [LogicalIdentifier.Holder]] {
    guard hasLogicalSites else { return [:] }
    var wanted = Set<LogicalIdentifier>()
    try forEachLine(of: sites, fields: 4) { fields in
      if fields.count == 4, let (identifier, _) = StagedText.logical(String(decoding: fields[3], as: UTF8.self)) {
        wanted.insert(identifier)
      }
    }
    var holders: [LogicalIdentifier: [LogicalIdentifier.Holder]] = [:]
    try forEachLine(of: identifiers, fields: 3) { fields in
      guard fields.count == 3, let ordinal = Int32(String(decoding: fields[0], as: UTF8.self)),
        let at = Int64(String(decoding: fields[1], as: UTF8.self)), slots[Int(ordinal)].offset == at
      else { return }
      let text = String(decoding: fields[2], as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t"), let identifier = StagedText.identifier(text[text.index(after: tab)...]),
        wanted.contains(identifier)
      else { return }
      holders[identifier, default: []].append(
        LogicalIdentifier.Holder(type: String(text[..<tab]), key: keys.key(ordinal)))
    }
    return holders
  }

  /// Calls `body` with each staged reference line: ordinal, staged offset, kind, reference.
  private func forEachSite(_ body: (Int32, Int64, UInt8, String) throws -> Void) throws {
    try forEachLine(of: sites, fields: 4) { fields in
      if fields.count >= 3, let ordinal = Int32(String(decoding: fields[0], as: UTF8.self)),
        let at = Int64(String(decoding: fields[1], as: UTF8.self)), let kind = fields[2].first
      {
        try body(ordinal, at, kind, fields.count > 3 ? String(decoding: fields[3], as: UTF8.self) : "")
      }
    }
  }

  /// Calls `body` with the space-separated fields (at most `fields`, the last taking the rest of
  /// the line) of each line of `file`.
  private func forEachLine(of file: StagingFile, fields: Int, _ body: ([ArraySlice<UInt8>]) throws -> Void) throws {
    var pending: [UInt8] = []
    var offset: Int64 = 0
    while offset < file.size {
      let count = Int(min(Int64(1 << 20), file.size - offset))
      pending += try file.read(at: offset, count: count)
      offset += Int64(count)
      var start = 0
      while let newline = pending[start...].firstIndex(of: 0x0A) {
        try body(pending[start..<newline].split(separator: 0x20, maxSplits: fields - 1, omittingEmptySubsequences: false))
        start = newline + 1
      }
      pending.removeFirst(start)
    }
  }
}
