public import FHIRCore
public import FHIRJSON

extension Medication {
  /// `Medication.ingredient`: an active or inactive ingredient.
  public struct Ingredient: FHIRCodable {
    public var id: String?
    public var `extension`: [Extension] = []
    public var modifierExtension: [Extension] = []
    /// `item[x]`: the ingredient, a substance or another medication (required).
    public var item: Item?
    /// Whether the ingredient is active.
    public var isActive: Primitive<FHIRBoolean>?
    /// How much of the ingredient is in the medication.
    public var strength: Ratio?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    public init(item: Item? = nil) {
      self.item = item
    }

    /// `Medication.ingredient.item[x]`.
    public enum Item: ChoiceType {
      case codeableConcept(CodeableConcept)
      case reference(Reference)

      public static let choices = ChoiceTable<Item>([
        ChoiceTable.complex("CodeableConcept", Item.codeableConcept),
        ChoiceTable.complex("Reference", Item.reference),
      ])

      public var typeSuffix: String {
        switch self {
        case .codeableConcept: "CodeableConcept"
        case .reference: "Reference"
        }
      }

      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .codeableConcept(let c): writer.member(name + typeSuffix, c)
        case .reference(let r): writer.member(name + typeSuffix, r)
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
        case "isActive": try decoder.primitive(&isActive, at: value)
        case "_isActive": try decoder.primitiveElement(&isActive, member, keeping: &unknown)
        case "strength": strength = try decoder.single(Ratio.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&item, name: "item", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if item == nil { try decoder.recordMissing("item[x]", in: index) }
      return true
    }

    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      item?.encode(name: "item", to: &writer)
      writer.member("isActive", isActive)
      writer.member("strength", strength)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Medication.batch`: the packaged medication's lot.
  public struct Batch: FHIRCodable {
    public var id: String?
    public var `extension`: [Extension] = []
    public var modifierExtension: [Extension] = []
    public var lotNumber: Primitive<FHIRString>?
    public var expirationDate: Primitive<FHIRDateTime>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    public init(lotNumber: Primitive<FHIRString>? = nil, expirationDate: Primitive<FHIRDateTime>? = nil) {
      self.lotNumber = lotNumber
      self.expirationDate = expirationDate
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
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "lotNumber": try decoder.primitive(&lotNumber, at: value)
        case "_lotNumber": try decoder.primitiveElement(&lotNumber, member, keeping: &unknown)
        case "expirationDate": try decoder.primitive(&expirationDate, at: value)
        case "_expirationDate": try decoder.primitiveElement(&expirationDate, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("lotNumber", lotNumber)
      writer.member("expirationDate", expirationDate)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
