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
}
