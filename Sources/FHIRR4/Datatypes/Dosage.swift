public import FHIRCore
public import FHIRJSON

/// R4 `Dosage`: how a medication is or should be taken.
public struct Dosage: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
  public var modifierExtension: [Extension] = []
  /// The order of this instruction among several.
  public var sequence: Primitive<FHIRInteger>?
  /// The instruction as free text.
  public var text: Primitive<FHIRString>?
  /// Supplemental instructions (`with meals`, …).
  public var additionalInstruction: [CodeableConcept] = []
  /// Instructions in terms the patient understands (`Dosage.patientInstruction`).
  public var patientInstruction: Primitive<FHIRString>?
  /// When the medication is to be taken.
  public var timing: Timing?
  /// `asNeeded[x]`: whether, or on what condition, the dose is taken only as needed.
  public var asNeeded: AsNeeded?
  /// Body site to administer to (`Dosage.site`).
  public var site: CodeableConcept?
  /// How the drug should enter the body (`Dosage.route`).
  public var route: CodeableConcept?
  /// Technique for administering the medication (`Dosage.method`).
  public var method: CodeableConcept?
  /// The amount given, and the rate.
  public var doseAndRate: [DoseAndRate] = []
  /// Upper limit on medication per unit of time (`Dosage.maxDosePerPeriod`).
  public var maxDosePerPeriod: Ratio?
  /// Upper limit on medication per administration (`Dosage.maxDosePerAdministration`).
  public var maxDosePerAdministration: SimpleQuantity?
  /// Upper limit on medication per lifetime of the patient (`Dosage.maxDosePerLifetime`).
  public var maxDosePerLifetime: SimpleQuantity?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Dosage` with the given members; the others stay absent.
  public init(text: Primitive<FHIRString>? = nil, timing: Timing? = nil) {
    self.text = text
    self.timing = timing
  }

  /// `Dosage.asNeeded[x]`.
  public enum AsNeeded: ChoiceType {
    /// `asNeededBoolean`: the `Dosage.asNeeded[x]` choice as a `boolean`.
    case boolean(Primitive<FHIRBoolean>)
    /// `asNeededCodeableConcept`: the `Dosage.asNeeded[x]` choice as a `CodeableConcept`.
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
      case .codeableConcept(let c): writer.member(name + typeSuffix, c)
      }
    }
  }

  /// Decodes a `Dosage` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "sequence": try decoder.primitive(&sequence, at: value)
      case "_sequence": try decoder.primitiveElement(&sequence, member, keeping: &unknown)
      case "text": try decoder.primitive(&text, at: value)
      case "_text": try decoder.primitiveElement(&text, member, keeping: &unknown)
      case "additionalInstruction": additionalInstruction = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
      case "patientInstruction": try decoder.primitive(&patientInstruction, at: value)
      case "_patientInstruction": try decoder.primitiveElement(&patientInstruction, member, keeping: &unknown)
      case "timing": timing = try decoder.single(Timing.self, member, keeping: &unknown)
      case "site": site = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      case "route": route = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      case "method": method = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      case "doseAndRate": doseAndRate = try decoder.array(of: DoseAndRate.self, member, keeping: &unknown)
      case "maxDosePerPeriod": maxDosePerPeriod = try decoder.single(Ratio.self, member, keeping: &unknown)
      case "maxDosePerAdministration": maxDosePerAdministration = try decoder.single(Quantity.self, member, keeping: &unknown)
      case "maxDosePerLifetime": maxDosePerLifetime = try decoder.single(Quantity.self, member, keeping: &unknown)
      default:
        if try decoder.choice(&asNeeded, name: "asNeeded", key: key, member: member, keeping: &unknown) { continue }
        try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Dosage` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("modifierExtension", modifierExtension)
    writer.member("sequence", sequence)
    writer.member("text", text)
    writer.member("additionalInstruction", additionalInstruction)
    writer.member("patientInstruction", patientInstruction)
    writer.member("timing", timing)
    asNeeded?.encode(name: "asNeeded", to: &writer)
    writer.member("site", site)
    writer.member("route", route)
    writer.member("method", method)
    writer.member("doseAndRate", doseAndRate)
    writer.member("maxDosePerPeriod", maxDosePerPeriod)
    writer.member("maxDosePerAdministration", maxDosePerAdministration)
    writer.member("maxDosePerLifetime", maxDosePerLifetime)
    writer.members(unknown)
    writer.endObject()
  }
}
