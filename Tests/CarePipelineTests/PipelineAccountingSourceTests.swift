import CareModel
@testable import CarePipeline
import FHIRCoders
import FHIRTestSupport
import Foundation
import Testing

/// The pipeline hands the coders the tokens each resource was read from (``ResourceSource``),
/// in memory and staged, so that element accounting walks them instead of writing each resource
/// again; the entities and every coder report are the same as without them, on every Synthea
/// Bundle of both releases.
@Suite struct PipelineAccountingSourceTests {
  static let files = PipelineFixtureTests.files

  @Test(arguments: files)
  func readingWithSourcesGivesTheSameEntitiesAndReports(path: String) throws {
    let withoutSources = Pipeline().run(try PipelineTestSupport.input(fixture: path))
    let converts = withoutSources.report.entities.values.contains { $0 > 0 }
    #expect(!converts || withoutSources.report.conversion.values.contains { !$0.dropped.isEmpty }, "\(path): accounting ran")

    let (input, issues) = try Pipeline().read([.path(Fixtures.root + "/" + path)])
    #expect(issues.isEmpty)
    let sourced = input.entries.filter { $0.source != nil }.count
    #expect(sourced > input.entries.count / 2, "\(path): \(sourced) of \(input.entries.count) resources with a source")
    let inMemory = Pipeline().run(input)
    try PipelineComparison.expectSame(inMemory, withoutSources, "\(path): in memory, with sources")
    #expect(inMemory.report.conversion == withoutSources.report.conversion, "\(path): in memory, with sources")

    let staged = try PipelineComparison.staged([.path(Fixtures.root + "/" + path)])
    try PipelineComparison.expectSame(staged, withoutSources, "\(path): staged, with sources")
    #expect(staged.report.conversion == withoutSources.report.conversion, "\(path): staged, with sources")
  }

  /// A Bundle read whole gives each entry's resource its part of the Bundle's tokens; one that
  /// decodes with issues (here a duplicated member) gives none, and is accounted by writing.
  @Test func bundleEntriesGetTheirPartOfTheSource() throws {
    let folder = try PipelineComparison.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let good = (folder as NSString).appendingPathComponent("good.json")
    let bad = (folder as NSString).appendingPathComponent("bad.json")
    let patient = #"{"resourceType":"Patient","id":"p1","gender":"female","active":true}"#
    let plan = #"{"resourceType":"CarePlan","id":"c1","status":"active","intent":"plan","language":"en","subject":{"reference":"Patient/p1"}}"#
    try Data(PipelineTestSupport.bundle([(nil, patient), (nil, plan)]).utf8).write(to: URL(fileURLWithPath: good))
    let twice = #"{"resourceType":"Patient","id":"p2","gender":"male","gender":"male"}"#
    try Data(PipelineTestSupport.bundle([(nil, twice)]).utf8).write(to: URL(fileURLWithPath: bad))

    let (input, _) = try Pipeline().read([.path(good), .path(bad)])
    let sources = Dictionary(uniqueKeysWithValues: input.entries.map { ($0.resource.id ?? "?", $0.source) })
    let p1 = try #require(sources["p1"] ?? nil)
    #expect(p1.tokens.string(at: p1.index + 2) == "Patient")
    #expect(sources["c1"] != nil && sources["c1"]! != nil)
    #expect(sources["p2"] != nil && sources["p2"]! == nil)

    let sourced = Pipeline().run(input)
    let plain = Pipeline().run(PipelineInput(entries: input.entries.map { PipelineInput.Entry(resource: $0.resource) }))
    try PipelineComparison.expectSame(sourced, plain, "hand-written bundles")
    #expect(sourced.report.conversion == plain.report.conversion)
    #expect(sourced.report.conversion["CarePlan"]?.dropped["CarePlan.language"] == 1)
  }

  /// Staging decodes each kept resource again from its staged tokens and keeps them as its source.
  @Test func stagedResourcesLoadWithTheirSource() throws {
    let merge = try StagedMerge(pipeline: Pipeline(), options: .init())
    for entry in try PipelineTestSupport.input(fixture: Self.files[0]).entries { try merge.add(entry) }
    var slots: [StagedMerge.Slot] = []
    try merge.versions.forEach { slots.append(StagedIndex.Version(record: $0).slot) }
    #expect(!slots.isEmpty)
    #expect(slots.allSatisfy { (try? merge.load($0).source) != nil })
  }
}
