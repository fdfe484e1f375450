public import FHIRCore
public import FHIRJSON

extension CarePlan {
  /// `CarePlan.relatedPlan`: another plan this one includes, replaces or fulfills.
  public struct RelatedPlan: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `includes | replaces | fulfills`.
    public var code: Primitive<FHIRCode>?
    /// The other plan (required).
    public var plan: Reference?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let codes: Set<String> = ["includes", "replaces", "fulfills"]

    /// A `RelatedPlan` with the given members; the others stay absent.
    public init(code: Primitive<FHIRCode>? = nil, plan: Reference? = nil) {
      self.code = code
      self.plan = plan
    }

    /// Decodes a `RelatedPlan` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "code": try decoder.code(&code, at: value, in: Self.codes)
        case "_code": try decoder.primitiveElement(&code, member, keeping: &unknown)
        case "plan": plan = try decoder.single(Reference.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if plan == nil { try decoder.recordMissing("plan", in: index) }
      return true
    }

    /// Writes the `RelatedPlan` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("code", code)
      writer.member("plan", plan)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `CarePlan.participant`: someone involved in the plan, and their role.
  public struct Participant: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Type of involvement (`CarePlan.participant.role`).
    public var role: CodeableConcept?
    /// `Practitioner | RelatedPerson | Patient | Organization`.
    public var member: Reference?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Participant` with the given members; the others stay absent.
    public init(role: CodeableConcept? = nil, member: Reference? = nil) {
      self.role = role
      self.member = member
    }

    /// Decodes a `Participant` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      while let element = decoder.nextMember(&members) {
        switch decoder.key(element) {
        case "id": id = try decoder.string(element, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, element, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, element, keeping: &unknown)
        case "role": role = try decoder.single(CodeableConcept.self, element, keeping: &unknown)
        case "member": member = try decoder.single(Reference.self, element, keeping: &unknown)
        default: try decoder.keepUnknown(element, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Participant` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("role", role)
      writer.member("member", member)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `CarePlan.activity`: an action planned, by reference or by inline detail.
  public struct Activity: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Appointments, orders, … that resulted from the activity.
    public var actionResulting: [Reference] = []
    /// Comments about the activity's progress.
    public var progress: [Annotation] = []
    /// The activity as a separate resource (an order, appointment, …).
    public var reference: Reference?
    /// The activity described inline.
    public var detail: Detail?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An empty `Activity`: every member absent, every list empty.
    public init() {}

    /// Decodes an `Activity` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "actionResulting": actionResulting = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "progress": progress = try decoder.array(of: Annotation.self, member, keeping: &unknown)
        case "reference": reference = try decoder.single(Reference.self, member, keeping: &unknown)
        case "detail": detail = try decoder.single(Detail.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Activity` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("actionResulting", actionResulting)
      writer.member("progress", progress)
      writer.member("reference", reference)
      writer.member("detail", detail)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
