@testable import FHIRCoders
import FHIRR4
import FHIRTestSupport
import Testing

/// A report is counts by path and disposition: reading, comparing, hashing, merging, `isMapped`
/// and `isLossless` give what `[String: Int]` tables per disposition hold.
@Suite struct ReportStorageTests {
  typealias Disposition = ConversionReport.Disposition

  /// The expected tables after recording `records` (path, disposition, count) in order.
  static func tables(_ records: [(String, Disposition, Int)]) -> [Disposition: [String: Int]] {
    var tables: [Disposition: [String: Int]] = [:]
    for (path, disposition, count) in records { tables[disposition, default: [:]][path, default: 0] += count }
    return tables
  }

  static func check(_ report: ConversionReport, _ records: [(String, Disposition, Int)]) {
    let expected = tables(records)
    for disposition in Disposition.allCases {
      #expect(report[disposition] == expected[disposition, default: [:]], "\(disposition)")
    }
    #expect(report.counts == expected.filter { !$0.value.isEmpty })
    #expect(report.isLossless == expected.keys.allSatisfy { $0 == .mapped })
    let mapped = expected[.mapped, default: [:]]
    for (path, _, _) in records {
      for probe in [path, path + ".child", path + "x"] {
        let byPrefix = mapped.keys.contains { probe == $0 || probe.hasPrefix($0 + ".") }
        #expect(report.isMapped(probe) == byPrefix, "\(probe)")
      }
    }
  }

  static let records: [(String, Disposition, Int)] = [
    ("Patient.id", .mapped, 1), ("Patient.name", .mapped, 1), ("Patient.name.given", .dropped, 2),
    ("Patient.gender", .defaulted, 1), ("Patient.birthDate", .unrepresentable, 1),
    ("Patient.id", .mapped, 1), ("Patient.telecom.value", .dropped, 0), ("Patient.meta.lastUpdated", .mapped, 3),
  ]

  static func recorded(_ records: [(String, Disposition, Int)]) -> ConversionReport {
    var report = ConversionReport()
    for (path, disposition, count) in records { report.record(disposition, path, count: count) }
    return report
  }

  @Test func recordedReportReadsAsTables() {
    let report = Self.recorded(Self.records)
    Self.check(report, Self.records)
    #expect(report == Self.recorded(Self.records))
    #expect(report.hashValue == Self.recorded(Self.records).hashValue)
    #expect(report != Self.recorded(Array(Self.records.dropLast())))
  }

  /// A report merged from many equals one report recorded path by path.
  @Test func longMergedReportReadsAsTables() {
    var merged = ConversionReport()
    var all: [(String, Disposition, Int)] = []
    for round in 0..<300 {
      merged.merge(Self.recorded(Self.records))
      all += Self.records
      if round % 50 == 0 { Self.check(merged, all) }
    }
    Self.check(merged, all)
    #expect(merged == Self.recorded(all))
    var twice = merged
    twice.merge(merged)
    #expect(twice[.mapped]["Patient.id"] == 1200)
    #expect(twice == Self.recorded(all + all))
  }

  /// Asking whether a path is mapped adds nothing to the registry, and finds a mapped path
  /// containing one the process never met.
  @Test func isMappedAddsNoPath() {
    let report = Self.recorded(Self.records)
    let known = PathRegistry.shared.table.count
    #expect(report.isMapped("Patient.name.never.met.before"))
    #expect(!report.isMapped("Patient.neverMetBefore.either"))
    #expect(!report.isMapped("NeverMetBefore"))
    #expect(PathRegistry.shared.table.count == known)
  }

  /// A path counts table equals another holding the same counts in any order, through growth,
  /// merging and zero counts.
  @Test func pathCountsCompareByContent() {
    var forward = PathCounts()
    var backward = PathCounts()
    for id in Int32(0)..<200 { forward.add(Int(id % 3), to: id) }
    for id in (Int32(0)..<200).reversed() { backward.add(Int(id % 3), to: id) }
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    #expect(forward.count == 200)
    #expect(forward[0] == 0)
    #expect(forward[200] == nil)
    var merged = PathCounts()
    merged.merge(forward)
    merged.merge(backward)
    merged.addOne(toEach: [5, 5, 500])
    #expect(merged[5] == 6)
    #expect(merged[500] == 1)
    #expect(merged.count == 201)
    #expect(merged != forward)
    var seen = 0
    merged.forEach { id, count in
      seen += 1
      #expect(count == (id == 500 ? 1 : Int(id % 3) * 2 + (id == 5 ? 2 : 0)))
    }
    #expect(seen == 201)
  }

  /// Taking counts off keeps the table equal to a dictionary of the same counts, through
  /// removals in the middle of probe runs and growth, for a fixed pseudo-random sequence.
  @Test func takingCountsOffKeepsEveryOtherPathFound() {
    var table = PathCounts()
    var model: [Int32: Int] = [:]
    var state: UInt64 = 0x2545_f491_4f6c_dd1d
    for step in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let id = Int32(truncatingIfNeeded: (state >> 33) % 300)
      if (state >> 20) % 3 == 0 {
        table.add(1, to: id)
        model[id, default: 0] += 1
      } else {
        let had = (model[id] ?? 0) > 0
        #expect(table.takeOne(from: id) == had, "step \(step), path \(id)")
        if had { model[id]! -= 1 }
        if model[id] == 0 { model[id] = nil }
      }
    }
    #expect(table.count == model.count)
    for id in Int32(0)..<300 { #expect(table[id] == model[id], "path \(id)") }
    var rebuilt = PathCounts()
    for (id, count) in model { rebuilt.add(count, to: id) }
    #expect(table == rebuilt)
  }

  /// A path the pipeline keeps moves from dropped to mapped, one occurrence at a time.
  @Test func keptMovesOneDroppedOccurrenceToMapped() {
    var report = Self.recorded([("CarePlan.status", .dropped, 2), ("CarePlan.intent", .mapped, 1)])
    report.kept("CarePlan.status")
    #expect(report.dropped == ["CarePlan.status": 1])
    #expect(report.mapped == ["CarePlan.status": 1, "CarePlan.intent": 1])
    report.kept("CarePlan.status")
    report.kept("CarePlan.status")
    report.kept("CarePlan.intent")
    #expect(report.dropped.isEmpty && report.isLossless)
    #expect(report.mapped == ["CarePlan.status": 2, "CarePlan.intent": 1])
  }
}
