public import FHIRCore
public import FHIRJSON

extension Observation {
  /// `Observation.value[x]` and `Observation.component.value[x]`: every type DSTU2 allows.
  public enum Value: ChoiceType {
    case quantity(Quantity)
    case codeableConcept(CodeableConcept)
    case string(Primitive<FHIRString>)
    case range(Range)
    case ratio(Ratio)
    case sampledData(SampledData)
    case attachment(Attachment)
    case time(Primitive<FHIRTime>)
    case dateTime(Primitive<FHIRDateTime>)
    case period(Period)

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
    case dateTime(Primitive<FHIRDateTime>)
    case period(Period)

    public static let choices = ChoiceTable<Effective>([
      ChoiceTable.primitive("DateTime", Effective.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Period", Effective.period),
    ])

    public var typeSuffix: String {
      switch self {
      case .dateTime: "DateTime"
      case .period: "Period"
      }
    }

    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .dateTime(let p): writer.member(name + typeSuffix, p)
      case .period(let value): writer.member(name + typeSuffix, value)
      }
    }
  }
}
