public import FHIRCore
public import FHIRJSON

extension Observation {
  /// `Observation.effective[x]`: when the observation was made.
  public enum Effective: ChoiceType {
    /// `effectiveDateTime`: the `Observation.effective[x]` choice as a `dateTime`.
    case dateTime(Primitive<FHIRDateTime>)
    /// `effectivePeriod`: the `Observation.effective[x]` choice as a `Period`.
    case period(Period)
    /// `effectiveTiming`: the `Observation.effective[x]` choice as a `Timing`.
    case timing(Timing)
    /// `effectiveInstant`: the `Observation.effective[x]` choice as an `instant`.
    case instant(Primitive<FHIRInstant>)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Effective>([
      ChoiceTable.primitive("DateTime", Effective.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Period", Effective.period),
      ChoiceTable.complex("Timing", Effective.timing),
      ChoiceTable.primitive("Instant", Effective.instant, { if case .instant(let p) = $0 { p } else { nil } }),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .dateTime: "DateTime"
      case .period: "Period"
      case .timing: "Timing"
      case .instant: "Instant"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .dateTime(let p): writer.member(name + typeSuffix, p)
      case .period(let p): writer.member(name + typeSuffix, p)
      case .timing(let t): writer.member(name + typeSuffix, t)
      case .instant(let p): writer.member(name + typeSuffix, p)
      }
    }
  }

  /// `Observation.value[x]` and `Observation.component.value[x]`: the result.
  public enum Value: ChoiceType {
    /// `valueQuantity`: the `Observation.value[x]` choice as a `Quantity`.
    case quantity(Quantity)
    /// `valueCodeableConcept`: the `Observation.value[x]` choice as a `CodeableConcept`.
    case codeableConcept(CodeableConcept)
    /// `valueString`: the `Observation.value[x]` choice as a `string`.
    case string(Primitive<FHIRString>)
    /// `valueBoolean`: the `Observation.value[x]` choice as a `boolean`.
    case boolean(Primitive<FHIRBoolean>)
    /// `valueInteger`: the `Observation.value[x]` choice as an `integer`.
    case integer(Primitive<FHIRInteger>)
    /// `valueRange`: the `Observation.value[x]` choice as a `Range`.
    indirect case range(Range)
    /// `valueRatio`: the `Observation.value[x]` choice as a `Ratio`.
    indirect case ratio(Ratio)
    /// `valueSampledData`: the `Observation.value[x]` choice as a `SampledData`.
    indirect case sampledData(SampledData)
    /// `valueTime`: the `Observation.value[x]` choice as a `time`.
    case time(Primitive<FHIRTime>)
    /// `valueDateTime`: the `Observation.value[x]` choice as a `dateTime`.
    case dateTime(Primitive<FHIRDateTime>)
    /// `valuePeriod`: the `Observation.value[x]` choice as a `Period`.
    case period(Period)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Value>([
      ChoiceTable.complex("Quantity", Value.quantity),
      ChoiceTable.complex("CodeableConcept", Value.codeableConcept),
      ChoiceTable.primitive("String", Value.string, { if case .string(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Boolean", Value.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Integer", Value.integer, { if case .integer(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Range", Value.range),
      ChoiceTable.complex("Ratio", Value.ratio),
      ChoiceTable.complex("SampledData", Value.sampledData),
      ChoiceTable.primitive("Time", Value.time, { if case .time(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("DateTime", Value.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Period", Value.period),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .quantity: "Quantity"
      case .codeableConcept: "CodeableConcept"
      case .string: "String"
      case .boolean: "Boolean"
      case .integer: "Integer"
      case .range: "Range"
      case .ratio: "Ratio"
      case .sampledData: "SampledData"
      case .time: "Time"
      case .dateTime: "DateTime"
      case .period: "Period"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      let key = name + typeSuffix
      switch self {
      case .quantity(let q): writer.member(key, q)
      case .codeableConcept(let c): writer.member(key, c)
      case .string(let p): writer.member(key, p)
      case .boolean(let p): writer.member(key, p)
      case .integer(let p): writer.member(key, p)
      case .range(let r): writer.member(key, r)
      case .ratio(let r): writer.member(key, r)
      case .sampledData(let s): writer.member(key, s)
      case .time(let p): writer.member(key, p)
      case .dateTime(let p): writer.member(key, p)
      case .period(let p): writer.member(key, p)
      }
    }
  }
}
