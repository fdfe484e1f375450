import FHIRCoders
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
  }
}
