import FHIRKit
import FHIRTestSupport
import Testing

/// What README.md says about names under `import FHIRKit`: a name several modules define is
/// written with its module, and the standard library's hidden names with `Swift.` or
/// `_Concurrency.` (unqualified, `Patient` and `Bundle` do not compile, and `Range<Int>` and
/// `Task { }` find the models' types).
@Suite struct NamespaceTests {
  @Test func qualifiedNamesReachEachModule() async throws {
    let r4 = try FHIRR4.Patient.decode(from: JSONTokens(parsing: Fixtures.bytes("r4/examples/Patient/patient-example-a.json")))
    let r4Patient = try #require(r4.value)
    let care: CareModel.Patient = try R4PatientCoder().decode(r4Patient).value
    let dstu2: FHIRDSTU2.Patient = try DSTU2PatientCoder().encode(care).value
    #expect(dstu2.id?.value?.string == r4Patient.id?.value?.string)
    let r4Bundle: FHIRR4.Bundle? = nil
    let dstu2Bundle: FHIRDSTU2.Bundle? = nil
    #expect(r4Bundle == nil && dstu2Bundle == nil)

    let range: Swift.Range<Int> = 0..<3
    let sum = await _Concurrency.Task { range.reduce(0, +) }.value
    #expect(sum == 3)
    let careTask: CareModel.Task? = nil
    #expect(careTask == nil)
  }
}
