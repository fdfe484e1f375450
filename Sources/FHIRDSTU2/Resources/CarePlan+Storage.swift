public import FHIRCore
public import FHIRJSON

extension CarePlan {
  /// The box that copies of one ``CarePlan`` share until one of them changes.
  ///
  /// `@unchecked Sendable`: `fields` changes only through the ``CarePlan`` that holds the
  /// only reference to its box (copy on write), so a shared box is never changed.
  /// For the same reason no access to `fields` can overlap a change of it, which the
  /// compiler checks on the owning value; so the run-time exclusivity check is left out.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// The stored members of one ``CarePlan``, documented on its public properties; they
  /// decode and encode themselves, and their synthesized `==` and `hash` are the model's.
  @usableFromInline struct Fields: Hashable, Sendable {
    // Resource and DomainResource
    @usableFromInline var id: Primitive<FHIRID>?
    @usableFromInline var meta: Meta?
    @usableFromInline var implicitRules: Primitive<FHIRURI>?
    @usableFromInline var language: Primitive<FHIRCode>?
    @usableFromInline var text: Narrative?
    @usableFromInline var contained: [AnyResource] = []
    @usableFromInline var `extension`: [Extension] = []
    @usableFromInline var modifierExtension: [Extension] = []

    // CarePlan
    @usableFromInline var identifier: [Identifier] = []
    @usableFromInline var subject: Reference?
    @usableFromInline var status: Primitive<FHIRCode>?
    @usableFromInline var context: Reference?
    @usableFromInline var period: Period?
    @usableFromInline var author: [Reference] = []
    @usableFromInline var modified: Primitive<FHIRDateTime>?
    @usableFromInline var category: [CodeableConcept] = []
    @usableFromInline var description: Primitive<FHIRString>?
    @usableFromInline var addresses: [Reference] = []
    @usableFromInline var support: [Reference] = []
    @usableFromInline var relatedPlan: [RelatedPlan] = []
    @usableFromInline var participant: [Participant] = []
    @usableFromInline var goal: [Reference] = []
    @usableFromInline var activity: [Activity] = []
    @usableFromInline var note: Annotation?
    @usableFromInline var unknown: JSONObject = JSONObject()

    /// Decodes the members of the object at `index` into this value: a local of
    /// ``CarePlan/init(from:at:)``, which then moves into a fresh box whole.
    @inline(__always)
    mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
      let context = decoder.beginResource(CarePlan.resourceType, at: index)
      defer { decoder.endResource(context) }
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        switch decoder.key(member) {
        case "resourceType": try decoder.checkResourceType(CarePlan.resourceType, at: value)
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
        case "subject": subject = try decoder.single(Reference.self, member, keeping: &unknown)
        case "status": try decoder.code(&status, at: value, in: CarePlan.statuses)
        case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
        case "context": self.context = try decoder.single(Reference.self, member, keeping: &unknown)
        case "period": period = try decoder.single(Period.self, member, keeping: &unknown)
        case "author": author = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "modified": try decoder.primitive(&modified, at: value)
        case "_modified": try decoder.primitiveElement(&modified, member, keeping: &unknown)
        case "category": category = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "description": try decoder.primitive(&description, at: value)
        case "_description": try decoder.primitiveElement(&description, member, keeping: &unknown)
        case "addresses": addresses = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "support": support = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "relatedPlan": relatedPlan = try decoder.array(of: RelatedPlan.self, member, keeping: &unknown)
        case "participant": participant = try decoder.array(of: Participant.self, member, keeping: &unknown)
        case "goal": goal = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "activity": activity = try decoder.array(of: Activity.self, member, keeping: &unknown)
        case "note": note = try decoder.single(Annotation.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if status == nil { try decoder.recordMissing("status", in: index) }
      return true
    }

    func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("resourceType")
      writer.string(CarePlan.resourceType)
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
}
