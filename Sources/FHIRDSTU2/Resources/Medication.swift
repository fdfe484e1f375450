public import FHIRCore
public import FHIRJSON

/// DSTU2 `Medication`: a drug, its product form and ingredients, and its packaging.
public struct Medication: FHIRResource {
  /// `"Medication"`, the `resourceType` of this resource.
  public static let resourceType = "Medication"

  // Resource and DomainResource
  /// Logical id of the resource, as used in its URL (`Resource.id`).
  public var id: Primitive<FHIRID>?
  /// Metadata about the resource: version, last update, profiles, tags (`Resource.meta`).
  public var meta: Meta?
  /// Rules the content was created under, which a reader must understand (`Resource.implicitRules`).
  public var implicitRules: Primitive<FHIRURI>?
  /// Base language of the resource content, as a BCP-47 code (`Resource.language`).
  public var language: Primitive<FHIRCode>?
  /// Text summary of the resource, for human interpretation (`DomainResource.text`).
  public var text: Narrative?
  /// Resources contained inline, without identity of their own (`DomainResource.contained`, 0..*).
  public var contained: [AnyResource] = []
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
  public var modifierExtension: [Extension] = []

  // Medication
  /// The drug's code (RxNorm, SNOMED CT, …).
  public var code: CodeableConcept?
  /// Whether this is a brand product rather than a generic.
  public var isBrand: Primitive<FHIRBoolean>?
  /// Manufacturer of the item (`Medication.manufacturer`).
  public var manufacturer: Reference?
  /// Administrable medication details: form, ingredients, batches (`Medication.product`).
  public var product: Product?
  /// Details about packaged medications (`Medication.package`).
  public var package: Package?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// An empty `Medication`: every member absent, every list empty.
  public init() {}

  /// Decodes a `Medication` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
    let context = decoder.beginResource(Self.resourceType, at: index)
    defer { decoder.endResource(context) }
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "resourceType": try decoder.checkResourceType(Self.resourceType, at: value)
      case "id": try decoder.primitive(&id, at: value)
      case "_id": try decoder.primitiveElement(&id, member, keeping: &unknown)
      case "meta": meta = try decoder.single(Meta.self, member, keeping: &unknown)
      case "implicitRules": try decoder.primitive(&implicitRules, at: value)
      case "_implicitRules": try decoder.primitiveElement(&implicitRules, member, keeping: &unknown)
      case "language": try decoder.primitive(&language, at: value)
      case "_language": try decoder.primitiveElement(&language, member, keeping: &unknown)
      case "text": text = try decoder.single(Narrative.self, member, keeping: &unknown)
      case "contained": contained = try decoder.array(of: AnyResource.self, member, keeping: &unknown)
      case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "code": code = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      case "isBrand": try decoder.primitive(&isBrand, at: value)
      case "_isBrand": try decoder.primitiveElement(&isBrand, member, keeping: &unknown)
      case "manufacturer": manufacturer = try decoder.single(Reference.self, member, keeping: &unknown)
      case "product": product = try decoder.single(Product.self, member, keeping: &unknown)
      case "package": package = try decoder.single(Package.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Medication` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("resourceType")
    writer.string(Self.resourceType)
    writer.member("id", id)
    writer.member("meta", meta)
    writer.member("implicitRules", implicitRules)
    writer.member("language", language)
    writer.member("text", text)
    writer.member("contained", contained)
    writer.member("extension", self.extension)
    writer.member("modifierExtension", modifierExtension)
    writer.member("code", code)
    writer.member("isBrand", isBrand)
    writer.member("manufacturer", manufacturer)
    writer.member("product", product)
    writer.member("package", package)
    writer.members(unknown)
    writer.endObject()
  }
}
