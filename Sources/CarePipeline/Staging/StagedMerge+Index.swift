extension StagedMerge {
  /// Builds the index of what is staged (once everything is): the versions sorted by key, the
  /// newest of each key kept as ``ResourceIndex`` keeps it, the kept ones numbered in key order.
  ///
  /// A version staged with a `fullUrl` that an earlier version had takes that version's key, as
  /// ``ResourceIndex`` gives it, so both are versions of one resource.
  /// - Throws: ``StagingError``.
  func makeIndex() throws -> StagedIndex {
    try file.flush()
    let moved = try movedKeys()
    // Versions whose key a `fullUrl` changes are few: they are read once more, under that key.
    var movedRecords: [[UInt8]] = []
    if !moved.isEmpty {
      try versions.forEach { record in
        var version = StagedIndex.Version(record: record)
        guard let key = moved[version.sequence] else { return }
        version.key = key
        movedRecords.append(version.record())
      }
      movedRecords.sort { $0.lexicographicallyPrecedes($1) }
    }
    var index = StagedIndex(
      ordinals: [Int32](repeating: 0, count: Int(versionCount)), count: 0, kept: try RecordFile(directory: directory),
      urls: try RecordFile(directory: directory), convertingPatients: [])
    // The versions of one key, as their records.
    var group: [ArraySlice<UInt8>] = []
    var groupKey: ArraySlice<UInt8> = []
    func add(_ record: ArraySlice<UInt8>) throws {
      let key = StagedIndex.Version.keyField(of: record)
      if !group.isEmpty && !groupKey.elementsEqual(key) {
        try keep(group, in: &index)
        group.removeAll(keepingCapacity: true)
      }
      if group.isEmpty { groupKey = key }
      group.append(record)
    }
    var nextMoved = 0
    try versions.forEach { record in
      while nextMoved < movedRecords.count && movedRecords[nextMoved].lexicographicallyPrecedes(record) {
        try add(movedRecords[nextMoved][...])
        nextMoved += 1
      }
      if moved.isEmpty || moved[StagedIndex.Version.summary(of: record).sequence] == nil { try add(record) }
    }
    for record in movedRecords[nextMoved...] { try add(record[...]) }
    if !group.isEmpty { try keep(group, in: &index) }
    try writeURLs(of: index)
    versions.removeAll()
    fullURLs.removeAll()
    originalJSON = [:]
    return index
  }

  /// Keeps the newest of the versions of one key (in the order they were staged; one equally
  /// new as the kept one does not replace it) under the next ordinal.
  private func keep(_ group: [ArraySlice<UInt8>], in index: inout StagedIndex) throws {
    let ordinal = Int32(index.count)
    index.count += 1
    var kept = group[0]
    var summary = StagedIndex.Version.summary(of: kept)
    var keptURL: String?
    if group.count > 1 {
      var version = StagedIndex.Version(record: kept)
      keptURL = version.fullUrl
      var keptBytes = try file.read(at: version.slot.offset, count: Int(version.slot.length))
      // The kept version decoded, once a version staged otherwise is compared with it.
      var keptResource: PipelineResource?
      for record in group.dropFirst() {
        let other = StagedIndex.Version(record: record)
        report.duplicatesMerged[typeNames[Int(other.slot.type)], default: 0] += 1
        index.ordinals[Int(other.sequence)] = ~ordinal
        // The same bytes staged the same way are the same resource, not newer: the copies of an
        // Organization in every Bundle of a pile are compared without decoding either.
        let otherBytes = try file.read(at: other.slot.offset, count: Int(other.slot.length))
        if other.slot.type == version.slot.type && other.slot.flags == version.slot.flags && otherBytes == keptBytes {
          continue
        }
        let otherResource = try decode(otherBytes, other.slot).resource
        let current = try keptResource ?? decode(keptBytes, version.slot).resource
        keptResource = current
        if ResourceIndex.isNewer(otherResource, than: current) {
          version = other
          kept = record
          keptURL = keptURL ?? other.fullUrl
          keptBytes = otherBytes
          keptResource = otherResource
        }
      }
      index.ordinals[Int(StagedIndex.Version(record: group[0]).sequence)] = ~ordinal
      summary = StagedIndex.Version.summary(of: kept)
      if let keptURL, version.fullUrl.map({ !$0.utf8.elementsEqual(keptURL.utf8) }) ?? true {
        index.keptURLs[ordinal] = keptURL
      }
    }
    index.ordinals[Int(summary.sequence)] = ordinal
    try index.kept.append(kept)
    if summary.hasPlan {
      let version = StagedIndex.Version(record: kept)
      let type = typeNames[Int(version.slot.type)]
      if let uuid = version.planUUID(type: type, keptURL: index.keptURLs[ordinal] ?? version.fullUrl) {
        index.planUUIDs.insert(uuid)
      }
    }
    if ordinal & 63 == 0 { index.convertingPatients.append(0) }
    if summary.slot.patientConverts { index.convertingPatients[Int(ordinal) >> 6] |= 1 << UInt64(ordinal & 63) }
    if let json = originalJSON[summary.sequence] { index.originalJSON[ordinal] = json }
  }

  /// The versions whose key changes to the key of the first version staged with their
  /// `fullUrl` (by sequence number).
  private func movedKeys() throws -> [Int32: String] {
    var moved: [Int32: String] = [:]
    var url: ArraySlice<UInt8> = []
    var ownerKey: String?
    try fullURLs.forEach { record in
      var reader = RecordReader(record)
      let next = reader.orderedField()
      let sequence = reader.int32()
      let key = reader.text()
      if ownerKey == nil || !next.elementsEqual(url) {
        url = next
        ownerKey = key
      } else if let ownerKey, !key.utf8.elementsEqual(ownerKey.utf8) {
        moved[sequence] = ownerKey
      }
    }
    return moved
  }

  /// Writes ``StagedIndex/urls``: each `fullUrl` once, in URL order, with the ordinal of the
  /// resource the first version staged with it belongs to (once every version has its ordinal).
  private func writeURLs(of index: StagedIndex) throws {
    var url: ArraySlice<UInt8>?
    try fullURLs.forEach { record in
      var reader = RecordReader(record)
      let next = reader.orderedField()
      if let url, next.elementsEqual(url) { return }
      url = next
      let ordinal = index.ordinal(ofSequence: reader.int32())
      try index.urls.append { entry in
        entry.appendOrdered(field: next)
        entry.append(ordinal)
      }
    }
  }
}
