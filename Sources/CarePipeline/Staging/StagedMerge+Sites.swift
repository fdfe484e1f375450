extension StagedMerge {
  /// The resource each reference of a kept version leads to, for every such reference
  /// (numbered in the order ``forEachSite(_:_:)`` gives them): records of the site's number, the
  /// candidate's rank and the target's ordinal, sorted, so that a site's first record is its
  /// target. Every candidate of every site (``ReferenceResolver/forEachCandidate(_:referrerFullURL:_:)``)
  /// is sorted and joined with the kept keys and with the `fullUrl`s, both in order on disk.
  ///
  /// And the sites themselves, in that order, as records of the version's ordinal, the site's
  /// kind and the reference: joining the groups reads them there, without the versions'
  /// ordinals (``StagedIndex/ordinals``).
  func siteTargets(_ index: StagedIndex, holders: [LogicalIdentifier: [LogicalIdentifier.Holder]]) throws
    -> (targets: RecordSorter, sites: RecordFile)
  {
    let keys = RecordSorter(directory: directory, runBytes: options.sortBytes, jobs: options.jobs)
    let urls = RecordSorter(directory: directory, runBytes: options.sortBytes, jobs: options.jobs)
    let sites = try RecordFile(directory: directory)
    var site: Int32 = 0
    try forEachSite(index) { ordinal, kind, text, referrerURL in
      try sites.append { record in
        record.append(ordinal)
        record.append(kind)
        record.append(fields: text)
      }
      let number = site
      site += 1
      guard !text.isEmpty else { return }
      let reference = String(decoding: text, as: UTF8.self)
      var rank: UInt8 = 0
      func add(_ text: String, to sorter: RecordSorter) throws {
        try sorter.add { record in
          record.appendOrdered(text)
          record.append(number)
          record.append(rank)
        }
        rank += 1
      }
      if let (identifier, targets) = StagedText.logical(reference) {
        let matched = LogicalIdentifier.matches(holders[identifier] ?? [], types: targets)
        if matched.count == 1 { try add(matched[0], to: keys) }
        return
      }
      try ReferenceResolver.forEachCandidate(ReferenceResolver.Literal(reference), referrerFullURL: referrerURL) {
        candidate in
        switch candidate {
        case .key(let key): try add(key, to: keys)
        case .url(let url): try add(url, to: urls)
        }
        return true
      }
    }
    let matches = RecordSorter(directory: directory, runBytes: options.sortBytes, jobs: options.jobs)
    // Keys, against the kept resources in key order (a kept resource's ordinal is its row).
    try join(keys, with: index.kept, into: matches) { _, row in row }
    // URLs, against the `fullUrl`s in order (each with the first version that had it).
    try join(urls, with: index.urls, into: matches) { reader, _ in reader.int32() }
    return (matches, sites)
  }

  /// Adds to `matches`, for each of the sorted `candidates` (a key or URL, then the site and
  /// rank) that `table` (rows in the same order, each starting with a key or URL) has, the site
  /// and rank with the ordinal `ordinal` reads from the row after its key (or makes of the
  /// row's number).
  private func join(
    _ candidates: RecordSorter, with table: RecordFile, into matches: RecordSorter,
    ordinal: (inout RecordReader, Int32) -> Int32
  ) throws {
    var rows = try table.cursor()
    var row: (text: ArraySlice<UInt8>, ordinal: Int32)?
    var number: Int32 = -1
    func nextRow() throws {
      number += 1
      guard let record = try rows.next() else { return row = nil }
      var reader = RecordReader(record)
      let text = reader.orderedField()
      row = (text, ordinal(&reader, number))
    }
    try nextRow()
    try candidates.forEach { record in
      var reader = RecordReader(record)
      let text = reader.orderedField()
      while let current = row, current.text.lexicographicallyPrecedes(text) { try nextRow() }
      guard let current = row, current.text.elementsEqual(text) else { return }
      try matches.add { match in
        match.append(fields: reader.rest)
        match.append(current.ordinal)
      }
    }
  }

  /// Calls `body` with each reference of each kept version, in the order they were staged: the
  /// version's ordinal, the site's kind, the reference as staged (its UTF-8), and the
  /// version's kept `fullUrl`.
  func forEachSite(_ index: StagedIndex, _ body: (Int32, UInt8, ArraySlice<UInt8>, String?) throws -> Void) throws {
    var url: (sequence: Int32, url: String)?
    try sites.forEach { record in
      var reader = RecordReader(record)
      let sequence = reader.int32()
      guard let ordinal = index.keptOrdinal(ofSequence: sequence) else { return }
      let kind = reader.uint8()
      let text = reader.rest
      if kind == UInt8(ascii: "U") {
        url = (sequence, String(decoding: text, as: UTF8.self))
        return
      }
      let referrerURL = index.keptURLs[ordinal] ?? (url?.sequence == sequence ? url?.url : nil)
      try body(ordinal, kind, text, referrerURL)
    }
  }

  /// The holders of every identifier a staged logical reference names (of kept versions only):
  /// the identifiers are collected from the references, then looked up in the staged identifiers.
  func logicalHolders(_ index: StagedIndex) throws -> [LogicalIdentifier: [LogicalIdentifier.Holder]] {
    guard hasLogicalSites else { return [:] }
    var wanted = Set<LogicalIdentifier>()
    try sites.forEach { record in
      var reader = RecordReader(record)
      _ = reader.int32()
      if reader.uint8() != UInt8(ascii: "U"),
        let (identifier, _) = StagedText.logical(String(decoding: reader.rest, as: UTF8.self))
      {
        wanted.insert(identifier)
      }
    }
    var found: [(identifier: LogicalIdentifier, type: String, ordinal: Int32)] = []
    try identifiers.forEach { record in
      var reader = RecordReader(record)
      guard let ordinal = index.keptOrdinal(ofSequence: reader.int32()) else { return }
      _ = reader.uint8()
      let text = String(decoding: reader.rest, as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t"), let identifier = StagedText.identifier(text[text.index(after: tab)...]),
        wanted.contains(identifier)
      else { return }
      found.append((identifier, String(text[..<tab]), ordinal))
    }
    // Their keys, read from the kept resources in order.
    var keys: [Int32: String] = Dictionary(found.map { ($0.ordinal, "") }, uniquingKeysWith: { a, _ in a })
    var ordinal: Int32 = 0
    try index.kept.forEach { record in
      if keys[ordinal] != nil { keys[ordinal] = StagedIndex.Version(record: record).key }
      ordinal += 1
    }
    var holders: [LogicalIdentifier: [LogicalIdentifier.Holder]] = [:]
    for (identifier, type, ordinal) in found {
      holders[identifier, default: []].append(LogicalIdentifier.Holder(type: type, key: keys[ordinal] ?? ""))
    }
    return holders
  }
}
