import CarePipeline
import FHIRCoders
import Foundation
import Testing

/// `Pipeline.Options.keepsResourceReports`: what the coders approximated, per resource, in the
/// in-memory and the staged run, adding up to the per-type totals.
@Suite struct PipelineResourceReportTests {
  typealias S = PipelineTestSupport

  static func input() throws -> PipelineInput {
    var input = PipelineInput()
    for resource in [
      #"{"resourceType":"Patient","id":"p1","language":"en"}"#,
      #"{"resourceType":"MedicationRequest","id":"r1","status":"active","intent":"order","subject":{"reference":"Patient/p1"},"medicationCodeableConcept":{"text":"Drug"},"authoredOn":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":0,"periodUnit":"d"}}}]}"#,
      #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Weight"},"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2020-01-02T08:00:00Z","valueQuantity":{"value":70,"unit":"kg"},"interpretation":[{"text":"normal"}]}"#,
    ] { input.add(try S.r4(resource)) }
    return input
  }

  /// Counts per "Type disposition path", from the per-resource reports and from the totals.
  static func counts(_ report: PipelineReport) -> (perResource: [String: Int], totals: [String: Int]) {
    var perResource: [String: Int] = [:]
    for resource in report.resourceReports {
      for entry in resource.entries {
        perResource["\(resource.resourceType) \(entry.disposition) \(entry.path)", default: 0] += entry.count
      }
    }
    var totals: [String: Int] = [:]
    for (type, conversion) in report.conversion {
      for disposition in ConversionReport.Disposition.allCases where disposition != .mapped {
        for (path, count) in conversion[disposition] { totals["\(type) \(disposition) \(path)", default: 0] += count }
      }
    }
    return (perResource, totals)
  }

  @Test func offByDefault() throws {
    let result = Pipeline().run(try Self.input())
    #expect(result.report.resourceReports.isEmpty)
    #expect(!Self.counts(result.report).totals.isEmpty)
  }

  @Test func eachResourceIsNamedAndTheEntriesAddUpToTheTotals() throws {
    var options = Pipeline.Options()
    options.keepsResourceReports = true
    let pipeline = Pipeline(options: options)
    let memory = pipeline.run(try Self.input())
    let (perResource, totals) = Self.counts(memory.report)
    #expect(!perResource.isEmpty && perResource == totals)
    let order = try #require(memory.report.resourceReports.first { $0.resourceType == "MedicationRequest" })
    #expect(order.resourceID == "r1")
    // period 0: one issue, at its JSON path, and the period reported as approximated.
    #expect(order.issues.map(\.code) == [.invalidValue])
    #expect(order.issues.first?.path.description.contains("repeat.period") == true)
    #expect(order.entries.filter { $0.path.hasSuffix("repeat.period") }.map(\.disposition) == [.defaulted])
    #expect(memory.report.resourceReports.contains { $0.resourceType == "Patient" && $0.resourceID == "p1" })

    let staged = try StagedConversion(pipeline: pipeline, staging: .init(partitionBytes: 1))
    for entry in try Self.input().entries { try staged.add(entry.resource, fullUrl: entry.fullUrl) }
    let report = try staged.finish { _ in }
    #expect(Set(report.resourceReports) == Set(memory.report.resourceReports))
  }
}
