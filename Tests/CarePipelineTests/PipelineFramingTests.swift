import CarePipeline
import FHIRCore
import FHIRTestSupport
import Foundation
import Testing

/// The pipeline reads through the shared framing: a List's `entry` is not taken for Bundle
/// entries, and a Bundle entry without a resource is reported by place, with its method.
@Suite struct PipelineFramingTests {
  static func file(_ text: String) throws -> PipelineSource {
    let path = TemporaryFolders.make("pipeline-framing") + "/input.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return .path(path)
  }

  @Test func aListIsOneResourceNotABundle() throws {
    let source = try Self.file(
      #"{"resourceType":"List","status":"current","mode":"working","entry":[{"item":{"reference":"Patient/a"}}]}"#)
    let result = try Pipeline().run([source])
    #expect(result.report.inputIssues.isEmpty, "\(result.report.inputIssues)")
    #expect(result.report.resourcesRead["List"] == 1)
  }

  @Test func anEntryWithoutResourceIsReportedWithItsMethod() throws {
    let source = try Self.file(
      #"{"resourceType":"Bundle","type":"transaction","entry":[{"resource":{"resourceType":"Patient","id":"p"}},{"request":{"method":"DELETE","url":"Patient/x"}}]}"#)
    let result = try Pipeline().run([source])
    let issue = try #require(result.report.inputIssues.first)
    #expect(result.report.inputIssues.count == 1)
    #expect(issue.kind == .notAResource && issue.entry == 1 && issue.path == "entry[1]")
    #expect(issue.message.contains("request DELETE"))
    #expect(result.report.resourcesRead["Patient"] == 1)
  }
}
