public import FHIRCore
public import FHIRJSON

extension Dosage {
  /// `Dosage.doseAndRate`: the amount of medication given, and how fast.
  public struct DoseAndRate: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// The kind of dose or rate (`calculated`, `ordered`, …).
    public var type: CodeableConcept?
    /// `dose[x]`: the amount per dose.
    public var dose: Dose?
    /// `rate[x]`: the amount per unit of time.
    public var rate: Rate?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `DoseAndRate` with the given members; the others stay absent.
    public init(dose: Dose? = nil, rate: Rate? = nil) {
      self.dose = dose
      self.rate = rate
    }

    /// `Dosage.doseAndRate.dose[x]`.
    public enum Dose: ChoiceType {
      /// `doseRange`: the `Dosage.doseAndRate.dose[x]` choice as a `Range`.
      case range(Range)
      /// `doseQuantity`: the `Dosage.doseAndRate.dose[x]` choice as a `Quantity`.
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
        case .range(let r): writer.member(name + typeSuffix, r)
        case .quantity(let q): writer.member(name + typeSuffix, q)
        }
      }
    }

    /// `Dosage.doseAndRate.rate[x]`.
    public enum Rate: ChoiceType {
      /// `rateRatio`: the `Dosage.doseAndRate.rate[x]` choice as a `Ratio`.
      case ratio(Ratio)
      /// `rateRange`: the `Dosage.doseAndRate.rate[x]` choice as a `Range`.
      case range(Range)
      /// `rateQuantity`: the `Dosage.doseAndRate.rate[x]` choice as a `Quantity`.
      case quantity(SimpleQuantity)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Rate>([
        ChoiceTable.complex("Ratio", Rate.ratio),
        ChoiceTable.complex("Range", Rate.range),
        ChoiceTable.complex("Quantity", Rate.quantity),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .ratio: "Ratio"
        case .range: "Range"
        case .quantity: "Quantity"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .ratio(let r): writer.member(name + typeSuffix, r)
        case .range(let r): writer.member(name + typeSuffix, r)
        case .quantity(let q): writer.member(name + typeSuffix, q)
        }
      }
    }

    /// Decodes a `DoseAndRate` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        let key = decoder.key(member)
        switch key {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "type": type = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&dose, name: "dose", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&rate, name: "rate", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `DoseAndRate` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("type", type)
      dose?.encode(name: "dose", to: &writer)
      rate?.encode(name: "rate", to: &writer)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
