import CareModel
import CareStore
import Foundation
import Testing

/// Version uuids are part of every store written so far: a later FHIRKit must derive the same
/// uuid for the same version, or re-importing into an older store would add versions.
@Suite struct VersionUUIDTests {
  /// The second version of the Patient of `synthea__Chauncey_Johnston_…json` after its
  /// `birthDate` changed, as FHIRKit 0.9.0 stored it (read from a store that release wrote).
  @Test func aVersionUUIDIsTheOneEarlierReleasesStored() throws {
    let previous = try #require(UUID(uuidString: "2A3D4D46-512F-480F-8EB9-5A11EF3B2176"))
    let uuid = VersionRules.versionUUID(
      .patient, id: "2a3d4d46-512f-480f-8eb9-5a11ef3b2176", previous: previous, hash: "a9bc6b4f9c1dd3c1-420d1a3d6888f220")
    #expect(uuid.uuidString == "002FBA39-1DA7-5DB3-9189-FD26535345C1")
  }

  @Test func nameUUIDsAreVersionedAndDistinct() {
    var a = NameUUID()
    a.add("CarePlan/")
    a.add("p1")
    var b = NameUUID()
    b.add("CarePlan/p2")
    #expect(a.uuid(version: 5) != b.uuid(version: 5))
    #expect(a.uuid(version: 5).uuid.6 >> 4 == 5)
    #expect(a.uuid(version: 8).uuid.6 >> 4 == 8)
    #expect(a.uuid(version: 5).uuid.8 >> 6 == 0b10)
  }
}
