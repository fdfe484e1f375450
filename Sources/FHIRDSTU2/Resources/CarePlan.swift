public import FHIRCore
public import FHIRJSON

/// DSTU2 `CarePlan`: how one or more practitioners intend to deliver care to a patient.
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
  /// Who the plan is for (`Patient | Group`).
  public var subject: Reference?
  /// `proposed | draft | active | completed | cancelled` (required).
  public var status: Primitive<FHIRCode>?
  /// The encounter or episode of care the plan was created in.
  public var context: Reference?
  public var period: Period?
  public var author: [Reference] = []
  public var modified: Primitive<FHIRDateTime>?
  public var category: [CodeableConcept] = []
  public var description: Primitive<FHIRString>?
  /// The health issues the plan addresses (`Condition`).
  public var addresses: [Reference] = []
  /// Information that supports the plan.
  public var support: [Reference] = []
  public var relatedPlan: [RelatedPlan] = []
  public var participant: [Participant] = []
  public var goal: [Reference] = []
  public var activity: [Activity] = []
  public var note: Annotation?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let statuses: Set<String> = ["proposed", "draft", "active", "completed", "cancelled"]

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
      case "subject": subject = try decoder.single(Reference.self, at: value)
      case "status": try decoder.code(&status, at: value, in: Self.statuses)
      case "_status": try decoder.primitiveElement(&status, at: value)
      case "context": self.context = try decoder.single(Reference.self, at: value)
      case "period": period = try decoder.single(Period.self, at: value)
      case "author": author = try decoder.array(of: Reference.self, at: value)
      case "modified": try decoder.primitive(&modified, at: value)
      case "_modified": try decoder.primitiveElement(&modified, at: value)
      case "category": category = try decoder.array(of: CodeableConcept.self, at: value)
      case "description": try decoder.primitive(&description, at: value)
      case "_description": try decoder.primitiveElement(&description, at: value)
      case "addresses": addresses = try decoder.array(of: Reference.self, at: value)
      case "support": support = try decoder.array(of: Reference.self, at: value)
      case "relatedPlan": relatedPlan = try decoder.array(of: RelatedPlan.self, at: value)
      case "participant": participant = try decoder.array(of: Participant.self, at: value)
      case "goal": goal = try decoder.array(of: Reference.self, at: value)
      case "activity": activity = try decoder.array(of: Activity.self, at: value)
      case "note": note = try decoder.single(Annotation.self, at: value)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if status == nil { try decoder.recordMissing("status", in: index) }
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
    writer.member("subject", subject)
    writer.member("status", status)
    writer.member("context", context)
    writer.member("period", period)
    writer.member("author", author)
    writer.member("modified", modified)
    writer.member("category", category)
    writer.member("description", description)
    writer.member("addresses", addresses)
    writer.member("support", support)
    writer.member("relatedPlan", relatedPlan)
    writer.member("participant", participant)
    writer.member("goal", goal)
    writer.member("activity", activity)
    writer.member("note", note)
    writer.members(unknown)
    writer.endObject()
  }
}
