import FHIRCore
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Testing

/// `Patient`, `Observation`, `MedicationRequest` and `CarePlan` keep their members in a
/// copy-on-write box shared by copies: values still compare and hash by content, and
/// changing one copy — a member, or a member inside a member (`component.append`,
/// `name[0].given.append`) — never shows through another, whether the copy was made
/// directly, through ``DomainResource``, or out of an ``AnyResource``.
@Suite struct R4StorageTests {
  static let patientExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/Patient")
  static let observationExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/Observation")
  static let medicationRequestExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/MedicationRequest")
  static let carePlanExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/CarePlan")

  @Test func anyResourceStaysOneWord() {
    #expect(MemoryLayout<AnyResource>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<Observation>.size == MemoryLayout<Int>.size)
  }

  @Test(arguments: patientExamples)
  func patient(path: String) throws {
    try assertValueSemantics(Patient.self, path: path, wrap: AnyResource.patient) { patient in
      patient.gender = "other"
      patient.name.append(HumanName(family: "Added"))
      patient.name[0].given.append("Added")
    } unwrap: {
      if case .patient(let patient) = $0 { patient } else { nil }
    }
  }

  @Test(arguments: observationExamples)
  func observation(path: String) throws {
    try assertValueSemantics(Observation.self, path: path, wrap: AnyResource.observation) { observation in
      observation.status = "entered-in-error"
      observation.note.append(Annotation(text: "added"))
      observation.component.append(Observation.Component(code: CodeableConcept(text: "added")))
      observation.component[0].code?.coding.append(Coding())
    } unwrap: {
      if case .observation(let observation) = $0 { observation } else { nil }
    }
  }

  @Test(arguments: medicationRequestExamples)
  func medicationRequest(path: String) throws {
    try assertValueSemantics(MedicationRequest.self, path: path, wrap: AnyResource.medicationRequest) { request in
      request.intent = "option"
      request.dosageInstruction.append(Dosage(text: "added"))
      request.dosageInstruction[0].additionalInstruction.append(CodeableConcept(text: "added"))
      request.dispenseRequest = request.dispenseRequest == nil ? MedicationRequest.DispenseRequest() : nil
    } unwrap: {
      if case .medicationRequest(let request) = $0 { request } else { nil }
    }
  }

  @Test(arguments: carePlanExamples)
  func carePlan(path: String) throws {
    try assertValueSemantics(CarePlan.self, path: path, wrap: AnyResource.carePlan) { plan in
      plan.status = "revoked"
      plan.activity.append(CarePlan.Activity(reference: Reference(display: "added")))
      plan.activity[0].outcomeCodeableConcept.append(CodeableConcept(text: "added"))
    } unwrap: {
      if case .carePlan(let plan) = $0 { plan } else { nil }
    }
  }

  @Test func initializersStartFromEmptyMembers() throws {
    let observation = Observation(status: "final", code: CodeableConcept(text: "x"))
    #expect(observation.status == "final" && observation.code?.text == "x" && observation.component.isEmpty)
    #expect(observation == Observation(status: "final", code: CodeableConcept(text: "x")))
    #expect(Patient() == Patient() && Patient().hashValue == Patient().hashValue)
    let plan = CarePlan(status: "active", intent: "plan", subject: Reference(display: "s"))
    #expect(plan.intent == "plan" && plan.subject?.display == "s" && plan.activity.isEmpty)
    let request = MedicationRequest(status: "active", intent: "order", subject: Reference(display: "s"))
    #expect(request.intent == "order" && request.medication == nil && request.dispenseRequest == nil)
  }

  /// Decodes the fixture at `path` twice and checks, for the value and copies of it:
  /// equality and hashing by content; that `change` (which must change the value)
  /// leaves the original and its JSON alone, made directly, generically through
  /// ``DomainResource``, and on a value taken out of an ``AnyResource``.
  func assertValueSemantics<R: DomainResource>(
    _ type: R.Type, path: String, wrap: (R) -> AnyResource, change: (inout R) -> Void,
    unwrap: (AnyResource) -> R?
  ) throws {
    let original = try decode(R.self, path)
    let second = try decode(R.self, path)
    let json = original.jsonBytes()
    #expect(original == second)
    #expect(original.hashValue == second.hashValue)

    var copy = original
    change(&copy)
    #expect(copy != original)
    #expect(original == second && original.jsonBytes() == json)

    var generic = original
    generic.extension.append(Extension(url: "http://example.org/added"))
    generic.meta = nil
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
