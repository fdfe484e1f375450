import CareModel
import FHIRCore
public import FHIRR4
import Foundation

/// The R4 side of the Observation coder (see ``ObservationRelease``).
enum R4Observations: ObservationRelease {
  typealias Observation = FHIRR4.Observation
  typealias Component = FHIRR4.Observation.Component

  static var release: String { "R4" }
  static func empty() -> Observation {
    var r = Observation()
    r.status = "final"
    return r
  }
  static func id(_ r: Observation) -> String? { r.id?.string }
  static func setID(_ id: String, in r: inout Observation) { r.id = Primitive(FHIRID(uncheckedString: id)) }
  static func versionID(_ r: Observation) -> String? { r.meta?.versionId?.string }
  static func extensions(_ r: Observation) -> [Extension] { r.extension }
  static func append(_ extensions: [Extension], to r: inout Observation) { r.extension += extensions }
  static func issued(_ r: Observation) -> Primitive<FHIRInstant>? { r.issued }
  static func value(_ r: Observation) -> Observation.Value? { r.value }
  static func components(_ r: Observation) -> [Component] { r.component }
  static func kind(_ r: Observation) -> String? {
    let code = r.code
    return kind(code?.coding) { code?.text?.string }
  }

  // Each reads one member of the component at `index` (the component is not copied out).
  static func hasValue(_ components: [Component], at index: Int) -> Bool {
    if case .some = components[index].value { true } else { false }
  }
  static func observedValue(
    _ components: [Component], at index: Int, unfit: inout [UnfitNumber]
  ) -> ObservedValue? {
    observed(components[index].value, unfit: &unfit)
  }
  static func componentKind(_ components: [Component], at index: Int) -> String? {
    kind(components[index].code?.coding) { components[index].code?.text?.string }
  }
  static func componentExtensions(_ components: [Component], at index: Int) -> [Extension] {
    components[index].extension
  }

  /// A code's `kind`, as ``ObservedValue/kind(codings:text:)`` gives it, from its codings and
  /// (read only when needed) its text, without building the list of codings, and reading each
  /// coding in place instead of copying it out.
  static func kind(_ codings: [Coding]?, text: () -> String?) -> String? {
    guard let codings else { return nil }
    for i in codings.indices where ObservedValue.isLOINC(codings[i].system?.string) {
      if let k = codings[i].code?.string { return k }
    }
    if let text = text() { return text }
    for i in codings.indices {
      if let k = codings[i].code?.string { return k }
    }
    return nil
  }

  /// A quantity's number and unit (``UnfitNumber/amount(_:unit:_:_:unfit:)``).
  static func amount(_ q: Quantity?, _ keys: [String], _ use: UnfitNumber.Use, unfit: inout [UnfitNumber]) -> (Double, String?)? {
    guard let q else { return nil }
    return UnfitNumber.amount(q.value, unit: q.unit?.string ?? q.code?.string, keys, use, unfit: &unfit)
  }

  /// The value's release-neutral form (a quantity's extensions are not copied: the coder does not read them).
  /// Numbers no `Double` holds are left out of the value and added to `unfit`.
  static func observed(_ v: Observation.Value?, unfit: inout [UnfitNumber]) -> ObservedValue? {
    switch v {
    case nil: nil
    case .quantity(let q)?:
      .quantity(
        value: amount(q, [], .value, unfit: &unfit)?.0, unit: q.unit?.string ?? q.code?.string,
        hasComparator: q.comparator != nil, extensions: [])
    case .codeableConcept(let c)?: .concept(c.text?.string ?? c.coding.lazy.compactMap { $0.display?.string ?? $0.code?.string }.first)
    case .string(let s)?: .string(s.string)
    case .boolean(let b)?: .boolean(b.value?.bool)
    case .integer(let i)?: .integer(UnfitNumber.integer(i, unfit: &unfit))
    case .range(let r)?:
      .range(low: amount(r.low, ["low"], .bound("low"), unfit: &unfit), high: amount(r.high, ["high"], .bound("high"), unfit: &unfit))
    case .ratio(let r)?:
      .ratio(
        numerator: amount(r.numerator, ["numerator"], .operand, unfit: &unfit),
        denominator: amount(r.denominator, ["denominator"], .operand, unfit: &unfit))
    case .sampledData(let s)?:
      UnfitNumber.sampled(
        origin: UnfitNumber.operand(DecimalFit.of(s.origin?.value), ["origin", "value"], unfit: &unfit),
        unit: s.origin?.unit?.string ?? s.origin?.code?.string,
        factor: UnfitNumber.operand(DecimalFit.of(s.factor), ["factor"], unfit: &unfit), data: s.data?.string, unfit: unfit)
    case .time(let t)?: .time(t.string)
    case .dateTime(let d)?: .dateTime(d)
    case .period(let p)?: .period(start: p.start, end: p.end)
    }
  }

  static func writeValues(_ values: [OutcomeValue], zone: TimeZone, to r: inout Observation) {
    r.code = CodeableConcept(text: "Care outcome")
    r.component = values.map { v in
      var c = Component(code: CodeableConcept(text: Primitive(FHIRString(uncheckedString: v.kind ?? "value"))))
      switch v.value {
      case .double(let x): c.value = .quantity(Quantity(value: decimal(x), unit: v.units.map { Primitive(FHIRString(uncheckedString: $0)) }))
      case .integer(let i): c.value = .integer(Primitive(FHIRInteger(uncheckedInt: Int32(clamping: i))))
      case .boolean(let b): c.value = .boolean(Primitive(FHIRBoolean(b)))
      case .text(let s): c.value = .string(Primitive(FHIRString(uncheckedString: s)))
      case .date(let d): c.value = .dateTime(FHIRDates.dateTime(d, zone: zone))
      }
      c.extension = OutcomeValueExtensions.write(v, typeTag: nil)
      return c
    }
  }

  static func effective(_ r: Observation) -> ObservedEffective? {
    switch r.effective {
    case .dateTime(let d): .dateTime(d.value)
    case .period(let p): .period(start: p.start?.value, end: p.end?.value)
    case .instant(let i): .instant(i.value)
    case .timing: .timing
    case nil: nil
    }
  }

  static func writeEffective(start: Primitive<FHIRDateTime>, end: Primitive<FHIRDateTime>?, to r: inout Observation) {
    r.effective = end.map { .period(Period(start: start, end: $0)) } ?? .dateTime(start)
  }

  static func basedOnUUID(_ r: Observation) -> UUID? {
    let basedOn = r.basedOn
    for i in basedOn.indices {
      if let u = StableUUID.forReference(basedOn[i].reference?.string) { return u }
    }
    return nil
  }
}

/// The R4 `Observation` coder: ``ObservationCoder`` over the R4 model.
public typealias R4ObservationCoder = ObservationCoder<FHIRR4.Observation>

extension ObservationCoder where Resource == FHIRR4.Observation {
  /// The R4 coder with the default closures.
  public init() { self.init(R4Observations.self) }
}
