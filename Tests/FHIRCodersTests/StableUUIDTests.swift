import CareModel
import FHIRCoders
import FHIRCore
import FHIRJSON
import FHIRR4
import Foundation
import Testing

/// Derived UUIDs are stable across releases of FHIRKit: stored entities keep pointing at
/// the resources they came from.
@Suite struct StableUUIDTests {
  @Test(arguments: [
    ("Patient", "example", "C30C5187-FFD0-56F5-B08E-904D2CB19CDB"),
    ("Observation", "blood-pressure", "46B8D227-1EE3-58B8-B32C-AE489EDAACF4"),
  ])
  func derivedFromTypeAndID(_ type: String, _ id: String, _ expected: String) {
    #expect(StableUUID.forResource(type: type, id: id).uuidString == expected)
    #expect(StableUUID.forReference("\(type)/\(id)")?.uuidString == expected)
  }

  @Test func aUUIDIdIsKept() {
    let id = "905F386E-3DDD-58DC-AF06-C0C95F5D9F46"
    #expect(StableUUID.forResource(type: "Patient", id: id).uuidString == id)
    #expect(StableUUID.forResource(type: "Patient", id: id.lowercased()).uuidString == id)
    #expect(StableUUID.forReference("urn:uuid:" + id.lowercased())?.uuidString == id)
  }

  /// Ids that are almost UUIDs are names, as Foundation's parser would have them.
  @Test(arguments: ["905F386E-3DDD-58DC-AF06-C0C95F5D9F4G", "905F386E3DDD-58DC-AF06-C0C95F5D9F46X", "905F386E-3DDD-58DC-AF06-C0C95F5D9F4"])
  func almostUUIDsAreNames(_ id: String) {
    #expect(UUID(uuidString: id) == nil)
    #expect(StableUUID.forResource(type: "Patient", id: id).uuidString != id)
    #expect(!StableUUID.isAnonymous(StableUUID.forResource(type: "Patient", id: id)))
  }

  static func patient(_ json: String) throws -> FHIRR4.Patient {
    try #require(try Array(json.utf8).withUnsafeBytes { try FHIRR4.Patient.decode(from: JSONTokens(parsing: $0)) }.value)
  }

  /// Two patients without id, decoded directly through a coder, get different uuids; decoding
  /// one again gives the same uuid; a patient with an id keeps the uuid references resolve to.
  @Test func entitiesWithoutIDGetUUIDsOfTheirOwn() throws {
    let a = try Self.patient(#"{"resourceType":"Patient","name":[{"family":"A"}]}"#)
    let b = try Self.patient(#"{"resourceType":"Patient","name":[{"family":"B"}]}"#)
    let coder = R4PatientCoder()
    let uuidA = try coder.decode(a).value.uuid
    #expect(uuidA != (try coder.decode(b).value.uuid))
    #expect(uuidA == (try coder.decode(a).value.uuid))
    #expect(StableUUID.isAnonymous(uuidA))
    let withID = try Self.patient(#"{"resourceType":"Patient","id":"example"}"#)
    let uuid = try coder.decode(withID).value.uuid
    #expect(uuid == StableUUID.forReference("Patient/example"))
    #expect(!StableUUID.isAnonymous(uuid))
  }

  /// The release and `meta.versionId` are part of an anonymous resource's identity.
  @Test func releaseAndVersionTellAnonymousResourcesApart() {
    let content = Array(#"{"resourceType":"Patient"}"#.utf8)
    let r4 = StableUUID.forAnonymous(type: "Patient", release: "R4", versionID: nil, content: content)
    #expect(r4 != StableUUID.forAnonymous(type: "Patient", release: "DSTU2", versionID: nil, content: content))
    #expect(r4 != StableUUID.forAnonymous(type: "Patient", release: "R4", versionID: "2", content: content))
    #expect(r4.uuidString == StableUUID.forAnonymous(type: "Patient", release: "R4", versionID: nil, content: content).uuidString)
  }

  /// The Tasks of two CarePlans without id get different uuids (from each plan's own uuid).
  @Test func activitiesOfPlansWithoutIDDiffer() throws {
    func plan(_ title: String) throws -> FHIRR4.CarePlan {
      let json = #"{"resourceType":"CarePlan","status":"active","intent":"plan","title":"\#(title)","subject":{"reference":"Patient/p"},"activity":[{"detail":{"status":"scheduled","description":"walk"}}]}"#
      return try #require(try Array(json.utf8).withUnsafeBytes { try FHIRR4.CarePlan.decode(from: JSONTokens(parsing: $0)) }.value)
    }
    let first = try R4CarePlanCoder().decodeWithTasks(plan("one"))
    let second = try R4CarePlanCoder().decodeWithTasks(plan("two"))
    #expect(first.plan.value.uuid != second.plan.value.uuid)
    #expect(try #require(first.tasks.first).value.uuid != (try #require(second.tasks.first).value.uuid))
  }
}
