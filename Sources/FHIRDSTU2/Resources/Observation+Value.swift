public import FHIRCore
public import FHIRJSON

extension Observation {
  /// `Observation.value[x]` and `Observation.component.value[x]`: every type DSTU2 allows.
  public enum Value: ChoiceType {
    /// `valueQuantity`: the `Observation.value[x]` choice as a `Quantity`.
    case quantity(Quantity)
    /// `valueCodeableConcept`: the `Observation.value[x]` choice as a `CodeableConcept`.
    case codeableConcept(CodeableConcept)
    /// `valueString`: the `Observation.value[x]` choice as a `string`.
    case string(Primitive<FHIRString>)
    /// `valueRange`: the `Observation.value[x]` choice as a `Range`.
    case range(Range)
    /// `valueRatio`: the `Observation.value[x]` choice as a `Ratio`.
    case ratio(Ratio)
    /// `valueSampledData`: the `Observation.value[x]` choice as a `SampledData`.
    case sampledData(SampledData)
    /// `valueAttachment`: the `Observation.value[x]` choice as an `Attachment`.
    case attachment(Attachment)
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
      ChoiceTable.complex("Range", Value.range),
      ChoiceTable.complex("Ratio", Value.ratio),
      ChoiceTable.complex("SampledData", Value.sampledData),
      ChoiceTable.complex("Attachment", Value.attachment),
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
      case .range: "Range"
      case .ratio: "Ratio"
      case .sampledData: "SampledData"
      case .attachment: "Attachment"
      case .time: "Time"
      case .dateTime: "DateTime"
      case .period: "Period"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      let key = name + typeSuffix
      switch self {
      case .quantity(let value): writer.member(key, value)
      case .codeableConcept(let value): writer.member(key, value)
      case .string(let p): writer.member(key, p)
      case .range(let value): writer.member(key, value)
      case .ratio(let value): writer.member(key, value)
      case .sampledData(let value): writer.member(key, value)
      case .attachment(let value): writer.member(key, value)
      case .time(let p): writer.member(key, p)
      case .dateTime(let p): writer.member(key, p)
      case .period(let value): writer.member(key, value)
      }
    }
  }

  /// `Observation.effective[x]`: `dateTime | Period`.
  public enum Effective: ChoiceType {
    /// `effectiveDateTime`: the `Observation.effective[x]` choice as a `dateTime`.
    case dateTime(Primitive<FHIRDateTime>)
    /// `effectivePeriod`: the `Observation.effective[x]` choice as a `Period`.
    case period(Period)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Effective>([
      ChoiceTable.primitive("DateTime", Effective.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Period", Effective.period),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .dateTime: "DateTime"
      case .period: "Period"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .dateTime(let p): writer.member(name + typeSuffix, p)
      case .period(let value): writer.member(name + typeSuffix, value)
      }
    }
  }
}
