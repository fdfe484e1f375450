import CareModel
import FHIRCore
public import FHIRDSTU2
import Foundation

/// The DSTU2 side of the Observation coder (see ``ObservationRelease``).
enum DSTU2Observations: ObservationRelease {
  typealias Resource = FHIRDSTU2.Observation

  static var release: String { "DSTU2" }

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
    case .attachment?: .unsupported
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
      // DSTU2 has no valueInteger or valueBoolean: they travel as a quantity and a string, tagged.
      let tag: String? =
        switch v.value {
        case .integer: "integer"
        case .boolean: "boolean"
        default: nil
        }
      c.extension = OutcomeValueExtensions.write(v, typeTag: tag)
      return c
    }
  }

  /// The code and `value[x]` of an outcome with one value that they hold exactly as it reads back
  /// (a kind, no care extension; not an integer or boolean, which DSTU2 carries tagged in a
  /// component): written as the Observation a FHIR reader expects (LOINC `8867-4` and its quantity).
  static func single(_ values: [OutcomeValue], zone: TimeZone) -> (CodeableConcept, Value)? {
    guard let (v, kind) = OutcomeValueExtensions.ownValue(values) else { return nil }
    switch v.value {
    case .integer, .boolean: return nil
    case .double, .text, .date: return (CodeableConcept(kind: kind), fhirValue(of: v, zone: zone))
    }
  }

  /// The `value[x]` of an outcome value, the Observation's own or a component's; DSTU2 has no
  /// `valueInteger` or `valueBoolean`: they are a quantity and a string (tagged in a component).
  static func fhirValue(of v: OutcomeValue, zone: TimeZone) -> Value {
    switch v.value {
    case .double(let x): .quantity(Quantity(value: decimal(x), unit: QuantityBound.unit(v.units)))
    case .integer(let i): .quantity(Quantity(value: decimal(exactly: i)))
    case .boolean(let b): .string(Primitive(FHIRString(uncheckedString: b ? "true" : "false")))
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
    case nil: nil
    }
  }

  static func writeEffective(start: Primitive<FHIRDateTime>, end: Primitive<FHIRDateTime>?, to r: inout Resource) {
    r.effective = end.map { .period(Period(start: start, end: $0)) } ?? .dateTime(start)
  }

  static func basedOnUUID(_ r: Resource) -> UUID? { nil }
}

/// The DSTU2 `Observation` coder: ``ObservationCoder`` over the DSTU2 model.
public typealias DSTU2ObservationCoder = ObservationCoder<FHIRDSTU2.Observation>

extension ObservationCoder where Resource == FHIRDSTU2.Observation {
  /// The DSTU2 coder with the default closures.
  public init() { self.init(DSTU2Observations.self) }
}
