import CareModel
import FHIRCore
public import FHIRR4
import Foundation

/// The R4 side of the Observation coder (see ``ObservationRelease``).
enum R4Observations: ObservationRelease {
  typealias Resource = FHIRR4.Observation

  static var release: String { "R4" }

  /// The value's release-neutral form (a quantity's extensions are not copied: the coder does not read them).
  /// Numbers no `Double` holds are left out of the value and added to `unfit`.
  static func observed(_ v: Resource.Value?, unfit: inout [UnfitNumber]) -> ObservedValue? {
    switch v {
    case nil: nil
    case .quantity(let q)?:
      // A bound (`<5`) is kept as its text whatever its number: no `Double` is read for it.
      QuantityBound.text(of: q).map {
        .quantity(value: nil, unit: q.unitText, bound: $0, extensions: [], unitIsCode: q.unitIsCode)
      }
        ?? .quantity(
          value: amount(q, [], .value, unfit: &unfit)?.0, unit: q.unitText, bound: nil, extensions: [],
          unitIsCode: q.unitIsCode)
    case .codeableConcept(let c)?:
      .concept(ConceptText(text: c.text?.string, codings: c.coding.lazy.map { ($0.display?.string, $0.code?.string) }, codeWillDo: true))
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

  static func writeValues(_ values: [OutcomeValue], zone: TimeZone, to r: inout Resource) {
    if let (code, value) = single(values, zone: zone) {
      r.code = code
      r.value = value
      return
    }
    r.code = CodeableConcept(text: "Care outcome")
    r.component = values.map { v in
      var c = Component(code: CodeableConcept(text: Primitive(FHIRString(uncheckedString: v.kind ?? "value"))))
      c.value = fhirValue(of: v, zone: zone)
      // An integer that `valueInteger` (32 bits) cannot hold travels as a quantity, tagged.
      c.extension = OutcomeValueExtensions.write(v, typeTag: fitsValueInteger(v) ? nil : "integer")
      return c
    }
  }

  /// The code and `value[x]` of an outcome with one value that they hold exactly as it reads back
  /// (a kind and no care extension): a heart rate is written as the Observation a FHIR reader
  /// expects, coded LOINC `8867-4` with its quantity, not as a component of a "Care outcome".
  static func single(_ values: [OutcomeValue], zone: TimeZone) -> (CodeableConcept, Value)? {
    guard let (v, kind) = OutcomeValueExtensions.ownValue(values), fitsValueInteger(v) else { return nil }
    return (CodeableConcept(kind: kind), fhirValue(of: v, zone: zone))
  }

  /// Whether `v` is not an integer, or one that R4's 32-bit `valueInteger` holds.
  static func fitsValueInteger(_ v: OutcomeValue) -> Bool {
    if case .integer(let i) = v.value { Int32(exactly: i) != nil } else { true }
  }

  /// The `value[x]` of an outcome value, the Observation's own or a component's; an integer too
  /// large for `valueInteger` is a quantity of the same number (tagged in its component).
  static func fhirValue(of v: OutcomeValue, zone: TimeZone) -> Value {
    switch v.value {
    case .double(let x): .quantity(Quantity(value: decimal(x), unit: QuantityBound.unit(v.units)))
    case .integer(let i):
      if let small = Int32(exactly: i) { .integer(Primitive(FHIRInteger(uncheckedInt: small))) } else {
        .quantity(Quantity(value: decimal(exactly: i)))
      }
    case .boolean(let b): .boolean(Primitive(FHIRBoolean(b)))
    case .text(let s):
      // A bound with units (`<5` mmol/L; `""` for none) came from a quantity with a comparator:
      // it goes back as one.
      if let units = v.units, let bound = QuantityBound.quantity(s, unit: units, in: Quantity()) {
        .quantity(bound)
      } else {
        .string(Primitive(FHIRString(uncheckedString: s)))
      }
    case .date(let d): .dateTime(FHIRDates.dateTime(d, zone: zone))
    }
  }

  static func effective(_ r: Resource) -> ObservedEffective? {
    switch r.effective {
    case .dateTime(let d): .dateTime(d.value)
    case .period(let p): .period(start: p.start?.value, end: p.end?.value)
    case .instant(let i): .instant(i.value)
    case .timing: .timing
    case nil: nil
    }
  }

  static func writeEffective(start: Primitive<FHIRDateTime>, end: Primitive<FHIRDateTime>?, to r: inout Resource) {
    r.effective = end.map { .period(Period(start: start, end: $0)) } ?? .dateTime(start)
  }

  static func basedOnUUID(_ r: Resource) -> UUID? {
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
