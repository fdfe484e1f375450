import CareModel
import FHIRCore
public import FHIRDSTU2
import FHIRJSON

/// The DSTU2 side of the medication order coder: MedicationOrder (see ``MedicationTaskRelease``).
enum DSTU2MedicationOrders: MedicationTaskRelease {
  typealias Resource = FHIRDSTU2.MedicationOrder
  typealias Dosage = FHIRDSTU2.MedicationOrder.DosageInstruction
  typealias Medication = FHIRDSTU2.Medication

  static var release: String { "DSTU2" }
  static var timingCapacity: ScheduleEncoding.Capacity { .dstu2 }
  static var resourceType: String { "MedicationOrder" }
  static var defaultID: String { "medication-order" }
  static var authoredElement: String { "dateWritten" }
  static var moreInstructionsElement: String { "additionalInstructions" }
  static var schedulesMapAuthored: Bool { false }
  static var timingUnitNameSuffix: String { "s" }
  static let paths = MedicationTaskPaths(DSTU2MedicationOrders.self)
  static let doseQuantityPaths = TargetValueMapping.QuantityPaths("MedicationOrder.dosageInstruction.doseQuantity")
  static let doseRangePath = ReportPath("MedicationOrder.dosageInstruction.doseRange")
  static func empty() -> Resource {
    var r = Resource()
    r.status = "active"
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
  /// `text`, and `additionalInstructions` (its text, else its first coding display).
  static func instructions(_ dosage: Dosage) -> (text: String?, more: String?) {
    let more = dosage.additionalInstructions.flatMap { a in a.text?.string ?? a.coding.lazy.compactMap({ $0.display?.string }).first }
    return (dosage.text?.string, more)
  }
  static func sequence(_ dosage: Dosage) -> Int? { nil }
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
  static func authored(_ r: Resource) -> ElementValue<FHIRDateTime> { ElementValue(r.dateWritten) }
  static func setAuthored(_ value: Primitive<FHIRDateTime>, in r: inout Resource) { r.dateWritten = value }
  static func status(_ r: Resource) -> String? { r.status?.string }
  static func dateEnded(_ r: Resource) -> Primitive<FHIRDateTime>? { r.dateEnded }
  static let carriedDateEndedLeaves: [String] = []
  static func dateEndedPath(_ r: Resource) -> JSONPath { JSONPath([.key("dateEnded")]) }
  static func intent(_ r: Resource) -> String? { nil }
  static func timing(_ dosage: Dosage) -> TimingPattern? { dosage.timing.map(DSTU2TimingAdapter.pattern) }
  static func timingZone(_ dosage: Dosage) -> String? {
    guard let extensions = dosage.timing?.extension, !extensions.isEmpty else { return nil }
    return TimingExtensions.zoneID(extensions)
  }

  /// `doseQuantity` (see ``TargetValueMapping``); `doseRange` → two targets of kind `dose.low`
  /// and `dose.high` (``DoseRangeTargets``).
  static func targets(_ dosage: Dosage, position: Int, report: inout ConversionReport) -> [OutcomeValue] {
    switch dosage.dose {
    case .quantity(let q):
      if let v = TargetValueMapping.read(
        decimal: q.value, unit: q.unit?.string, code: q.code?.string, extensions: q.extension, paths: doseQuantityPaths,
        at: { JSONPath([.key("dosageInstruction"), .index(position), .key("doseQuantity"), .key("value")]) },
        report: &report)
      {
        return [v]
      }
      return []
    case .range(let range):
      return DoseRangeTargets.read(
        low: range.low.map { ($0.value, $0.unit?.string ?? $0.code?.string) },
        high: range.high.map { ($0.value, $0.unit?.string ?? $0.code?.string) },
        path: doseRangePath, at: JSONPath([.key("dosageInstruction"), .index(position), .key("doseRange")]), report: &report)
    case nil: return []
    }
  }

  /// One dosage instruction per written timing, its first target as `doseQuantity` (DSTU2 has
  /// one dose per instruction; further targets are reported unrepresentable).
  static func setDosages(_ written: [ScheduleEncoding.Written], path: String, in r: inout Resource, report: inout ConversionReport) {
    r.dosageInstruction = written.map { w in
      var d = Dosage()
      d.timing = DSTU2TimingAdapter.timing(w.timing, path: path, report: &report)
      if let range = DoseRangeTargets.write(w.targetValues) {
        var r = Range()
        r.low = range.low.map(quantity)
        r.high = range.high.map(quantity)
        d.dose = .range(r)
        return d
      }
      for (index, v) in w.targetValues.enumerated() {
        guard index == 0, let parts = TargetValueMapping.write(v) else {
          report.unrepresentable("MedicationOrder.dosageInstruction.dose")
          continue
        }
        var q = Quantity()
        q.value = parts.value
        q.unit = parts.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
        q.extension = parts.extensions
        d.dose = .quantity(q)
      }
      return d
    }
  }

  static func quantity(_ v: (value: Double, unit: String?)) -> Quantity {
    var q = Quantity()
    q.value = decimal(v.value)
    q.unit = v.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
    return q
  }

  static func carePlanReference(_ r: Resource) -> String? { nil }
}

/// The DSTU2 `MedicationOrder` coder: ``MedicationTaskCoder`` over the DSTU2 models.
public typealias DSTU2MedicationOrderCoder = MedicationTaskCoder<FHIRDSTU2.MedicationOrder, FHIRDSTU2.Medication>

extension MedicationTaskCoder where Resource == FHIRDSTU2.MedicationOrder, Medication == FHIRDSTU2.Medication {
  /// The DSTU2 coder with the default closures.
  public init() { self.init(DSTU2MedicationOrders.self) }
}
