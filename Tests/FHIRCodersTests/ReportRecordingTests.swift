import FHIRCoders
import FHIRR4
import FHIRTestSupport
import Testing

/// Dropped paths that element accounting records are kept unhashed until the report is read;
/// a report reads, compares, hashes and merges the same however its counts were recorded.
@Suite struct ReportRecordingTests {
  /// The reports (without issues) of the R4 Observations and Patients of a Synthea bundle, accounted from their tokens.
  static func accountedReports() throws -> [ConversionReport] {
    let path = try #require(FixtureCoverageTests.r4Files.first { $0.hasPrefix("r4/bundles/") })
    var reports: [ConversionReport] = []
    for (resource, source) in try AccountingSourceTests.r4Resources(path) {
      switch resource {
      case .observation(let r): reports.append(try R4ObservationCoder().decode(r, from: source).report)
      case .patient(let r): reports.append(try R4PatientCoder().decode(r, from: source).report)
      default: continue
      }
    }
    return reports.filter(\.issues.isEmpty)
  }

  /// The same counts, recorded one path at a time through the public API.
  static func recordedAgain(_ report: ConversionReport) -> ConversionReport {
    var copy = ConversionReport()
    for disposition in ConversionReport.Disposition.allCases {
      for (path, count) in report[disposition] { copy.record(disposition, path, count: count) }
    }
    return copy
  }

  @Test func accountedReportEqualsOneRecordedPathByPath() throws {
    let reports = try Self.accountedReports()
    #expect(reports.count > 10)
    #expect(reports.contains { !$0.dropped.isEmpty })
    for report in reports {
      let again = Self.recordedAgain(report)
      #expect(report == again)
      #expect(report.hashValue == again.hashValue)
      #expect(report.isLossless == again.isLossless)
      #expect(report.counts == again.counts)
    }
  }

  @Test func mergedReportsAddTheirDroppedCounts() throws {
    let reports = try Self.accountedReports()
    var merged = ConversionReport()
    var expected: [String: Int] = [:]
    // Merged many times over, so the pending paths are hashed part way through.
    for _ in 0..<40 {
      for report in reports {
        merged.merge(report)
        for (path, count) in report.dropped { expected[path, default: 0] += count }
      }
    }
    #expect(!expected.isEmpty)
    #expect(merged.dropped == expected)
    #expect(merged == Self.recordedAgain(merged))
  }
}
