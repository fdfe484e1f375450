public import FHIRCore
public import FHIRJSON

extension Medication {
  /// `Medication.product`: the form, ingredients and batches of a product.
  public struct Product: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Powder, tablets, … .
    public var form: CodeableConcept?
    /// Active or inactive ingredients (`Medication.product.ingredient`, 0..*).
    public var ingredient: [Ingredient] = []
    /// Information about the packaged batches (`Medication.product.batch`, 0..*).
    public var batch: [Batch] = []
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An empty `Product`: every member absent, every list empty.
    public init() {}

    /// Decodes a `Product` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "form": form = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "ingredient": ingredient = try decoder.array(of: Ingredient.self, member, keeping: &unknown)
        case "batch": batch = try decoder.array(of: Batch.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Product` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("form", form)
      writer.member("ingredient", ingredient)
      writer.member("batch", batch)
      writer.members(unknown)
      writer.endObject()
    }
  }

}

extension Medication.Product {
  /// `Medication.product.ingredient`: an active or inactive ingredient.
  public struct Ingredient: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// The ingredient (`Substance | Medication`, required).
    public var item: Reference?
    /// How much of it is in the product.
    public var amount: Ratio?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An `Ingredient` with the given members; the others stay absent.
    public init(item: Reference? = nil) {
      self.item = item
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
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "item": item = try decoder.single(Reference.self, member, keeping: &unknown)
        case "amount": amount = try decoder.single(Ratio.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if item == nil { try decoder.recordMissing("item", in: index) }
      return true
    }

    /// Writes the `Ingredient` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("item", item)
      writer.member("amount", amount)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Medication.product.batch`: a lot and its expiry.
  public struct Batch: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Identifier assigned to the batch (`Medication.product.batch.lotNumber`).
    public var lotNumber: Primitive<FHIRString>?
    /// When the batch will expire (`Medication.product.batch.expirationDate`).
    public var expirationDate: Primitive<FHIRDateTime>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An empty `Batch`: every member absent, every list empty.
    public init() {}

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

extension Medication {
  /// `Medication.package`: the container and what it holds.
  public struct Package: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Box, bottle, … .
    public var container: CodeableConcept?
    /// What is in the package (`Medication.package.content`, 0..*).
    public var content: [Content] = []
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An empty `Package`: every member absent, every list empty.
    public init() {}

    /// Decodes a `Package` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "container": container = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "content": content = try decoder.array(of: Content.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Package` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("container", container)
      writer.member("content", content)
      writer.members(unknown)
      writer.endObject()
    }
  }

}

extension Medication.Package {
  /// `Medication.package.content`: one item in a package and how much of it.
  public struct Content: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// The item (`Medication`, required).
    public var item: Reference?
    /// Quantity present in the package (`Medication.package.content.amount`).
    public var amount: SimpleQuantity?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Content` with the given members; the others stay absent.
    public init(item: Reference? = nil) {
      self.item = item
    }

    /// Decodes a `Content` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "item": item = try decoder.single(Reference.self, member, keeping: &unknown)
        case "amount": amount = try decoder.single(Quantity.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if item == nil { try decoder.recordMissing("item", in: index) }
      return true
    }

    /// Writes the `Content` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("item", item)
      writer.member("amount", amount)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
