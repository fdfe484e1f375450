public import FHIRCore
public import FHIRJSON

/// DSTU2 `Observation`: a measurement or simple assertion about a patient, device or other subject.
public struct Observation: FHIRResource {
  public static let resourceType = "Observation"

  // Resource and DomainResource
  public var id: Primitive<FHIRID>?
  public var meta: Meta?
  public var implicitRules: Primitive<FHIRURI>?
  public var language: Primitive<FHIRCode>?
  public var text: Narrative?
  public var contained: [AnyResource] = []
  public var `extension`: [Extension] = []
  public var modifierExtension: [Extension] = []

  // Observation
  public var identifier: [Identifier] = []
  /// `registered | preliminary | final | amended | cancelled | entered-in-error | unknown` (required).
  public var status: Primitive<FHIRCode>?
  public var category: CodeableConcept?
  /// What was observed (required).
  public var code: CodeableConcept?
  public var subject: Reference?
  public var encounter: Reference?
  public var effective: Effective?
  public var issued: Primitive<FHIRInstant>?
  public var performer: [Reference] = []
  public var value: Value?
  public var dataAbsentReason: CodeableConcept?
  public var interpretation: CodeableConcept?
  public var comments: Primitive<FHIRString>?
  public var bodySite: CodeableConcept?
  public var method: CodeableConcept?
  public var specimen: Reference?
  public var device: Reference?
  public var referenceRange: [ReferenceRange] = []
  public var related: [Related] = []
  public var component: [Component] = []
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let statuses: Set<String> = [
    "registered", "preliminary", "final", "amended", "cancelled", "entered-in-error", "unknown",
  ]

  public init() {}

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
      let key = decoder.key(member)
      switch key {
      case "resourceType": try decoder.checkResourceType(Self.resourceType, at: value)
      case "id": try decoder.primitive(&id, at: value)
      case "_id": try decoder.primitiveElement(&id, at: value)
      case "meta": meta = try decoder.single(Meta.self, at: value)
      case "implicitRules": try decoder.primitive(&implicitRules, at: value)
      case "_implicitRules": try decoder.primitiveElement(&implicitRules, at: value)
      case "language": try decoder.primitive(&language, at: value)
      case "_language": try decoder.primitiveElement(&language, at: value)
      case "text": text = try decoder.single(Narrative.self, at: value)
      case "contained": contained = try decoder.array(of: AnyResource.self, at: value)
      case "extension": self.extension = try decoder.array(of: Extension.self, at: value)
      case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, at: value)
      case "identifier": identifier = try decoder.array(of: Identifier.self, at: value)
      case "status": try decoder.code(&status, at: value, in: Self.statuses)
      case "_status": try decoder.primitiveElement(&status, at: value)
      case "category": category = try decoder.single(CodeableConcept.self, at: value)
      case "code": code = try decoder.single(CodeableConcept.self, at: value)
      case "subject": subject = try decoder.single(Reference.self, at: value)
      case "encounter": encounter = try decoder.single(Reference.self, at: value)
      case "issued": try decoder.primitive(&issued, at: value)
      case "_issued": try decoder.primitiveElement(&issued, at: value)
      case "performer": performer = try decoder.array(of: Reference.self, at: value)
      case "dataAbsentReason": dataAbsentReason = try decoder.single(CodeableConcept.self, at: value)
      case "interpretation": interpretation = try decoder.single(CodeableConcept.self, at: value)
      case "comments": try decoder.primitive(&comments, at: value)
      case "_comments": try decoder.primitiveElement(&comments, at: value)
      case "bodySite": bodySite = try decoder.single(CodeableConcept.self, at: value)
      case "method": method = try decoder.single(CodeableConcept.self, at: value)
      case "specimen": specimen = try decoder.single(Reference.self, at: value)
      case "device": device = try decoder.single(Reference.self, at: value)
      case "referenceRange": referenceRange = try decoder.array(of: ReferenceRange.self, at: value)
      case "related": related = try decoder.array(of: Related.self, at: value)
      case "component": component = try decoder.array(of: Component.self, at: value)
      default:
        if try decoder.choice(&effective, name: "effective", key: key, member: member) { continue }
        if try decoder.choice(&self.value, name: "value", key: key, member: member) { continue }
        try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if status == nil { try decoder.recordMissing("status", in: index) }
    if code == nil { try decoder.recordMissing("code", in: index) }
    return true
  }

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
    writer.member("status", status)
    writer.member("category", category)
    writer.member("code", code)
    writer.member("subject", subject)
    writer.member("encounter", encounter)
    effective?.encode(name: "effective", to: &writer)
    writer.member("issued", issued)
    writer.member("performer", performer)
    value?.encode(name: "value", to: &writer)
    writer.member("dataAbsentReason", dataAbsentReason)
    writer.member("interpretation", interpretation)
    writer.member("comments", comments)
    writer.member("bodySite", bodySite)
    writer.member("method", method)
    writer.member("specimen", specimen)
    writer.member("device", device)
    writer.member("referenceRange", referenceRange)
    writer.member("related", related)
    writer.member("component", component)
    writer.members(unknown)
    writer.endObject()
  }
}
