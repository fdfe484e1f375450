public import FHIRCore
public import FHIRJSON

extension MedicationOrder {
  /// `MedicationOrder.dosageInstruction`: how the medication is to be taken.
  public struct DosageInstruction: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Dosage instructions as text (`MedicationOrder.dosageInstruction.text`).
    public var text: Primitive<FHIRString>?
    /// Supplemental instructions, e.g. "with meals" (`MedicationOrder.dosageInstruction.additionalInstructions`).
    public var additionalInstructions: CodeableConcept?
    /// When the medication should be administered (`MedicationOrder.dosageInstruction.timing`).
    public var timing: Timing?
    /// Take "as needed": a boolean, or the condition it is needed for (`MedicationOrder.dosageInstruction.asNeeded`).
    public var asNeeded: AsNeeded?
    /// `site[x]`: `CodeableConcept | Reference(BodySite)`.
    public var site: ConceptOrReference?
    /// How the drug should enter the body (`MedicationOrder.dosageInstruction.route`).
    public var route: CodeableConcept?
    /// Technique for administering the medication (`MedicationOrder.dosageInstruction.method`).
    public var method: CodeableConcept?
    /// Amount of medication per dose: `Range` or `SimpleQuantity` (`MedicationOrder.dosageInstruction.dose`).
    public var dose: Dose?
    /// Amount of medication per unit of time: `Ratio` or `Range` (`MedicationOrder.dosageInstruction.rate`).
    public var rate: Rate?
    /// Upper limit on medication per unit of time (`MedicationOrder.dosageInstruction.maxDosePerPeriod`).
    public var maxDosePerPeriod: Ratio?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An empty `DosageInstruction`: every member absent, every list empty.
    public init() {}

    /// `dosageInstruction.asNeeded[x]`: `boolean | CodeableConcept`.
    public enum AsNeeded: ChoiceType {
      /// `asNeededBoolean`: the `dosageInstruction.asNeeded[x]` choice as a `boolean`.
      case boolean(Primitive<FHIRBoolean>)
      /// `asNeededCodeableConcept`: the `dosageInstruction.asNeeded[x]` choice as a `CodeableConcept`.
      case codeableConcept(CodeableConcept)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<AsNeeded>([
        ChoiceTable.primitive("Boolean", AsNeeded.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
        ChoiceTable.complex("CodeableConcept", AsNeeded.codeableConcept),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .boolean: "Boolean"
        case .codeableConcept: "CodeableConcept"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .boolean(let p): writer.member(name + typeSuffix, p)
        case .codeableConcept(let value): writer.member(name + typeSuffix, value)
        }
      }
    }

    /// `dosageInstruction.dose[x]`: `Range | SimpleQuantity` (written `doseQuantity`).
    public enum Dose: ChoiceType {
      /// `doseRange`: the `dosageInstruction.dose[x]` choice as a `Range`.
      case range(Range)
      /// `doseQuantity`: the `dosageInstruction.dose[x]` choice as a `Quantity`.
      case quantity(SimpleQuantity)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Dose>([
        ChoiceTable.complex("Range", Dose.range),
        ChoiceTable.complex("Quantity", Dose.quantity),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .range: "Range"
        case .quantity: "Quantity"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .range(let value): writer.member(name + typeSuffix, value)
        case .quantity(let value): writer.member(name + typeSuffix, value)
        }
      }
    }

    /// `dosageInstruction.rate[x]`: `Ratio | Range`.
    public enum Rate: ChoiceType {
      /// `rateRatio`: the `dosageInstruction.rate[x]` choice as a `Ratio`.
      case ratio(Ratio)
      /// `rateRange`: the `dosageInstruction.rate[x]` choice as a `Range`.
      case range(Range)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Rate>([
        ChoiceTable.complex("Ratio", Rate.ratio),
        ChoiceTable.complex("Range", Rate.range),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .ratio: "Ratio"
        case .range: "Range"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .ratio(let value): writer.member(name + typeSuffix, value)
        case .range(let value): writer.member(name + typeSuffix, value)
        }
      }
    }

    /// Decodes a `DosageInstruction` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing
    /// decodes.
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

    /// Writes the `DosageInstruction` as one JSON object, members in the specification's order, unknown members last.
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
