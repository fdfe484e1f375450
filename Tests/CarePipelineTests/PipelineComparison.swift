import CareModel
import CarePipeline
import FHIRCore
import FHIRTestSupport
import Foundation
import Testing

/// Helpers that compare pipeline runs and write fixtures in other input forms.
enum PipelineComparison {
  /// The parts of two reports that must agree, as text (for readable failures).
  static func summary(_ report: PipelineReport) -> String {
    func sorted(_ counts: [String: Int]) -> String {
      counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }
    return [
      "read " + sorted(report.resourcesRead), "duplicates " + sorted(report.duplicatesMerged),
      "notConverted " + sorted(report.notConverted), "entities " + sorted(report.entities),
      "conversion "
        + report.conversion.sorted { $0.key < $1.key }.map { type, conversion in
          type + ":" + conversion.counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) " + sorted($0.value) }
            .joined(separator: ";")
        }.joined(separator: "\n"),
      "unresolved \(report.unresolvedReferences)", "failures \(report.failures)",
      "beforeSchedule \(report.outcomesBeforeSchedule)", "claimedTwice \(report.observationsClaimedTwice)",
      "mergedIntoOutcomes \(report.observationsMergedIntoOutcomes)",
    ].joined(separator: "\n")
  }

  /// Whether two results have the same entities (byte-identical NDJSON) and report.
  static func expectSame(
    _ a: PipelineResult, _ b: PipelineResult, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try CareJSON.ndjson(a.records) == CareJSON.ndjson(b.records), "\(comment)", sourceLocation: sourceLocation)
    #expect(summary(a.report) == summary(b.report), "\(comment)", sourceLocation: sourceLocation)
  }

  /// Runs `input` in memory and staged on disk (every group in a partition of its own, and all
  /// in one), expects the same entities and report, and returns the in-memory result.
  static func runBothWays(
    _ input: PipelineInput, with pipeline: Pipeline = Pipeline(), sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> PipelineResult {
    let memory = pipeline.run(input)
    // Small partitions merged on one thread and on three, one large partition; the staging
    // index sorted in memory, and in runs of 4 KiB on disk.
    for (partitionBytes, jobs, sortBytes) in [(1, 1, 16 << 20), (1, 3, 4 << 10), (1 << 30, 2, 16 << 20)] {
      var staging = Pipeline.StagingOptions(partitionBytes: partitionBytes, jobs: jobs)
      staging.sortBytes = sortBytes
      let conversion = try StagedConversion(pipeline: pipeline, staging: staging)
      for entry in input.entries { try conversion.add(entry.resource, fullUrl: entry.fullUrl) }
      // A strict import checks every partition before it merges them again to hand them out.
      if jobs == 3 { try conversion.check { _ in } }
      var records: [CareRecord] = []
      var sources: [UUID: [SourceReference]] = [:]
      let report = try conversion.finish(withSources: { record, from in
        records.append(record)
        sources[record.uuid, default: []] += from
      })
      // Each entity once: a patient group never shares an entity with another partition.
      #expect(Set(records.map(\.uuid)).count == records.count, "an entity handed out twice", sourceLocation: sourceLocation)
      let staged = PipelineResult(records: records, report: report, sources: sources)
      try expectSame(staged, memory, "staged, partitions of \(partitionBytes) bytes", sourceLocation: sourceLocation)
      #expect(staged.sources == memory.sources, "provenance, partitions of \(partitionBytes) bytes", sourceLocation: sourceLocation)
    }
    return memory
  }

  /// The staged path over `sources`, collected into a sorted result.
  static func staged(
    _ sources: [PipelineSource], reading: Pipeline.ReadOptions = .init(), partitionBytes: Int = 64 << 10,
    fromTokens: Bool = true
  ) throws -> PipelineResult {
    var staging = Pipeline.StagingOptions(partitionBytes: partitionBytes)
    staging.stagesFromTokens = fromTokens
    var records: [CareRecord] = []
    var provenance: [UUID: [SourceReference]] = [:]
    let report = try Pipeline().convert(
      sources, reading: reading, staging: staging,
      withSources: { record, from in
        records.append(record)
        provenance[record.uuid, default: []] += from
      })
    return PipelineResult(records: records, report: report, sources: provenance)
  }

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("fhirkit-pipeline-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Writes the resources of the Bundle fixture at `path`, with references rewritten as a Bulk
  /// Data server writes them (relative `Type/id`), as one Bundle without fullUrls
  /// (`<folder>/bundle.json`), as a Bulk Data folder (`<folder>/export/<Type>.ndjson`) and as one
  /// NDJSON file with its lines shuffled (`<folder>/shuffled.ndjson`).
  static func export(fixture path: String, into folder: String) throws -> (bundle: String, export: String, shuffled: String) {
    let resources = try BulkExport.resources(ofBundle: Fixtures.bytes(path))
    let bundle = (folder as NSString).appendingPathComponent("bundle.json")
    let entries = resources.map { "{\"resource\":" + String(decoding: $0.json, as: UTF8.self) + "}" }
    let bundleJSON = "{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"entry\":[" + entries.joined(separator: ",") + "]}"
    try Data(bundleJSON.utf8).write(to: URL(fileURLWithPath: bundle))
    let lines = try BulkExport.lines(ofBundle: Fixtures.bytes(path))
    let export = (folder as NSString).appendingPathComponent("export")
    try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
    var all: [[UInt8]] = []
    for (type, typeLines) in lines {
      let file = (export as NSString).appendingPathComponent(type + ".ndjson")
      try Data(typeLines.flatMap { $0 + [0x0A] }).write(to: URL(fileURLWithPath: file))
      all += typeLines
    }
    var generator = SeededGenerator(state: UInt64(path.utf8.count))
    let shuffled = (folder as NSString).appendingPathComponent("shuffled.ndjson")
    try Data(all.shuffled(using: &generator).flatMap { $0 + [0x0A] }).write(to: URL(fileURLWithPath: shuffled))
    return (bundle, export, shuffled)
  }

  /// The release of a fixture, from its folder.
  static func release(of path: String) -> FHIRRelease { path.hasPrefix("r4/") ? .r4 : .dstu2 }
}
