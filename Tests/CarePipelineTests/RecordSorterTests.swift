@testable import CarePipeline
import Foundation
import Testing

/// The staging index's external sort: records come back in the order of their bytes, whether
/// they fit in memory or go to sorted runs on disk, and the fields a ``RecordBuilder`` writes
/// order records as the fields themselves order.
@Suite struct RecordSorterTests {
  static func randomRecords(_ count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SeededGenerator(state: seed)
    return (0..<count).map { _ in
      // Few distinct bytes and shared prefixes, as keys have: many equal prefixes, some equal records.
      let prefix: [UInt8] = Bool.random(using: &generator) ? Array("Observation/".utf8) : []
      return prefix + (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0...3, using: &generator) }
    }
  }

  @Test(arguments: [1, 64, 1 << 10, 16 << 20])
  func recordsComeBackInOrder(runBytes: Int) throws {
    let records = Self.randomRecords(3_000, seed: UInt64(runBytes))
    let sorter = RecordSorter(directory: NSTemporaryDirectory(), runBytes: runBytes)
    for record in records { try sorter.add(record) }
    #expect(sorter.count == records.count)
    var sorted: [[UInt8]] = []
    try sorter.forEach { sorted.append(Array($0)) }
    #expect(sorted == records.sorted { $0.lexicographicallyPrecedes($1) })
    var again: [[UInt8]] = []
    try sorter.forEach { again.append(Array($0)) }
    #expect(again == sorted, "read a second time")
  }

  /// Sorted in halves on two threads (`jobs` 2, all in memory, ≥ 4,096 records): the same order,
  /// of an odd count too, and of records all alike.
  @Test(arguments: [4_096, 9_001])
  func recordsSortedInHalvesComeBackInOrder(count: Int) throws {
    for records in [Self.randomRecords(count, seed: UInt64(count)), Array(repeating: [UInt8](), count: count)] {
      let sorter = RecordSorter(directory: NSTemporaryDirectory(), runBytes: 16 << 20, jobs: 2)
      for record in records { try sorter.add(record) }
      var sorted: [[UInt8]] = []
      try sorter.forEach { sorted.append(Array($0)) }
      #expect(sorted == records.sorted { $0.lexicographicallyPrecedes($1) })
    }
    // Spans of records alike keep their order, as one stable sort keeps it.
    let buffer: [UInt8] = Array(repeating: 1, count: 10) + Array(repeating: 2, count: 10)
    let spans = (0..<5_000).map { UInt64($0 % 20) << 32 | 1 }
    #expect(RecordSorter.sorted(spans, of: buffer, jobs: 2) == RecordSorter.sorted(spans, of: buffer, jobs: 1))
  }

  /// Sorted by their first 16 bytes as numbers, then byte by byte: records that end where
  /// others go on with zero bytes, that differ only after 16 bytes, or only in their length.
  @Test func recordsAlikeInTheirFirstBytesSortByTheRest() {
    let base = Array("Observation/1234".utf8)
    let records: [[UInt8]] = [
      base + [0], base, base + [0, 0], base + [1], Array(base.prefix(15)), Array(base.prefix(15)) + [0], [], [0], [0, 0],
      base + [0, 1], Array(base.prefix(7)) + [0, 0, 0], Array(base.prefix(7)), base + base, base + [255], [255],
    ]
    var buffer: [UInt8] = []
    var spans: [UInt64] = []
    for record in records {
      spans.append(UInt64(buffer.count) << 32 | UInt64(record.count))
      buffer += record
    }
    SortedRun.sort(&spans, of: buffer)
    let sorted = spans.map { Array(buffer[Int($0 >> 32)..<Int($0 >> 32) + Int($0 & 0xFFFF_FFFF)]) }
    #expect(sorted == records.sorted { $0.lexicographicallyPrecedes($1) })
  }

  @Test func anEmptySorterHasNoRecords() throws {
    let sorter = RecordSorter(directory: NSTemporaryDirectory(), runBytes: 16)
    var count = 0
    try sorter.forEach { _ in count += 1 }
    #expect(count == 0)
  }

  @Test func orderedStringsSortAsTheirBytesThenByTheNextField() {
    let keys = ["", "a", "a\u{0}", "a\u{0}b", "ab", "b", "\u{0}", "é", "e\u{301}", "Observation/1", "Observation/10"]
    var records: [([UInt8], String, Int32)] = []
    for (i, key) in keys.enumerated() {
      for sequence in [Int32(7), 300, Int32(i)] {
        var record = RecordBuilder()
        record.appendOrdered(key)
        record.append(sequence)
        records.append((record.bytes, key, sequence))
      }
    }
    let byBytes = records.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map { ($0.1, $0.2) }
    let byFields = records.sorted {
      $0.1.utf8.elementsEqual($1.1.utf8) ? $0.2 < $1.2 : $0.1.utf8.lexicographicallyPrecedes($1.1.utf8)
    }.map { ($0.1, $0.2) }
    #expect(byBytes.map(\.0) == byFields.map(\.0))
    #expect(byBytes.map(\.1) == byFields.map(\.1))
    for (bytes, key, sequence) in records {
      var reader = RecordReader(bytes[...])
      #expect(Array(reader.orderedBytes()) == Array(key.utf8))
      #expect(reader.int32() == sequence)
      #expect(reader.isAtEnd)
    }
  }

  @Test func versionRecordsReadBackWhatWasWritten() {
    var slot = StagedMerge.Slot(offset: 1 << 40, length: 123_456, type: 7)
    slot.isDSTU2 = true
    slot.patientConverts = true
    let uuid = UUID()
    for (url, plan) in [(nil, nil), ("urn:uuid:x\u{0}y", (uuid, false)), ("http://a/Patient/1", (uuid, true))] {
      let version = StagedIndex.Version(key: "Patient/a\u{0}", sequence: 42, slot: slot, fullUrl: url, plan: plan)
      let record = version.record()
      let read = StagedIndex.Version(record: record[...])
      #expect(read.key == version.key)
      #expect(read.sequence == 42)
      #expect(read.slot.offset == slot.offset && read.slot.length == slot.length && read.slot.type == 7)
      #expect(read.slot.isDSTU2 && read.slot.patientConverts && !read.slot.isCanonical)
      #expect(read.fullUrl == url)
      #expect(read.plan?.uuid == plan?.0 && read.plan?.hasID == plan?.1)
      let summary = StagedIndex.Version.summary(of: record[...])
      #expect(summary.sequence == 42 && summary.hasPlan == (plan != nil) && summary.slot.length == 123_456)
      #expect(StagedIndex.Version.keyField(of: record[...]).count == "Patient/a\u{0}".utf8.count + 1)
    }
  }
}
