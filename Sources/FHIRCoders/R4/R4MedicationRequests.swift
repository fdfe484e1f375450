import CareModel
import FHIRCore
import FHIRJSON
public import FHIRR4

/// The R4 side of the medication order coder: MedicationRequest (see ``MedicationTaskRelease``).
enum R4MedicationRequests: MedicationTaskRelease {
  typealias Resource = FHIRR4.MedicationRequest
  typealias Dosage = FHIRR4.Dosage
  typealias Medication = FHIRR4.Medication

  static var release: String { "R4" }
  static var timingCapacity: ScheduleEncoding.Capacity { .r4 }
  static var resourceType: String { "MedicationRequest" }
  static var defaultID: String { "medication-request" }
  static var authoredElement: String { "authoredOn" }
  static var moreInstructionsElement: String { "patientInstruction" }
  static var schedulesMapAuthored: Bool { true }
  static var timingUnitNameSuffix: String { "" }
  static let paths = MedicationTaskPaths(R4MedicationRequests.self)
  static let doseQuantityPaths = TargetValueMapping.QuantityPaths("MedicationRequest.dosageInstruction.doseAndRate.doseQuantity")
  static let doseRangePath = ReportPath("MedicationRequest.dosageInstruction.doseAndRate.doseRange")
  static func empty() -> Resource {
    var r = Resource()
    r.status = "active"
    r.intent = "order"
    return r
  }

  static func medication(_ r: Resource) -> OrderedMedication? {
    switch r.medication {
    case .codeableConcept(let c): .concept(ConceptText(text: c.text?.string, codings: c.coding.lazy.map { ($0.display?.string, $0.code?.string) }))
    case .reference(let ref): .reference(target: ref.reference?.string, display: ref.display?.string)
    case nil: nil
    }
  }
  static func contained(_ r: Resource, id: Substring) -> Medication? {
    // By position: iterating would copy every contained resource out of the array.
    let contained = r.contained
    for index in contained.indices {
      if case .medication(let m) = contained[index], let own = m.id?.string, own[...] == id { return m }
    }
    return nil
  }
  static func name(_ m: Medication) -> ConceptText? {
    let code = m.code
    return ConceptText(text: code?.text?.string, codings: (code?.coding ?? []).lazy.map { ($0.display?.string, $0.code?.string) })
  }
  static func setTitle(_ title: String, in r: inout Resource) {
    var c = CodeableConcept()
    c.text = Primitive(FHIRString(uncheckedString: title))
    r.medication = .codeableConcept(c)
  }

  static func dosages(_ r: Resource) -> [Dosage] { r.dosageInstruction }
  static func instructions(_ dosage: Dosage) -> (text: String?, more: String?) {
    (dosage.text?.string, dosage.patientInstruction?.string)
  }
  static func sequence(_ dosage: Dosage) -> Int? { dosage.sequence?.value.map { Int($0.int) } }
  static func asNeeded(_ dosage: Dosage) -> AsNeeded? {
    switch dosage.asNeeded {
    case .boolean(let b): .flag(b.value?.bool)
    case .codeableConcept(let c): .condition(ConceptText(text: c.text?.string, codings: c.coding.lazy.map { ($0.display?.string, $0.code?.string) }))
    case nil: nil
    }
  }
  static func setAsNeeded(_ condition: String, in r: inout Resource) {
    let value: Dosage.AsNeeded = condition.isEmpty
      ? .boolean(Primitive(FHIRBoolean(true))) : .codeableConcept(CodeableConcept(text: Primitive(FHIRString(uncheckedString: condition))))
    for index in r.dosageInstruction.indices { r.dosageInstruction[index].asNeeded = value }
  }
  static func firstDosageText(_ r: Resource) -> Primitive<FHIRString>? { r.dosageInstruction.first?.text }
  static func setFirstDosageText(_ text: Primitive<FHIRString>?, in r: inout Resource) {
    if r.dosageInstruction.isEmpty {
      guard text != nil else { return }
      r.dosageInstruction = [Dosage()]
    }
    r.dosageInstruction[0].text = text
  }
  static func validityStart(_ r: Resource) -> ElementValue<FHIRDateTime> {
    ElementValue(
      isPresent: r.dispenseRequest?.validityPeriod?.start.isPresent ?? false, value: r.dispenseRequest?.validityPeriod?.start?.value)
  }
  static func authored(_ r: Resource) -> ElementValue<FHIRDateTime> { ElementValue(r.authoredOn) }
  static func setAuthored(_ value: Primitive<FHIRDateTime>, in r: inout Resource) { r.authoredOn = value }
  static func status(_ r: Resource) -> String? { r.status?.string }
  static func dateEnded(_ r: Resource) -> Primitive<FHIRDateTime>? { CarriedDateEnded.value(in: r.extension) }
  static let carriedDateEndedLeaves = ["MedicationRequest.extension.url", "MedicationRequest.extension.valueDateTime"]
  static func dateEndedPath(_ r: Resource) -> JSONPath {
    let index = r.extension.firstIndex { $0.url?.string == CarriedDateEnded.url } ?? 0
    return JSONPath([.key("extension"), .index(index), .key("valueDateTime")])
  }
  static func intent(_ r: Resource) -> String? { r.intent?.string }
  static func timing(_ dosage: Dosage) -> TimingPattern? { dosage.timing.map(R4TimingAdapter.pattern) }
  static func timingZone(_ dosage: Dosage) -> String? {
    guard let extensions = dosage.timing?.extension, !extensions.isEmpty else { return nil }
    return TimingExtensions.zoneID(extensions)
  }

  /// Each `doseAndRate.doseQuantity` (see ``TargetValueMapping``); a `doseRange` gives two targets
  /// of kind `dose.low` and `dose.high`, reported unrepresentable (a task has no dose range) and
  /// as an issue.
  static func targets(_ dosage: Dosage, position: Int, report: inout ConversionReport) -> [OutcomeValue] {
    var targets: [OutcomeValue] = []
    for (k, dose) in dosage.doseAndRate.enumerated() {
      switch dose.dose {
      case .quantity(let q):
        if let v = TargetValueMapping.read(
          decimal: q.value, unit: q.unit?.string, code: q.code?.string, extensions: q.extension, paths: doseQuantityPaths,
          at: {
            JSONPath([
              .key("dosageInstruction"), .index(position), .key("doseAndRate"), .index(k), .key("doseQuantity"), .key("value"),
            ])
          }, report: &report)
        {
          targets.append(v)
        }
      case .range(let range):
        targets += DoseRangeTargets.read(
          low: range.low.map { ($0.value, $0.unit?.string ?? $0.code?.string) },
          high: range.high.map { ($0.value, $0.unit?.string ?? $0.code?.string) },
          path: doseRangePath,
          at: JSONPath([.key("dosageInstruction"), .index(position), .key("doseAndRate"), .index(k), .key("doseRange")]),
          report: &report)
      case nil: break
      }
    }
    return targets
  }

  /// One Dosage per written timing, every target a `doseAndRate.doseQuantity`.
  static func setDosages(_ written: [ScheduleEncoding.Written], path: String, in r: inout Resource, report: inout ConversionReport) {
    r.dosageInstruction = written.map { w in
      var d = Dosage()
      d.timing = R4TimingAdapter.timing(w.timing)
      if let range = DoseRangeTargets.write(w.targetValues) {
        var dr = Dosage.DoseAndRate()
        var r = Range()
        r.low = range.low.map(simpleQuantity)
        r.high = range.high.map(simpleQuantity)
        dr.dose = .range(r)
        d.doseAndRate = [dr]
        return d
      }
      d.doseAndRate = w.targetValues.compactMap { v in
        guard let parts = TargetValueMapping.write(v) else {
          report.unrepresentable("MedicationRequest.dosageInstruction.doseAndRate")
          return nil
        }
        var q = Quantity()
        q.value = parts.value
        q.unit = parts.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
        q.extension = parts.extensions
        var dr = Dosage.DoseAndRate()
        dr.dose = .quantity(q)
        return dr
      }
      return d
    }
  }

  static func simpleQuantity(_ v: (value: Double, unit: String?)) -> Quantity {
    var q = Quantity()
    q.value = decimal(v.value)
    q.unit = v.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
    return q
  }

  static func carePlanReference(_ r: Resource) -> String? {
    let basedOn = r.basedOn
    for index in basedOn.indices {
      if let reference = basedOn[index].reference?.string, reference.contains("CarePlan/") { return reference }
    }
    return nil
  }
}

/// The R4 `MedicationRequest` coder: ``MedicationTaskCoder`` over the R4 models.
public typealias R4MedicationRequestCoder = MedicationTaskCoder<FHIRR4.MedicationRequest, FHIRR4.Medication>

extension MedicationTaskCoder where Resource == FHIRR4.MedicationRequest, Medication == FHIRR4.Medication {
  /// The R4 coder with the default closures.
  public init() { self.init(R4MedicationRequests.self) }
}
