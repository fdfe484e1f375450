public import FHIRCore
public import FHIRJSON

extension CarePlan {
  /// `CarePlan.activity`: an action planned, and how it went.
  public struct Activity: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// The results of the activity, coded.
    public var outcomeCodeableConcept: [CodeableConcept] = []
    /// The results of the activity, as resources.
    public var outcomeReference: [Reference] = []
    /// Comments about the activity's progress.
    public var progress: [Annotation] = []
    /// The activity as a request resource (`ServiceRequest`, `MedicationRequest`, …).
    public var reference: Reference?
    /// The activity described in place.
    public var detail: Detail?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An `Activity` with the given members; the others stay absent.
    public init(reference: Reference? = nil, detail: Detail? = nil) {
      self.reference = reference
      self.detail = detail
    }

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
        case "outcomeCodeableConcept": outcomeCodeableConcept = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "outcomeReference": outcomeReference = try decoder.array(of: Reference.self, member, keeping: &unknown)
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
      writer.member("outcomeCodeableConcept", outcomeCodeableConcept)
      writer.member("outcomeReference", outcomeReference)
      writer.member("progress", progress)
      writer.member("reference", reference)
      writer.member("detail", detail)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
