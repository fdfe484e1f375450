import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// `fhirkit convert --format json|bundle`: one pretty-printed document.
@Suite struct ConvertFormatTests {
  func document(_ result: CommandRunner.Result) throws -> JSONValue {
    #expect(result.stdout.contains("\n  \""), "pretty-printed")
    return try JSONValue(parsing: result.stdout)
  }

  @Test func aSingleResourceStaysASingleResource() throws {
    let result = try CommandRunner.run(["convert", "--to", "r4", "--format", "json", "Fixtures/r4/examples/Patient/patient-example-a.json"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let value = try document(result)
    #expect(value["resourceType"]?.stringValue == "Patient")
    let original = try Fixtures.bytes("r4/examples/Patient/patient-example-a.json").withUnsafeBytes { try JSONValue(parsing: $0) }
    #expect(value["id"] == original["id"])
  }

  @Test func aBundleStaysThatBundle() throws {
    let result = try CommandRunner.run(["convert", "--to", "r4", "--format", "json", ConvertInputsTests.synthea])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let value = try document(result)
    #expect(value["resourceType"]?.stringValue == "Bundle")
    #expect(value["type"]?.stringValue == "transaction")
    let entries = try #require(value["entry"]?.arrayValue)
    #expect(entries.count == 78)
    // Entry members other than the resource are kept.
    #expect(entries.allSatisfy { $0["fullUrl"] != nil && $0["request"] != nil && $0["resource"]?["resourceType"] != nil })
  }

  @Test func severalInputsBecomeACollectionBundle() throws {
    let result = try CommandRunner.run([
      "convert", "--to", "r4", "--format", "json", "Fixtures/r4/examples/Patient/patient-example-a.json", ConvertInputsTests.synthea,
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let value = try document(result)
    #expect(value["type"]?.stringValue == "collection")
    #expect(value["entry"]?.arrayValue?.count == 79)
  }

  @Test func bundleFormatAlwaysWrapsInACollection() throws {
    let result = try CommandRunner.run(["convert", "--to", "dstu2", "--format", "bundle", "Fixtures/r4/examples/Patient/patient-example-a.json"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let value = try document(result)
    #expect(value["resourceType"]?.stringValue == "Bundle" && value["type"]?.stringValue == "collection")
    #expect(value["entry"]?.arrayValue?.first?["resource"]?["resourceType"]?.stringValue == "Patient")
  }

  @Test func ndjsonAndJSONHoldTheSameResources() throws {
    let ndjson = try CommandRunner.run(["convert", "--to", "dstu2", "Fixtures/r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson"])
    let json = try CommandRunner.run(["convert", "--to", "dstu2", "--format", "bundle", "Fixtures/r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson"])
    let lines = try ndjson.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    let entries = try #require(try document(json)["entry"]?.arrayValue).compactMap { $0["resource"] }
    #expect(lines == entries)
  }
}
