import CareModel
import FHIRCore
import FHIRJSON
import FHIRDSTU2

/// The DSTU2 side of the medication order coder: MedicationOrder (see ``MedicationTaskRelease``).
enum DSTU2MedicationOrders: MedicationTaskRelease {
  typealias Order = FHIRDSTU2.MedicationOrder
  typealias Dosage = FHIRDSTU2.MedicationOrder.DosageInstruction
  typealias Medication = FHIRDSTU2.Medication

  static var release: String { "DSTU2" }
  static var resourceType: String { "MedicationOrder" }
  static var defaultID: String { "medication-order" }
  static var authoredElement: String { "dateWritten" }
  static var moreInstructionsElement: String { "additionalInstructions" }
  static var timingUnitNameSuffix: String { "s" }
  static let paths = MedicationTaskPaths(DSTU2MedicationOrders.self)
  static let doseQuantityPath = ReportPath("MedicationOrder.dosageInstruction.doseQuantity")
  static let doseRangePath = ReportPath("MedicationOrder.dosageInstruction.doseRange")
  static func empty() -> Order {
    var r = Order()
    r.status = "active"
    return r
  }
  static func id(_ r: Order) -> String? { r.id?.string }
  static func setID(_ id: String, in r: inout Order) { r.id = Primitive(FHIRID(uncheckedString: id)) }
  static func versionID(_ r: Order) -> String? {
    // Read through a pointer: `r.meta?.versionId` copies the element out of the meta.
    withUnsafePointer(to: r.meta) { $0.pointee?.versionId?.value?.string }
  }
  static func extensions(_ r: Order) -> [Extension] { r.extension }
  static func append(_ extensions: [Extension], to r: inout Order) { r.extension += extensions }

  static func medication(_ r: Order) -> OrderedMedication? {
    switch r.medication {
    case .codeableConcept(let c): .concept(c.text?.string ?? c.coding.lazy.compactMap({ $0.display?.string }).first)
    case .reference(let ref): .reference(target: ref.reference?.string, display: ref.display?.string)
    case nil: nil
    }
  }
  static func contained(_ r: Order, id: Substring) -> Medication? {
    // In place: iterating would copy every contained resource out of the array.
    r.contained.withUnsafeBufferPointer { contained in
      for index in contained.indices {
        if case .medication(let m) = contained[index], let own = m.id?.string, own[...] == id { return m }
      }
      return nil
    }
  }
  static func name(_ m: Medication) -> String? {
    let code = m.code
    return code?.text?.string ?? code?.coding.lazy.compactMap({ $0.display?.string }).first
  }
  static func setTitle(_ title: String, in r: inout Order) {
    var c = CodeableConcept()
    c.text = Primitive(FHIRString(uncheckedString: title))
    r.medication = .codeableConcept(c)
  }

  static func dosages(_ r: Order) -> [Dosage] { r.dosageInstruction }
  /// `text`, and `additionalInstructions` (its text, else its first coding display).
  static func instructions(_ dosage: UnsafePointer<Dosage>) -> (text: String?, more: String?) {
    let more = dosage.pointee.additionalInstructions.flatMap { a in a.text?.string ?? a.coding.lazy.compactMap({ $0.display?.string }).first }
    return (dosage.pointee.text?.string, more)
  }
  static func firstDosageText(_ r: Order) -> Primitive<FHIRString>? { r.dosageInstruction.first?.text }
  static func setFirstDosageText(_ text: Primitive<FHIRString>, in r: inout Order) {
    if r.dosageInstruction.isEmpty { r.dosageInstruction = [Dosage()] }
    r.dosageInstruction[0].text = text
  }
  static func validityStart(_ r: Order) -> ElementValue<FHIRDateTime> {
    // Read through pointers (see ``versionID(_:)``).
    withUnsafePointer(to: r.dispenseRequest) { request in
      ElementValue(isPresent: request.pointee?.validityPeriod?.start.isPresent ?? false, value: request.pointee?.validityPeriod?.start?.value)
    }
  }
  static func authored(_ r: Order) -> ElementValue<FHIRDateTime> { withUnsafePointer(to: r.dateWritten) { ElementValue($0) } }
  static func timing(_ dosage: UnsafePointer<Dosage>) -> TimingPattern? {
    // Each element read through the pointer: `dosage.pointee.timing` alone would copy the timing.
    guard let events = dosage.pointee.timing?.event else { return nil }
    return DSTU2TimingAdapter.pattern(
      events: events, codeText: dosage.pointee.timing?.code?.text?.string, repeat: dosage.pointee.timing?.repeat)
  }

  /// `doseQuantity` (see ``TargetValueMapping``); `doseRange` → two targets of kind `dose.low`
  /// and `dose.high`.
  static func targets(_ dosage: UnsafePointer<Dosage>, at position: Int, report: inout ConversionReport) -> [OutcomeValue] {
    var targets: [OutcomeValue] = []
    let instruction = JSONPath([.key("dosageInstruction"), .index(position)])
    switch dosage.pointee.dose {
    case .quantity(let q):
      if let v = TargetValueMapping.read(
        decimal: q.value, unit: q.unit?.string ?? q.code?.string, extensions: q.extension,
        at: { instruction.appending(key: "doseQuantity").appending(key: "value") }, report: &report)
      {
        targets.append(v)
        report.mapped(doseQuantityPath)
      }
    case .range(let range):
      for (bound, kind) in [(range.low, "dose.low"), (range.high, "dose.high")] {
        guard let q = bound else { continue }
        let fit = DecimalFit.of(q.value)
        if fit.unfitText != nil {
          let key = kind == "dose.low" ? "low" : "high"
          report.numberDoesNotFit(
            at: instruction.appending(key: "doseRange").appending(key: key).appending(key: "value"), keptAsText: false)
        }
        guard let x = fit.double else { continue }
        targets.append(OutcomeValue(.double(x), units: q.unit?.string ?? q.code?.string, kind: kind))
        report.mapped(doseRangePath)
      }
    case nil: break
    }
    return targets
  }

  /// One dosage instruction per written timing, its first target as `doseQuantity` (DSTU2 has
  /// one dose per instruction; further targets are reported unrepresentable).
  static func setDosages(_ written: [ScheduleEncoding.Written], path: String, in r: inout Order, report: inout ConversionReport) {
    r.dosageInstruction = written.map { w in
      var d = Dosage()
      d.timing = DSTU2TimingAdapter.timing(w.timing, path: path, report: &report)
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

  static func carePlanReference(_ r: Order) -> String? { nil }
}
