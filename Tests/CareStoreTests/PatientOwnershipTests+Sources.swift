import CareModel
import CareStore
import FHIRTestSupport
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import Foundation
import Testing

/// The sources each stored version keeps, after the same import as ``PatientOwnershipTests``:
/// equal to the input's resources, and given back by `export --from-sources`.
extension PatientOwnershipTests {
  @Test("each stored version keeps the resources it came from, equal to the input's (key order aside), with their release")
  func sourcesAreKept() throws {
    // The input's resources by (release, type, id or fullUrl).
    var input: [String: NSDictionary] = [:]
    var anonymous: [String: [NSDictionary]] = [:]
    for path in Self.bundles {
      let release = path.contains("/dstu2/") ? "DSTU2" : "R4"
      let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
      for entry in bundle["entry"] as? [[String: Any]] ?? [] {
        guard let resource = entry["resource"] as? [String: Any], let type = resource["resourceType"] as? String
        else { continue }
        // A resource with neither id nor fullUrl is known by its content.
        guard let name = resource["id"] as? String ?? entry["fullUrl"] as? String else {
          anonymous[release + "|" + type, default: []].append(try Self.asRead(resource, release: release))
          continue
        }
        input[release + "|" + type + "|" + name] = resource as NSDictionary
      }
    }
    let backend = Self.store.store.backend
    let sources = try backend.read { reader in
      let uuids = try EntityKind.allCases.flatMap { try reader.versions($0, .all).map(\.uuid) }
      return try reader.sources(of: uuids)
    }
    var checked = 0
    for source in sources.values.joined() {
      let json = try #require(source.json, "a source without JSON")
      let stored = try #require(try JSONSerialization.jsonObject(with: json) as? NSDictionary)
      let kind = source.release.rawValue + "|" + source.resourceType
      guard let name = source.resourceID ?? source.fullUrl else {
        // Some of these (DSTU2 Synthea resources of 2017) have errors the lenient reader repairs
        // (an array where one value belongs): the source is the resource as read.
        #expect(anonymous[kind]?.contains(stored) ?? false, "\(source.resourceType) is not the input as read")
        checked += 1
        continue
      }
      let original = try #require(input[kind + "|" + name])
      #expect(stored == original, "\(source.resourceType) differs from the input")
      checked += 1
    }
    #expect(checked > 2500)  // 3,009 from the package's own fixtures
  }

  @Test("export --from-sources: every patient's resources come back as imported in their release (number text too), converted and valid in the other")
  func exportFromSources() throws {
    let store = Self.store.store
    // The input's resources as read (numbers and strings as their exact text), by "Type|id"
    // (else by content), per release, and each patient's resources by the patient's id.
    var input: [String: [String: JSONValue]] = [:], anonymous: [String: [JSONValue]] = [:]
    for path in Self.bundles {
      let release = path.contains("/dstu2/") ? "dstu2" : "r4"
      let bundle = try JSONValue(parsing: String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
      for entry in bundle["entry"]?.arrayValue ?? [] {
        guard let resource = entry["resource"], let type = resource["resourceType"]?.stringValue else { continue }
        if let id = resource["id"]?.stringValue {
          input[release, default: [:]][type + "|" + id] = resource
        } else {
          anonymous[release, default: []].append(try Self.asReadValue(resource, release: release == "r4" ? "R4" : "DSTU2"))
        }
      }
    }
    let patients = try store.patients().sorted { $0.id < $1.id }
    for release in ["r4", "dstu2"] {
      // Every patient imported from this release: each resource comes back as it came in.
      let own = patients.filter { input[release]?["Patient|" + $0.id] != nil }
      #expect(own.count >= 4)
      var compared = 0
      for patient in own {
        let same = try CommandRunner.run(["export", "--store", Self.store.path, "--to", release, "--from-sources", "--patient", patient.id])
        #expect(same.exitCode == 0)
        let lines = same.stdout.split(separator: "\n")
        #expect(lines.count > 1)
        for line in lines {
          let resource = try JSONValue(parsing: String(line))
          let type = resource["resourceType"]?.stringValue ?? ""
          if let id = resource["id"]?.stringValue {
            let original = try #require(input[release]?[type + "|" + id], "\(type) was not imported")
            let difference = original.firstDifference(from: resource)
            #expect(difference == nil, "\(type): \(difference ?? "")")
          } else {
            #expect(anonymous[release]?.contains { $0.firstDifference(from: resource) == nil } ?? false, "\(type) is not as imported")
          }
          compared += 1
        }
        // The same patient in the other release: converted by the release converter, valid.
        guard patient.id == own.first?.id else { continue }
        let other = release == "r4" ? "dstu2" : "r4"
        let file = TemporaryFolders.make("carestore-ownership-sources") + "/export.ndjson"
        let converted = try CommandRunner.run(["export", "--store", Self.store.path, "--to", other, "--from-sources", "--patient", patient.id, "-o", file])
        #expect(converted.exitCode == 0)
        let validate = try CommandRunner.run(["validate", "--release", other, file])
        #expect(validate.stderr.contains("\(lines.count) resource(s) checked, 0 with errors"), "\(validate.stderr.suffix(400))")
      }
      #expect(compared > 200)  // 235 R4 resources from the package's own fixtures
    }
  }

  /// ``asRead(_:release:)`` of a `JSONValue` (numbers and strings as their exact text).
  static func asReadValue(_ resource: JSONValue, release: String) throws -> JSONValue {
    let bytes = JSONWriter.bytes(of: resource)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let json =
      release == "R4"
      ? try #require(try FHIRR4.AnyResource.decode(from: tokens).value).jsonBytes()
      : try #require(try FHIRDSTU2.AnyResource.decode(from: tokens).value).jsonBytes()
    return try JSONValue(parsing: String(decoding: json, as: UTF8.self))
  }

  /// `resource` as the lenient reader of `release` reads it (its model's JSON): the input
  /// itself, key order aside, unless the reader repaired an error.
  static func asRead(_ resource: [String: Any], release: String) throws -> NSDictionary {
    let bytes = Array(try JSONSerialization.data(withJSONObject: resource))
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let json =
      release == "R4"
      ? try #require(try FHIRR4.AnyResource.decode(from: tokens).value).jsonBytes()
      : try #require(try FHIRDSTU2.AnyResource.decode(from: tokens).value).jsonBytes()
    return try #require(try JSONSerialization.jsonObject(with: Data(json)) as? NSDictionary)
  }
}
