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
}
