import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// The async API, through the snippet `docs/pipeline.md` shows (kept identical to it).
@Suite struct PipelineAsyncTests {
  /// A stand-in for an app's store.
  final class Store: @unchecked Sendable {
    var records: [CareRecord] = []
    func save(_ record: CareRecord) { records.append(record) }
  }

  /// The resources of the fixture at `path`, one at a time with their entries' fullUrls.
  static func resources(_ path: String) throws -> AsyncStream<PipelineInput.Entry> {
    let entries = try PipelineTestSupport.input(fixture: path).entries
    return AsyncStream { continuation in
      for entry in entries { continuation.yield(entry) }
      continuation.finish()
    }
  }

  @Test(arguments: PipelineGoldenTests.files)
  func asyncSnippetGivesTheEntitiesOfRun(path: String) async throws {
    let resources = try Self.resources(path)
    let store = Store()

    // Snippet from docs/pipeline.md, "Async API":
    let pipeline = Pipeline()
    var report: PipelineReport?
    for try await output in pipeline.records(from: resources) {
      switch output {
      case .record(let record): store.save(record)
      case .report(let finished): report = finished
      }
    }
    // End of snippet.

    let expected = Pipeline().run(try PipelineTestSupport.input(fixture: path))
    let actual = PipelineResult(records: store.records, report: try #require(report))
    try PipelineComparison.expectSame(actual, expected, path)
  }

  /// Whole Bundles as elements are flattened with their entries' fullUrls; the report comes last.
  @Test func bundlesAsElements() async throws {
    let paths = PipelineGoldenTests.files.filter { $0.hasPrefix("r4/") }
    var input = PipelineInput()
    var bundles: [PipelineResource] = []
    for path in paths {
      let bundle = try PipelineTestSupport.r4(Fixtures.bytes(path))
      bundles.append(.r4(bundle))
      input.add(bundle)
    }
    let stream = AsyncStream<PipelineResource> { continuation in
      for bundle in bundles { continuation.yield(bundle) }
      continuation.finish()
    }
    var outputs: [PipelineOutput] = []
    for try await output in Pipeline().records(from: stream, staging: .init(partitionBytes: 1)) { outputs.append(output) }
    guard case .report(let report)? = outputs.last else {
      Issue.record("the last element is not the report")
      return
    }
    let records = outputs.dropLast().compactMap { output -> CareRecord? in
      if case .record(let record) = output { record } else { nil }
    }
    #expect(records.count == outputs.count - 1)
    try PipelineComparison.expectSame(PipelineResult(records: records, report: report), Pipeline().run(input), "bundles")
  }
}
