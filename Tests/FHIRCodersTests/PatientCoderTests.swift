import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// Patient coders: every fixture converts with a report that accounts for every element,
/// entity → FHIR → entity is exact, and each closure override changes only its field.
@Suite struct PatientCoderTests {
  static let r4Examples = Fixtures.files(extensions: ["json"], under: "r4/examples/Patient")
  static let dstu2Examples = Fixtures.files(extensions: ["json"], under: "dstu2/examples/Patient")

  static func sample() -> PatientEntity {
    var p = PatientEntity(
      id: "p-1", name: NameComponents(givenName: "Ann", familyName: "Lee", middleName: "Mae", namePrefix: "Dr",
        nameSuffix: "III", nickname: "Annie"),
      sex: .other("intersex"), birthday: DateComponents(year: 1980, month: 7), allergies: ["penicillin"],
      uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555556")!, effectiveDate: Date(timeIntervalSince1970: 1_600_000_000), timezone: TimeZone(identifier: "Europe/Berlin")!)
    p.createdDate = Date(timeIntervalSince1970: 1_500_000_000)
    p.updatedDate = Date(timeIntervalSince1970: 1_600_000_001)
    p.deletedDate = Date(timeIntervalSince1970: 1_600_000_002)
    p.previousVersionUUIDs = [UUID(), UUID()]
    p.groupIdentifier = "g"
    p.tags = ["a", "b"]
    p.remoteID = "r"
    p.source = "s"
    p.userInfo = ["x": "1", "y": "2"]
    p.notes = [Note(author: "n", title: "t", content: "c", createdDate: Date(timeIntervalSince1970: 1_550_000_000))]
    return p
  }

  static func decodeFixture<T: FHIRDecodable>(_ type: T.Type, _ path: String) throws -> T {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    return try #require(try T.decode(from: tokens).value)
  }

  @Test(arguments: r4Examples)
  func r4ExampleConverts(path: String) throws {
    let resource = try Self.decodeFixture(FHIRR4.Patient.self, path)
    let converted = try R4PatientCoder().decode(resource)
    #expect(converted.value.id == resource.id?.string ?? "patient")
    #expect(!converted.report.mapped.isEmpty || resource.id == nil)
    #expect(converted.report.dropped.keys.allSatisfy { $0.hasPrefix("Patient.") })
  }

  @Test(arguments: dstu2Examples)
  func dstu2ExampleConverts(path: String) throws {
    let resource = try Self.decodeFixture(FHIRDSTU2.Patient.self, path)
    let converted = try DSTU2PatientCoder().decode(resource)
    #expect(converted.value.id == resource.id?.string ?? "patient")
    #expect(converted.report.dropped.keys.allSatisfy { $0.hasPrefix("Patient.") })
  }

  @Test func reportAccountsForUnmappedElements() throws {
    var resource = FHIRR4.Patient()
    resource.id = "x"
    resource.active = true
    resource.gender = "female"
    let converted = try R4PatientCoder().decode(resource)
    #expect(converted.report.dropped == ["Patient.active": 1])
    #expect(converted.report.mapped["Patient.gender"] == 1)
    #expect(converted.value.sex == .female)
  }

  @Test func entityRoundTripsThroughBothReleases() throws {
    let entity = Self.sample()
    let r4 = R4PatientCoder()
    #expect(try r4.decode(r4.encode(entity).value).value == entity)
    let dstu2 = DSTU2PatientCoder()
    #expect(try dstu2.decode(dstu2.encode(entity).value).value == entity)
  }

  @Test func aCareIDThatIsNoFHIRIDGoesOutValidAndComesBack() throws {
    var entity = Self.sample()
    entity.id = "observation-log/p-1"
    let valid = try Regex("^[A-Za-z0-9\\-\\.]{1,64}$")
    let r4 = R4PatientCoder(), dstu2 = DSTU2PatientCoder()
    let r4Patient = try r4.encode(entity).value
    let dstu2Patient = try dstu2.encode(entity).value
    let r4ID = try #require(r4Patient.id?.string), dstu2ID = try #require(dstu2Patient.id?.string)
    #expect(r4ID.wholeMatch(of: valid) != nil)
    #expect(r4ID == dstu2ID)
    #expect(r4Patient.extension.contains { $0.url?.string == CareExtensions.base + "id" })
    #expect(try r4.decode(r4Patient).value.id == entity.id)
    #expect(try dstu2.decode(dstu2Patient).value.id == entity.id)
    entity.id = "p-1"
    #expect(try r4.encode(entity).value.id?.string == "p-1")
  }

  @Test func overridingAClosureChangesOnlyItsField() throws {
    let entity = Self.sample()
    var coder = R4PatientCoder()
    coder.getCareName = { _, _ in NameComponents(givenName: "Zed") }
    let fhir = try R4PatientCoder().encode(entity).value
    var expected = entity
    expected.name = NameComponents(givenName: "Zed")
    #expect(try coder.decode(fhir).value == expected)

    var sexCoder = R4PatientCoder()
    sexCoder.getCareSex = { _, _ in .male }
    expected = entity
    expected.sex = .male
    #expect(try sexCoder.decode(fhir).value == expected)

    var birthdayCoder = R4PatientCoder()
    birthdayCoder.setFHIRBirthday = { _, p, _ in p.birthDate = "2001" }
    let written = try birthdayCoder.encode(entity).value
    #expect(written.birthDate == "2001")
    var plain = try R4PatientCoder().encode(entity).value
    plain.birthDate = "2001"
    #expect(written == plain)
  }
}
