import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// `StagedConversion.partitionCount()` and `merge(partition:)`: what cooperating importers
/// build on. Two conversions that staged the same resources in different orders cut the same
/// partitions, and merging each once, in any order, hands out what one `finish` hands out.
@Suite("merging chosen partitions of a staged conversion")
struct StagedPartitionTests {
  @Test("partitions merged one by one, in reverse, after staging in reverse, equal one finish")
  func chosenPartitionsEqualFinish() throws {
    let bundles = Fixtures.files(extensions: ["json"], under: "r4/bundles")
      .filter { ($0 as NSString).lastPathComponent.hasPrefix("synthea__") }.prefix(3)
    #expect(bundles.count == 3)
    // The Bundles' resources as a Bulk Data export would have them, forward and reversed.
    let resources = try bundles.flatMap { try BulkExport.resources(ofBundle: Fixtures.bytes($0)) }.map(\.json)
    let folder = TemporaryFolders.make("staged-partitions")
    func read(_ lines: [[UInt8]], _ name: String) throws -> PipelineInput {
      let path = folder + "/" + name
      try Data(lines.flatMap { $0 + [0x0A] }).write(to: URL(fileURLWithPath: path))
      return try Pipeline().read([.path(path)]).input
    }
    let input = try read(resources, "forward.ndjson")
    let flattened = try read(resources.reversed(), "reversed.ndjson")
    let staging = Pipeline.StagingOptions(partitionBytes: 64 << 10, jobs: 2)

    let whole = try StagedConversion(pipeline: Pipeline(), staging: staging)
    for entry in input.entries { try whole.add(entry) }
    var expected: [CareRecord] = []
    var expectedSources: [UUID: [SourceReference]] = [:]
    let report = try whole.finish(withSources: { record, sources in
      expected.append(record)
      expectedSources[record.uuid] = sources
    })

    let a = try StagedConversion(pipeline: Pipeline(), staging: staging)
    for entry in flattened.entries { try a.add(entry) }
    let count = try a.partitionCount()
    #expect(count > 3)
    var merged: [CareRecord] = []
    var sources: [UUID: [SourceReference]] = [:]
    for partition in (0..<count).reversed() {
      try a.merge(partition: partition) { record, from in
        merged.append(record)
        sources[record.uuid] = from
      }
    }
    #expect(Set(merged.map(\.uuid)).count == merged.count, "an entity handed out twice")
    func lines(_ records: [CareRecord]) throws -> [Substring] {
      String(decoding: try CareJSON.ndjson(records), as: UTF8.self).split(separator: "\n").sorted()
    }
    #expect(try lines(merged) == lines(expected))
    #expect(sources == expectedSources)
    #expect(a.partitionsReport.entities == report.entities)
    #expect(a.partitionsReport.failures.count == report.failures.count)

    // The same partition from another conversion of the same resources, staged in input order.
    let b = try StagedConversion(pipeline: Pipeline(), staging: staging)
    for entry in input.entries { try b.add(entry) }
    #expect(try b.partitionCount() == count)
    var first: [CareRecord] = []
    try b.merge(partition: 0) { record, _ in first.append(record) }
    var again: [CareRecord] = []
    let c = try StagedConversion(pipeline: Pipeline(), staging: staging)
    for entry in flattened.entries { try c.add(entry) }
    try c.merge(partition: 0) { record, _ in again.append(record) }
    #expect(!first.isEmpty)
    #expect(try lines(first) == lines(again))
  }
}
