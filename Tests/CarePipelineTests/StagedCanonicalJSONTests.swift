import CareModel
import CarePipeline
import FHIRCore
import FHIRTestSupport
import Foundation
import Testing

/// `StagedConversion.add(canonicalJSON:release:fullUrl:originalJSON:)`: what a cooperating
/// importer stages from the rows other workers stored. Staging each resource's compact JSON
/// gives what staging the decoded resource gives: the same entities, sources (with their JSON)
/// and report, whichever way each resource is staged (as it is, or decoded whole).
@Suite("staging resources from their compact JSON")
struct StagedCanonicalJSONTests {
  @Test("R4 and DSTU2 resources staged from their JSON equal the decoded resources staged", arguments: [true, false])
  func canonicalJSONEqualsDecoded(keepsSourceJSON: Bool) throws {
    let r4 =
      Fixtures.files(extensions: ["json"], under: "r4/bundles").prefix(3)
      + Fixtures.files(extensions: ["ndjson"], under: "r4/ndjson")
      + Fixtures.files(extensions: ["json"], under: "r4/examples")
    let dstu2 = Fixtures.files(extensions: ["json"], under: "dstu2/bundles")
    #expect(r4.count > 10 && dstu2.count > 5)
    var entries = try Pipeline().read(r4.map { .path(Fixtures.root + "/" + $0) }, reading: .init(release: .r4)).input
      .entries
    entries += try Pipeline().read(dstu2.map { .path(Fixtures.root + "/" + $0) }, reading: .init(release: .dstu2)).input
      .entries
    var flat = entries  // (a Bundle read adds its entries)
    #expect(!flat.contains { $0.resource.resourceType == "Bundle" })
    // A resource staged twice (a duplicate, merged), and one whose JSON as read differs (repaired).
    let observation = try #require(
      flat.firstIndex { $0.resource.resourceType == "Observation" && $0.resource.id != nil })
    flat.append(flat[observation])
    flat[observation].originalJSON = Array(#"{"resourceType":"Observation","status":["final"]}"#.utf8)
    #expect(Set(flat.compactMap(\.resource.resourceType)).count > 15)

    var options = Pipeline.Options()
    options.keepsSourceJSON = keepsSourceJSON
    let staging = Pipeline.StagingOptions(partitionBytes: 64 << 10, jobs: 2)
    let decoded = try StagedConversion(pipeline: Pipeline(options: options), staging: staging)
    for entry in flat { try decoded.add(entry) }
    let fromJSON = try StagedConversion(pipeline: Pipeline(options: options), staging: staging)
    for entry in flat {
      let (json, release): ([UInt8], FHIRRelease) =
        switch entry.resource {
        case .r4(let resource): (resource.jsonBytes(), .r4)
        case .dstu2(let resource): (resource.jsonBytes(), .dstu2)
        }
      try fromJSON.add(canonicalJSON: json, release: release, fullUrl: entry.fullUrl, originalJSON: entry.originalJSON)
    }

    func finish(_ conversion: StagedConversion) throws -> (
      lines: [String], sources: [UUID: [SourceReference]], report: PipelineReport
    ) {
      var lines: [String] = []
      var sources: [UUID: [SourceReference]] = [:]
      let report = try conversion.finish(withSources: { record, from in
        lines.append(String(decoding: CareJSONWriter().bytes(record), as: UTF8.self))
        sources[record.uuid] = from
      })
      return (lines, sources, report)
    }
    let expected = try finish(decoded)
    let got = try finish(fromJSON)
    #expect(expected.lines.count > 100)
    // The decoded resources are staged as their tokens, packed, not as JSON: partitions, packed
    // by staged size, then hold other groups, and the entities come in another order.
    #expect(got.lines.sorted() == expected.lines.sorted())
    #expect(got.sources == expected.sources)
    let repairedKept = got.sources.values.contains {
      $0.contains { $0.json.map(Array.init) == flat[observation].originalJSON }
    }
    #expect(repairedKept == keepsSourceJSON)
    #expect(got.report.resourcesRead == expected.report.resourcesRead)
    #expect(got.report.duplicatesMerged == expected.report.duplicatesMerged)
    #expect(got.report.duplicatesMerged["Observation", default: 0] > 0)
    #expect(got.report.notConverted == expected.report.notConverted)
    #expect(got.report.entities == expected.report.entities)
    #expect(got.report.failures == expected.report.failures)
    #expect(got.report.unresolvedReferences == expected.report.unresolvedReferences)
    #expect(got.report.resourceReports == expected.report.resourceReports)
  }

  @Test("JSON that is not one value, or does not decode, is a staging error naming the release")
  func badJSON() throws {
    let conversion = try StagedConversion(pipeline: Pipeline())
    for bad in [#"{"resourceType":"#, #"{"a":1} {"b":2}"#, "[1]", #""Patient""#] {
      #expect(throws: StagingError.self) {
        try conversion.add(canonicalJSON: Array(bad.utf8), release: .r4, fullUrl: nil)
      }
    }
  }
}
