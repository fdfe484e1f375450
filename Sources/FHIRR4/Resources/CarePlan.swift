public import FHIRCore
public import FHIRJSON

/// R4 `CarePlan`: how one or more practitioners intend to deliver care to a patient.
public struct CarePlan: FHIRResource {
  public static let resourceType = "CarePlan"

  // Resource and DomainResource
  public var id: Primitive<FHIRID>?
  public var meta: Meta?
  public var implicitRules: Primitive<FHIRURI>?
  public var language: Primitive<FHIRCode>?
  public var text: Narrative?
  public var contained: [AnyResource] = []
  public var `extension`: [Extension] = []
  public var modifierExtension: [Extension] = []

  // CarePlan
  public var identifier: [Identifier] = []
  public var instantiatesCanonical: [Primitive<FHIRURI>] = []
  public var instantiatesUri: [Primitive<FHIRURI>] = []
  public var basedOn: [Reference] = []
  public var replaces: [Reference] = []
  public var partOf: [Reference] = []
  /// `draft | active | on-hold | revoked | completed | entered-in-error | unknown` (required).
  public var status: Primitive<FHIRCode>?
  /// `proposal | plan | order | option` (required).
  public var intent: Primitive<FHIRCode>?
  public var category: [CodeableConcept] = []
  public var title: Primitive<FHIRString>?
  public var description: Primitive<FHIRString>?
  /// Who the plan is for (required).
  public var subject: Reference?
  public var encounter: Reference?
  public var period: Period?
  public var created: Primitive<FHIRDateTime>?
  public var author: Reference?
  public var contributor: [Reference] = []
  public var careTeam: [Reference] = []
  /// The health issues the plan addresses.
  public var addresses: [Reference] = []
  public var supportingInfo: [Reference] = []
  public var goal: [Reference] = []
  public var activity: [Activity] = []
  public var note: [Annotation] = []
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let statuses: Set<String> = [
    "draft", "active", "on-hold", "revoked", "completed", "entered-in-error", "unknown",
  ]
  static let intents: Set<String> = ["proposal", "plan", "order", "option"]

  public init(status: Primitive<FHIRCode>? = nil, intent: Primitive<FHIRCode>? = nil, subject: Reference? = nil) {
    self.status = status
    self.intent = intent
    self.subject = subject
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
    let context = decoder.beginResource(Self.resourceType, at: index)
    defer { decoder.endResource(context) }
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
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
      case "instantiatesCanonical": try decoder.primitives(&instantiatesCanonical, at: value)
      case "_instantiatesCanonical": try decoder.primitiveElements(&instantiatesCanonical, at: value)
      case "instantiatesUri": try decoder.primitives(&instantiatesUri, at: value)
      case "_instantiatesUri": try decoder.primitiveElements(&instantiatesUri, at: value)
      case "basedOn": basedOn = try decoder.array(of: Reference.self, at: value)
      case "replaces": replaces = try decoder.array(of: Reference.self, at: value)
      case "partOf": partOf = try decoder.array(of: Reference.self, at: value)
      case "status": try decoder.code(&status, at: value, in: Self.statuses)
      case "_status": try decoder.primitiveElement(&status, at: value)
      case "intent": try decoder.code(&intent, at: value, in: Self.intents)
      case "_intent": try decoder.primitiveElement(&intent, at: value)
      case "category": category = try decoder.array(of: CodeableConcept.self, at: value)
      case "title": try decoder.primitive(&title, at: value)
      case "_title": try decoder.primitiveElement(&title, at: value)
      case "description": try decoder.primitive(&description, at: value)
      case "_description": try decoder.primitiveElement(&description, at: value)
      case "subject": subject = try decoder.single(Reference.self, at: value)
      case "encounter": encounter = try decoder.single(Reference.self, at: value)
      case "period": period = try decoder.single(Period.self, at: value)
      case "created": try decoder.primitive(&created, at: value)
      case "_created": try decoder.primitiveElement(&created, at: value)
      case "author": author = try decoder.single(Reference.self, at: value)
      case "contributor": contributor = try decoder.array(of: Reference.self, at: value)
      case "careTeam": careTeam = try decoder.array(of: Reference.self, at: value)
      case "addresses": addresses = try decoder.array(of: Reference.self, at: value)
      case "supportingInfo": supportingInfo = try decoder.array(of: Reference.self, at: value)
      case "goal": goal = try decoder.array(of: Reference.self, at: value)
      case "activity": activity = try decoder.array(of: Activity.self, at: value)
      case "note": note = try decoder.array(of: Annotation.self, at: value)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if status == nil { try decoder.recordMissing("status", in: index) }
    if intent == nil { try decoder.recordMissing("intent", in: index) }
    if subject == nil { try decoder.recordMissing("subject", in: index) }
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
    writer.member("instantiatesCanonical", instantiatesCanonical)
    writer.member("instantiatesUri", instantiatesUri)
    writer.member("basedOn", basedOn)
    writer.member("replaces", replaces)
    writer.member("partOf", partOf)
    writer.member("status", status)
    writer.member("intent", intent)
    writer.member("category", category)
    writer.member("title", title)
    writer.member("description", description)
    writer.member("subject", subject)
    writer.member("encounter", encounter)
    writer.member("period", period)
    writer.member("created", created)
    writer.member("author", author)
    writer.member("contributor", contributor)
    writer.member("careTeam", careTeam)
    writer.member("addresses", addresses)
    writer.member("supportingInfo", supportingInfo)
    writer.member("goal", goal)
    writer.member("activity", activity)
    writer.member("note", note)
    writer.members(unknown)
    writer.endObject()
  }
}
