import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import FHIRTestSupport
import Testing

/// The R4 → DSTU2 entry points agree: for every R4 fixture of a modelled type, the
/// per-type `ReleaseConverter.toDSTU2` overload gives the same DSTU2 resource and report
/// as the `AnyResource` one, and converting twice gives the same result.
@Suite struct ToDSTU2ConverterTests {
  static let files = FixtureConversionTests.r4Files

  @Test(arguments: files)
  func perTypeOverloadMatchesAnyResource(path: String) throws {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let resource = try #require(try FHIRR4.AnyResource.decode(from: tokens).value)
    let (converted, report) = ReleaseConverter.toDSTU2(resource)
    let typed: (FHIRDSTU2.AnyResource, ReleaseConversionReport)
    switch resource {
    case .patient(let patient): typed = Self.wrap(ReleaseConverter.toDSTU2(patient), FHIRDSTU2.AnyResource.patient)
    case .medicationRequest(let request):
      typed = Self.wrap(ReleaseConverter.toDSTU2(request), FHIRDSTU2.AnyResource.medicationOrder)
    case .medication(let medication):
      typed = Self.wrap(ReleaseConverter.toDSTU2(medication), FHIRDSTU2.AnyResource.medication)
    case .observation(let observation):
      typed = Self.wrap(ReleaseConverter.toDSTU2(observation), FHIRDSTU2.AnyResource.observation)
    case .carePlan(let carePlan): typed = Self.wrap(ReleaseConverter.toDSTU2(carePlan), FHIRDSTU2.AnyResource.carePlan)
    case .bundle(let bundle): typed = Self.wrap(ReleaseConverter.toDSTU2(bundle), FHIRDSTU2.AnyResource.bundle)
    case .other: Issue.record("fixture of an unmodelled type: \(path)"); return
    }
    #expect(typed.0 == converted)
    #expect(typed.1 == report)
    let again = ReleaseConverter.toDSTU2(resource)
    #expect(again.0 == converted && again.1 == report)
    #expect(report.paths(.passedThrough).allSatisfy { $0 != "$" }, "a modelled resource is never passed through whole")
  }

  static func wrap<T>(
    _ result: (T, ReleaseConversionReport), _ wrap: (T) -> FHIRDSTU2.AnyResource
  ) -> (FHIRDSTU2.AnyResource, ReleaseConversionReport) {
    (wrap(result.0), result.1)
  }
}
