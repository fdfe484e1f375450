public import FHIRCore
public import FHIRJSON

/// R4 `Medication`: a medication, for prescribing, dispensing and administering.
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
  /// Business identifiers assigned to this medication by other systems (`Medication.identifier`, 0..*).
  public var identifier: [Identifier] = []
  /// What the medication is (RxNorm, SNOMED CT, …).
  public var code: CodeableConcept?
  /// `active | inactive | entered-in-error`.
  public var status: Primitive<FHIRCode>?
  /// Manufacturer of the item (`Medication.manufacturer`).
  public var manufacturer: Reference?
  /// Powder, tablets, capsule, …
  public var form: CodeableConcept?
  /// The amount of drug in the package.
  public var amount: Ratio?
  /// Active or inactive ingredients (`Medication.ingredient`, 0..*).
  public var ingredient: [Ingredient] = []
  /// Details about packaged medications: lot and expiry (`Medication.batch`).
  public var batch: Batch?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let statuses: Set<String> = ["active", "inactive", "entered-in-error"]

  /// A `Medication` with the given members; the others stay absent.
  public init(code: CodeableConcept? = nil) {
    self.code = code
  }

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
      case "identifier": identifier = try decoder.array(of: Identifier.self, member, keeping: &unknown)
      case "code": code = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      case "status": try decoder.code(&status, at: value, in: Self.statuses)
      case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
      case "manufacturer": manufacturer = try decoder.single(Reference.self, member, keeping: &unknown)
      case "form": form = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      case "amount": amount = try decoder.single(Ratio.self, member, keeping: &unknown)
      case "ingredient": ingredient = try decoder.array(of: Ingredient.self, member, keeping: &unknown)
      case "batch": batch = try decoder.single(Batch.self, member, keeping: &unknown)
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
    writer.member("identifier", identifier)
    writer.member("code", code)
    writer.member("status", status)
    writer.member("manufacturer", manufacturer)
    writer.member("form", form)
    writer.member("amount", amount)
    writer.member("ingredient", ingredient)
    writer.member("batch", batch)
    writer.members(unknown)
    writer.endObject()
  }
}
