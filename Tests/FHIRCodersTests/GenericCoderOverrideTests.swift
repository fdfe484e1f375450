import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import Foundation
import Testing

/// The coders of both releases are one generic type each (`R4PatientCoder` is
/// `PatientCoder<FHIRR4.Patient>`): an override is written once, over the generic coder, and the
/// same closure shape serves R4 and DSTU2.
@Suite struct GenericCoderOverrideTests {
  /// `setFHIRName` that writes no nickname name, and notes that in the report: one function for
  /// every release (only the resource type differs).
  static func withoutNickname<Resource>(_ coder: PatientCoder<Resource>) -> PatientCoder<Resource> {
    var coder = coder
    let original = coder.setFHIRName
    coder.setFHIRName = { entity, resource, report in
      var entity = entity
      if entity.name.nickname != nil { report.unrepresentable("Patient.name.nickname") }
      entity.name.nickname = nil
      original(entity, &resource, &report)
    }
    return coder
  }

  /// `getCareName` that upper-cases the family name, for every release.
  static func upperFamily<Resource>(_ coder: PatientCoder<Resource>) -> PatientCoder<Resource> {
    var coder = coder
    let original = coder.getCareName
    coder.getCareName = { resource, report in
      var name = original(resource, &report)
      name.familyName = name.familyName?.uppercased()
      return name
    }
    return coder
  }

  static let patient = PatientEntity(
    id: "p-1", name: NameComponents(givenName: "Ann", familyName: "Lee", nickname: "Annie"),
    uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555556")!, effectiveDate: Date(timeIntervalSince1970: 1_600_000_000),
    timezone: TimeZone(identifier: "UTC")!)

  /// Encodes with `custom`, decodes with `plain`: the name that comes back, and the report of the encode.
  static func roundTrip<Resource>(_ custom: PatientCoder<Resource>, _ plain: PatientCoder<Resource>) throws
    -> (name: NameComponents, unrepresentable: [String: Int])
  {
    let encoded = try custom.encode(patient)
    return (try plain.decode(encoded.value).value.name, encoded.report.unrepresentable)
  }

  @Test func oneSetFHIRNameOverrideServesBothReleases() throws {
    // The typealiases are the generic coder: the function above takes and returns them.
    let r4: R4PatientCoder = Self.withoutNickname(R4PatientCoder())
    let dstu2: DSTU2PatientCoder = Self.withoutNickname(DSTU2PatientCoder())
    for (name, report) in [try Self.roundTrip(r4, R4PatientCoder()), try Self.roundTrip(dstu2, DSTU2PatientCoder())] {
      #expect(name.nickname == nil && name.givenName == "Ann" && name.familyName == "Lee")
      #expect(report["Patient.name.nickname"] == 1)
    }
    // Without the override the nickname travels.
    #expect(try Self.roundTrip(R4PatientCoder(), R4PatientCoder()).name.nickname == "Annie")
    #expect(try Self.roundTrip(DSTU2PatientCoder(), DSTU2PatientCoder()).name.nickname == "Annie")
  }

  @Test func oneGetCareNameOverrideServesBothReleases() throws {
    #expect(try Self.roundTrip(R4PatientCoder(), Self.upperFamily(R4PatientCoder())).name.familyName == "LEE")
    #expect(try Self.roundTrip(DSTU2PatientCoder(), Self.upperFamily(DSTU2PatientCoder())).name.familyName == "LEE")
    #expect(try Self.roundTrip(DSTU2PatientCoder(), DSTU2PatientCoder()).name.familyName == "Lee")
  }
}
