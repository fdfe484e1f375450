public import FHIRCore
public import FHIRJSON

extension Medication {
  /// `Medication.ingredient`: an active or inactive ingredient.
  public struct Ingredient: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `item[x]`: the ingredient, a substance or another medication (required).
    public var item: Item?
    /// Whether the ingredient is active.
    public var isActive: Primitive<FHIRBoolean>?
    /// How much of the ingredient is in the medication.
    public var strength: Ratio?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An `Ingredient` with the given members; the others stay absent.
    public init(item: Item? = nil) {
      self.item = item
    }

    /// `Medication.ingredient.item[x]`.
    public enum Item: ChoiceType {
      /// `itemCodeableConcept`: the `Medication.ingredient.item[x]` choice as a `CodeableConcept`.
      case codeableConcept(CodeableConcept)
      /// `itemReference`: the `Medication.ingredient.item[x]` choice as a `Reference`.
      case reference(Reference)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Item>([
        ChoiceTable.complex("CodeableConcept", Item.codeableConcept),
        ChoiceTable.complex("Reference", Item.reference),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .codeableConcept: "CodeableConcept"
        case .reference: "Reference"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .codeableConcept(let c): writer.member(name + typeSuffix, c)
        case .reference(let r): writer.member(name + typeSuffix, r)
        }
      }
    }

    /// Decodes an `Ingredient` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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

    /// Writes the `Ingredient` as one JSON object, members in the specification's order, unknown members last.
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
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Identifier assigned to the batch (`Medication.batch.lotNumber`).
    public var lotNumber: Primitive<FHIRString>?
    /// When the batch will expire (`Medication.batch.expirationDate`).
    public var expirationDate: Primitive<FHIRDateTime>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Batch` with the given members; the others stay absent.
    public init(lotNumber: Primitive<FHIRString>? = nil, expirationDate: Primitive<FHIRDateTime>? = nil) {
      self.lotNumber = lotNumber
      self.expirationDate = expirationDate
    }

    /// Decodes a `Batch` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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

    /// Writes the `Batch` as one JSON object, members in the specification's order, unknown members last.
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
