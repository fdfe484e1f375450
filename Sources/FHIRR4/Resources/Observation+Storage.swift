public import FHIRCore
public import FHIRJSON

extension Observation {
  /// The box that copies of one ``Observation`` share until one of them changes.
  ///
  /// `@unchecked Sendable`: `fields` changes only through the ``Observation`` that holds the
  /// only reference to its box (copy on write), so a shared box is never changed.
  /// For the same reason no access to `fields` can overlap a change of it, which the
  /// compiler checks on the owning value; so the run-time exclusivity check is left out.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// The stored members of one ``Observation``, documented on its public properties; they
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

    // Observation
    @usableFromInline var identifier: [Identifier] = []
    @usableFromInline var basedOn: [Reference] = []
    @usableFromInline var partOf: [Reference] = []
    @usableFromInline var status: Primitive<FHIRCode>?
    @usableFromInline var category: [CodeableConcept] = []
    @usableFromInline var code: CodeableConcept?
    @usableFromInline var subject: Reference?
    @usableFromInline var focus: [Reference] = []
    @usableFromInline var encounter: Reference?
    @usableFromInline var effective: Effective?
    @usableFromInline var issued: Primitive<FHIRInstant>?
    @usableFromInline var performer: [Reference] = []
    @usableFromInline var value: Value?
    @usableFromInline var dataAbsentReason: CodeableConcept?
    @usableFromInline var interpretation: [CodeableConcept] = []
    @usableFromInline var note: [Annotation] = []
    @usableFromInline var bodySite: CodeableConcept?
    @usableFromInline var method: CodeableConcept?
    @usableFromInline var specimen: Reference?
    @usableFromInline var device: Reference?
    @usableFromInline var referenceRange: [ReferenceRange] = []
    @usableFromInline var hasMember: [Reference] = []
    @usableFromInline var derivedFrom: [Reference] = []
    @usableFromInline var component: [Component] = []
    @usableFromInline var unknown: JSONObject = JSONObject()

    /// Decodes the members of the object at `index` into this value: a local of
    /// ``Observation/init(from:at:)``, which then moves into a fresh box whole.
    @inline(__always)
    mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
      let context = decoder.beginResource(Observation.resourceType, at: index)
      defer { decoder.endResource(context) }
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        let key = decoder.key(member)
        switch key {
        case "resourceType": try decoder.checkResourceType(Observation.resourceType, at: value)
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
        case "basedOn": basedOn = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "partOf": partOf = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "status": try decoder.code(&status, at: value, in: Observation.statuses)
        case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
        case "category": category = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "code": code = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "subject": subject = try decoder.single(Reference.self, member, keeping: &unknown)
        case "focus": focus = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "encounter": encounter = try decoder.single(Reference.self, member, keeping: &unknown)
        case "issued": try decoder.primitive(&issued, at: value)
        case "_issued": try decoder.primitiveElement(&issued, member, keeping: &unknown)
        case "performer": performer = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "dataAbsentReason": dataAbsentReason = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "interpretation": interpretation = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "note": note = try decoder.array(of: Annotation.self, member, keeping: &unknown)
        case "bodySite": bodySite = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "method": method = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "specimen": specimen = try decoder.single(Reference.self, member, keeping: &unknown)
        case "device": device = try decoder.single(Reference.self, member, keeping: &unknown)
        case "referenceRange": referenceRange = try decoder.array(of: ReferenceRange.self, member, keeping: &unknown)
        case "hasMember": hasMember = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "derivedFrom": derivedFrom = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "component": component = try decoder.array(of: Component.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&effective, name: "effective", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&self.value, name: "value", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if status == nil { try decoder.recordMissing("status", in: index) }
      if code == nil { try decoder.recordMissing("code", in: index) }
      return true
    }

    func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("resourceType")
      writer.string(Observation.resourceType)
      writer.member("id", id)
      writer.member("meta", meta)
      writer.member("implicitRules", implicitRules)
      writer.member("language", language)
      writer.member("text", text)
      writer.member("contained", contained)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("identifier", identifier)
      writer.member("basedOn", basedOn)
      writer.member("partOf", partOf)
      writer.member("status", status)
      writer.member("category", category)
      writer.member("code", code)
      writer.member("subject", subject)
      writer.member("focus", focus)
      writer.member("encounter", encounter)
      effective?.encode(name: "effective", to: &writer)
      writer.member("issued", issued)
      writer.member("performer", performer)
      value?.encode(name: "value", to: &writer)
      writer.member("dataAbsentReason", dataAbsentReason)
      writer.member("interpretation", interpretation)
      writer.member("note", note)
      writer.member("bodySite", bodySite)
      writer.member("method", method)
      writer.member("specimen", specimen)
      writer.member("device", device)
      writer.member("referenceRange", referenceRange)
      writer.member("hasMember", hasMember)
      writer.member("derivedFrom", derivedFrom)
      writer.member("component", component)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
