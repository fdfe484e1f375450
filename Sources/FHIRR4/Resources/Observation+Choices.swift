public import FHIRCore
public import FHIRJSON

extension Observation {
  /// `Observation.effective[x]`: when the observation was made.
  public enum Effective: ChoiceType {
    case dateTime(Primitive<FHIRDateTime>)
    case period(Period)
    case timing(Timing)
    case instant(Primitive<FHIRInstant>)

    public static let choices = ChoiceTable<Effective>([
      ChoiceTable.primitive("DateTime", Effective.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Period", Effective.period),
      ChoiceTable.complex("Timing", Effective.timing),
      ChoiceTable.primitive("Instant", Effective.instant, { if case .instant(let p) = $0 { p } else { nil } }),
    ])

    public var typeSuffix: String {
      switch self {
      case .dateTime: "DateTime"
      case .period: "Period"
      case .timing: "Timing"
      case .instant: "Instant"
      }
    }

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
    case quantity(Quantity)
    case codeableConcept(CodeableConcept)
    case string(Primitive<FHIRString>)
    case boolean(Primitive<FHIRBoolean>)
    case integer(Primitive<FHIRInteger>)
    indirect case range(Range)
    indirect case ratio(Ratio)
    indirect case sampledData(SampledData)
    case time(Primitive<FHIRTime>)
    case dateTime(Primitive<FHIRDateTime>)
    case period(Period)

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
