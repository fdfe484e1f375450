import CareModel
import CarePipeline
import FHIRCore
import FHIRTestSupport
import Foundation
import Testing

/// Reading sources: bad records are reported with their place and skipped (or stop the run in
/// strict mode), never with data values; descriptors and real Bulk Data folders are read.
@Suite struct PipelineReadingTests {
  static func bad(_ name: String) -> PipelineSource { .path(Fixtures.root + "/bad/" + name) }

  @Test func badNDJSONLineIsReportedWithItsLineAndSkipped() throws {
    let result = try Pipeline().run([Self.bad("truncated-line.ndjson")])
    #expect(result.patients.map(\.id) == ["good-1", "good-2"])
    let issue = try #require(result.report.inputIssues.first)
    #expect(result.report.inputIssues.count == 1)
    #expect(issue.kind == .invalidJSON)
    #expect(issue.source.hasSuffix("bad/truncated-line.ndjson"))
    #expect(issue.line == 2)
    #expect(issue.path == "name[0].family")
    #expect(!issue.description.contains("Zyxwvut"))
  }

  @Test func strictModeStopsAtTheFirstBadRecord() throws {
    let error = #expect(throws: InputIssue.self) {
      try Pipeline().run([Self.bad("truncated-line.ndjson")], reading: .init(strict: true))
    }
    #expect(error?.line == 2)
    // The staged path stops the same way.
    #expect(throws: InputIssue.self) {
      _ = try Pipeline().convert([Self.bad("truncated-line.ndjson")], reading: .init(strict: true)) { _ in }
    }
  }

  @Test func truncatedBundleKeepsTheEntriesBeforeTheError() throws {
    let result = try Pipeline().run([Self.bad("truncated-bundle.json")])
    #expect(result.report.resourcesRead.values.reduce(0, +) == 2)
    let issue = try #require(result.report.inputIssues.first)
    #expect(issue.kind == .invalidJSON)
    #expect(issue.path == "entry[2].resource.name[0].family")
  }

  @Test func recordThatIsNoResourceIsReportedWithItsLine() throws {
    let result = try Pipeline().run([Self.bad("missing-resource-type.ndjson")])
    #expect(result.report.resourcesRead.values.reduce(0, +) == 2)
    let issue = try #require(result.report.inputIssues.first)
    #expect(issue.kind == .notAResource)
    #expect(issue.line == 2)
  }

  @Test func strictModeRefusesResourcesWithErrors() throws {
    let lenient = try Pipeline().run([Self.bad("impossible-date.ndjson")])
    #expect(lenient.report.inputIssues.isEmpty)
    let error = #expect(throws: InputIssue.self) {
      try Pipeline().run([Self.bad("impossible-date.ndjson")], reading: .init(strict: true))
    }
    #expect(error?.kind == .invalidResource)
    #expect(error?.line == 2)
    #expect(error?.path == "birthDate")
    #expect(error?.resourceType == "Patient")
  }

  @Test func missingPathIsReported() throws {
    let result = try Pipeline().run([.path("/nonexistent/fhirkit-export")])
    #expect(result.report.inputIssues.map(\.kind) == [.unreadable])
  }

  /// A real Bulk Data export (one file per type) read as a folder, in memory and staged.
  @Test func realBulkDataFolder() throws {
    let folder = try PipelineComparison.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var patients = 0
    for path in Fixtures.files(extensions: ["ndjson"], under: "r4/ndjson") where path.contains("sample-bulk-10-patients") {
      let name = (path as NSString).lastPathComponent.replacingOccurrences(of: "sample-bulk-10-patients__", with: "")
      try Data(Fixtures.bytes(path)).write(to: URL(fileURLWithPath: folder + "/" + name))
      if name.hasPrefix("Patient.") { patients = Fixtures.bytes(path).split(separator: 0x0A).count }
    }
    let result = try Pipeline().run([.path(folder)])
    #expect(result.report.inputIssues.isEmpty)
    #expect(result.patients.count == patients && patients > 0)
    try PipelineComparison.expectSame(try PipelineComparison.staged([.path(folder)]), result, "staged")
  }

  /// NDJSON on a file descriptor (as standard input is read) gives what the file gives.
  @Test func fileDescriptorSource() throws {
    let path = try #require(PipelineFixtureTests.files.first { $0.hasPrefix("r4/") })
    let folder = try PipelineComparison.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (_, _, shuffled) = try PipelineComparison.export(fixture: path, into: folder)
    let descriptor = open(shuffled, O_RDONLY)
    defer { close(descriptor) }
    let fromDescriptor = try PipelineComparison.staged([.fileDescriptor(descriptor, name: "<pipe>", framing: .ndjson)])
    try PipelineComparison.expectSame(fromDescriptor, try Pipeline().run([.path(shuffled)]), "descriptor")
  }
}

/// Sources as sent: a byte order mark is skipped with an information issue, and a
/// gzip-compressed file is read whatever its name.
@Suite struct PipelineInputsAsSentTests {
  @Test func aByteOrderMarkIsSkippedWithAnInformationIssue() throws {
    let result = try Pipeline().run([.path(Fixtures.root + "/bad/byte-order-mark.ndjson")])
    #expect(result.patients.count == 2)
    #expect(result.report.inputIssues.map(\.kind) == [.byteOrderMark])
    #expect(result.report.inputIssues.allSatisfy { $0.isInformation })
  }

  @Test func aCompressedFileIsReadLikeThePlainOne() throws {
    let folder = TemporaryFolders.make("pipeline-gzip")
    let plain = Fixtures.root + "/r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson"
    let copy = folder + "/Patient.NDJSON"
    try FileManager.default.copyItem(atPath: plain, toPath: copy)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", copy]
    try process.run()
    process.waitUntilExit()
    #expect(FileManager.default.fileExists(atPath: copy + ".gz"))
    let expected = try Pipeline().run([.path(plain)])
    let result = try Pipeline().run([.path(folder)])
    #expect(result.report.inputIssues.isEmpty)
    #expect(result.patients.count > 0)
    #expect(result.patients.map(\.id) == expected.patients.map(\.id))
  }
}
