import CareModel
import CarePipeline
import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// The same patients as one Bundle, as a Bulk Data folder (one NDJSON file per type) and as
/// NDJSON with shuffled lines give identical entities and reports, in memory and staged on disk.
@Suite struct PipelineInputFormTests {
  static let files = PipelineFixtureTests.files

  @Test(arguments: files)
  func everyFormGivesTheSameEntities(path: String) throws {
    let expected = Pipeline().run(try PipelineTestSupport.input(fixture: path))
    let reading = Pipeline.ReadOptions(release: PipelineComparison.release(of: path))
    let bundle = Fixtures.root + "/" + path

    let fromBundle = try Pipeline().run([.path(bundle)], reading: reading)
    #expect(fromBundle.report.inputIssues.isEmpty)
    try PipelineComparison.expectSame(fromBundle, expected, "Bundle file")

    // The same resources as a server exports them (relative references): one Bundle, a Bulk
    // Data folder, shuffled NDJSON lines; in memory and staged in partitions far smaller than
    // one patient's resources.
    let folder = try PipelineComparison.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (exportBundle, export, shuffled) = try PipelineComparison.export(fixture: path, into: folder)
    let exported = try Pipeline().run([.path(exportBundle)], reading: reading)
    #expect(exported.report.inputIssues.isEmpty)
    #expect(exported.report.unresolvedReferences.isEmpty)
    let resources = try BulkExport.resources(ofBundle: Fixtures.bytes(path))
    if try resources.allSatisfy({ try JSONValue(parsing: String(decoding: $0.json, as: UTF8.self))["id"] != nil }) {
      // When every resource has an id, relative references change nothing.
      try PipelineComparison.expectSame(exported, expected, "exported Bundle vs original")
    }
    try PipelineComparison.expectSame(try Pipeline().run([.path(export)], reading: reading), exported, "Bulk Data folder")
    try PipelineComparison.expectSame(try Pipeline().run([.path(shuffled)], reading: reading), exported, "shuffled NDJSON")
    try PipelineComparison.expectSame(try PipelineComparison.staged([.path(export)], reading: reading), exported, "staged folder")
    try PipelineComparison.expectSame(
      try PipelineComparison.staged([.path(shuffled)], reading: reading, partitionBytes: 1 << 30), exported,
      "staged shuffled, one partition")
  }

  /// Many patients at once, each in its own partition or all in one: the staged output is the
  /// in-memory output, in an order that does not depend on the input order.
  @Test func stagedOutputOfAllPatientsMatchesInMemory() throws {
    for release in ["r4", "dstu2"] {
      let paths = Self.files.filter { $0.hasPrefix(release + "/") }
      let reading = Pipeline.ReadOptions(release: PipelineComparison.release(of: paths[0]))
      let sources = paths.map { PipelineSource.path(Fixtures.root + "/" + $0) }
      // Read in memory from the same files, so that the sources kept are the input as read
      // (models handed in by a caller would keep what they hold).
      let expected = try Pipeline().run(sources, reading: reading)
      #expect(!expected.sources.isEmpty)
      for partitionBytes in [1, 256 << 10, 1 << 30] {
        let staged = try PipelineComparison.staged(sources, reading: reading, partitionBytes: partitionBytes)
        try PipelineComparison.expectSame(staged, expected, "\(release) staged in partitions of \(partitionBytes) bytes")
        // Provenance: the same resources (type, id, fullUrl, version, release) for every entity.
        #expect(staged.sources == expected.sources, "\(release) provenance, partitions of \(partitionBytes) bytes")
      }
      // Every resource decoded as read (and again when merged) gives the same as staging
      // Observations and unmodelled types from their tokens.
      let decoded = try PipelineComparison.staged(sources, reading: reading, partitionBytes: 256 << 10, fromTokens: false)
      try PipelineComparison.expectSame(decoded, expected, "\(release) staged, every resource decoded when read")
      #expect(decoded.sources == expected.sources)
      // Streamed order: the same whatever order the files come in.
      var forward: [CareRecord] = []
      var backward: [CareRecord] = []
      _ = try Pipeline().convert(sources, reading: reading, staging: .init(partitionBytes: 256 << 10)) { forward.append($0) }
      _ = try Pipeline().convert(sources.reversed(), reading: reading, staging: .init(partitionBytes: 256 << 10)) {
        backward.append($0)
      }
      #expect(forward == backward)
    }
  }

  /// Release detection per resource gives what the given release gives, for every Synthea Bundle.
  @Test(arguments: files)
  func detectedReleaseMatchesGivenRelease(path: String) throws {
    let bundle = PipelineSource.path(Fixtures.root + "/" + path)
    let given = try Pipeline().run([bundle], reading: .init(release: PipelineComparison.release(of: path)))
    let detected = try Pipeline().run([bundle])
    try PipelineComparison.expectSame(detected, given, path)
  }
}
