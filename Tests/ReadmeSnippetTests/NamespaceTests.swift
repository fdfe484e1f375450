import FHIRKit
import FHIRTestSupport
import Testing

/// What README.md says about names under `import FHIRKit`: a name both releases define is
/// written with its module, the care entities have names of their own (so Swift's `Task` is
/// not hidden), and the releases' `Range` is written `Swift.Range`.
@Suite struct NamespaceTests {
  @Test func qualifiedNamesReachEachModule() async throws {
    let r4 = try FHIRR4.Patient.decode(from: JSONTokens(parsing: Fixtures.bytes("r4/examples/Patient/patient-example-a.json")))
    let r4Patient = try #require(r4.value)
    let care: PatientEntity = try R4PatientCoder().decode(r4Patient).value
    let dstu2: FHIRDSTU2.Patient = try DSTU2PatientCoder().encode(care).value
    #expect(dstu2.id?.value?.string == r4Patient.id?.value?.string)
    let r4Bundle: FHIRR4.Bundle? = nil
    let dstu2Bundle: FHIRDSTU2.Bundle? = nil
    #expect(r4Bundle == nil && dstu2Bundle == nil)

    let range: Swift.Range<Int> = 0..<3
    let sum = await Task { range.reduce(0, +) }.value
    #expect(sum == 3)
    let careTask: TaskEntity? = nil
    let carePatient: PatientEntity? = nil
    let plan: CarePlanEntity? = nil
    #expect(careTask == nil && carePatient == nil && plan == nil)
    let report = ReleaseConversionReport()
    #expect(report.entries.isEmpty)
  }
}
