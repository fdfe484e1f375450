public import FHIRCore
public import FHIRJSON

extension MedicationOrder {
  /// `MedicationOrder.dosageInstruction`: how the medication is to be taken.
  public struct DosageInstruction: FHIRCodable {
    public var id: String?
    public var `extension`: [Extension] = []
    public var modifierExtension: [Extension] = []
    public var text: Primitive<FHIRString>?
    public var additionalInstructions: CodeableConcept?
    public var timing: Timing?
    public var asNeeded: AsNeeded?
    /// `site[x]`: `CodeableConcept | Reference(BodySite)`.
    public var site: ConceptOrReference?
    public var route: CodeableConcept?
    public var method: CodeableConcept?
    public var dose: Dose?
    public var rate: Rate?
    public var maxDosePerPeriod: Ratio?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    public init() {}

    /// `dosageInstruction.asNeeded[x]`: `boolean | CodeableConcept`.
    public enum AsNeeded: ChoiceType {
      case boolean(Primitive<FHIRBoolean>)
      case codeableConcept(CodeableConcept)

      public static let choices = ChoiceTable<AsNeeded>([
        ChoiceTable.primitive("Boolean", AsNeeded.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
        ChoiceTable.complex("CodeableConcept", AsNeeded.codeableConcept),
      ])

      public var typeSuffix: String {
        switch self {
        case .boolean: "Boolean"
        case .codeableConcept: "CodeableConcept"
        }
      }

      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .boolean(let p): writer.member(name + typeSuffix, p)
        case .codeableConcept(let value): writer.member(name + typeSuffix, value)
        }
      }
    }

    /// `dosageInstruction.dose[x]`: `Range | SimpleQuantity` (written `doseQuantity`).
    public enum Dose: ChoiceType {
      case range(Range)
      case quantity(SimpleQuantity)

      public static let choices = ChoiceTable<Dose>([
        ChoiceTable.complex("Range", Dose.range),
        ChoiceTable.complex("Quantity", Dose.quantity),
      ])

      public var typeSuffix: String {
        switch self {
        case .range: "Range"
        case .quantity: "Quantity"
        }
      }

      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .range(let value): writer.member(name + typeSuffix, value)
        case .quantity(let value): writer.member(name + typeSuffix, value)
        }
      }
    }

    /// `dosageInstruction.rate[x]`: `Ratio | Range`.
    public enum Rate: ChoiceType {
      case ratio(Ratio)
      case range(Range)

      public static let choices = ChoiceTable<Rate>([
        ChoiceTable.complex("Ratio", Rate.ratio),
        ChoiceTable.complex("Range", Rate.range),
      ])

      public var typeSuffix: String {
        switch self {
        case .ratio: "Ratio"
        case .range: "Range"
        }
      }

      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .ratio(let value): writer.member(name + typeSuffix, value)
        case .range(let value): writer.member(name + typeSuffix, value)
        }
      }
    }

    public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
      var decoded = Self(decodingInto: ())
      guard try decoded.decodeMembers(from: &decoder, at: index) else { return nil }
      self = consume decoded
    }

    /// An empty value for ``init(from:at:)`` to decode into.
    private init(decodingInto: Void) {}

    /// Decodes the members of the object at `index` into this value: a local of
    /// ``init(from:at:)``, which then moves into place whole instead of being copied.
    @inline(__always)
    private mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        let key = decoder.key(member)
        switch key {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "text": try decoder.primitive(&text, at: value)
        case "_text": try decoder.primitiveElement(&text, member, keeping: &unknown)
        case "additionalInstructions": additionalInstructions = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "timing": timing = try decoder.single(Timing.self, member, keeping: &unknown)
        case "route": route = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "method": method = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "maxDosePerPeriod": maxDosePerPeriod = try decoder.single(Ratio.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&asNeeded, name: "asNeeded", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&site, name: "site", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&dose, name: "dose", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&rate, name: "rate", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("text", text)
      writer.member("additionalInstructions", additionalInstructions)
      writer.member("timing", timing)
      asNeeded?.encode(name: "asNeeded", to: &writer)
      site?.encode(name: "site", to: &writer)
      writer.member("route", route)
      writer.member("method", method)
      dose?.encode(name: "dose", to: &writer)
      rate?.encode(name: "rate", to: &writer)
      writer.member("maxDosePerPeriod", maxDosePerPeriod)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
