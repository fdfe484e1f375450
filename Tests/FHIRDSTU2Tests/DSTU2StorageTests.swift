import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRTestSupport
import Testing

/// DSTU2 `Patient`, `Observation`, `MedicationOrder` and `CarePlan` keep their members in
/// a copy-on-write box shared by copies, as in R4: values compare and hash by content,
/// and changing one copy — a member or a member inside one — never shows through
/// another, made directly, through ``DomainResource``, or out of an ``AnyResource``.
@Suite struct DSTU2StorageTests {
  static let observationExamples = Fixtures.files(extensions: ["json"], under: "dstu2/examples/Observation")
  static let medicationOrderExamples = Fixtures.files(extensions: ["json"], under: "dstu2/examples/MedicationOrder")
  static let carePlanExamples = Fixtures.files(extensions: ["json"], under: "dstu2/examples/CarePlan")
  /// DSTU2 patients come inside Bundles (the examples and the Synthea bundles).
  static let patientBundles =
    ["dstu2/examples/Bundle/patient-examples-general.json"]
    + Fixtures.files(extensions: ["json"], under: "dstu2/bundles")

  @Test func anyResourceStaysOneWord() {
    #expect(MemoryLayout<AnyResource>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<Patient>.size == MemoryLayout<Int>.size)
  }

  @Test(arguments: patientBundles)
  func patient(path: String) throws {
    let entries = try decode(Bundle.self, path).entry.compactMap(\.resource)
    let patients = entries.compactMap { if case .patient(let patient) = $0 { patient } else { nil } }
    try #require(!patients.isEmpty)
    for patient in patients {
      try assertValueSemantics(patient, wrap: AnyResource.patient) { patient in
        patient.gender = "other"
        patient.name.append(HumanName(family: ["Added"]))
        patient.name[0].given.append("Added")
      } unwrap: {
        if case .patient(let patient) = $0 { patient } else { nil }
      }
    }
  }

  @Test(arguments: observationExamples)
  func observation(path: String) throws {
    try assertValueSemantics(decode(Observation.self, path), wrap: AnyResource.observation) { observation in
      observation.status = "entered-in-error"
      observation.component.append(Observation.Component(code: CodeableConcept(text: "added")))
      observation.component[0].code?.coding.append(Coding())
    } unwrap: {
      if case .observation(let observation) = $0 { observation } else { nil }
    }
  }

  @Test(arguments: medicationOrderExamples)
  func medicationOrder(path: String) throws {
    try assertValueSemantics(decode(MedicationOrder.self, path), wrap: AnyResource.medicationOrder) { order in
      order.status = "on-hold"
      order.dosageInstruction.append(MedicationOrder.DosageInstruction())
      order.dosageInstruction[0].additionalInstructions = CodeableConcept(text: "added")
    } unwrap: {
      if case .medicationOrder(let order) = $0 { order } else { nil }
    }
  }

  @Test(arguments: carePlanExamples)
  func carePlan(path: String) throws {
    try assertValueSemantics(decode(CarePlan.self, path), wrap: AnyResource.carePlan) { plan in
      plan.status = "cancelled"
      plan.activity.append(CarePlan.Activity())
      plan.activity[0].progress.append(Annotation(text: "added"))
    } unwrap: {
      if case .carePlan(let plan) = $0 { plan } else { nil }
    }
  }

  /// Checks, for `original` and copies of it: equality and hashing with a separate
  /// copy of its content (re-decoded from its JSON); that `change` (which must change
  /// the value) leaves the original and its JSON alone, made directly, generically
  /// through ``DomainResource``, and on a value taken out of an ``AnyResource``.
  func assertValueSemantics<R: DomainResource>(
    _ original: R, wrap: (R) -> AnyResource, change: (inout R) -> Void, unwrap: (AnyResource) -> R?
  ) throws {
    let json = original.jsonBytes()
    let tokens = try Chunked.tokens(json, chunkSize: json.count)
    let second = try #require(try R.decode(from: tokens).value)
    #expect(original == second)
    #expect(original.hashValue == second.hashValue)

    var copy = original
    change(&copy)
    #expect(copy != original)
    #expect(original == second && original.jsonBytes() == json)

    var generic = original
    generic.extension.append(Extension(url: "http://example.org/added"))
    #expect(generic != original)
    #expect(original == second && original.jsonBytes() == json)

    let any = wrap(original)
    var taken = try #require(unwrap(any))
    #expect(taken == original)
    change(&taken)
    #expect(try #require(unwrap(any)) == second)
    #expect(any.jsonBytes() == json)
  }

  func decode<R: FHIRResource>(_ type: R.Type, _ path: String) throws -> R {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    return try #require(try R.decode(from: tokens).value)
  }
}
