public import FHIRCore
public import FHIRJSON

/// R4 `Timing`: when an event happens, as a list of times, a repeating pattern, or a code.
public struct Timing: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
  public var modifierExtension: [Extension] = []
  /// When the event occurs.
  public var event: [Primitive<FHIRDateTime>] = []
  /// When the event is to occur, as a pattern.
  @OutOfLine public var `repeat`: Repeat? = nil
  /// `BID | TID | QID | AM | PM | …`: a code for the timing.
  public var code: CodeableConcept?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Timing` with the given members; the others stay absent.
  public init(event: [Primitive<FHIRDateTime>] = [], repeat: Repeat? = nil, code: CodeableConcept? = nil) {
    self.event = event
    self.repeat = `repeat`
    self.code = code
  }

  /// Decodes a `Timing` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "event": try decoder.primitives(&event, member, keeping: &unknown)
      case "_event": try decoder.primitiveElements(&event, member, keeping: &unknown)
      case "repeat": self.repeat = try decoder.single(Repeat.self, member, keeping: &unknown)
      case "code": code = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Timing` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("modifierExtension", modifierExtension)
    writer.member("event", event)
    writer.member("repeat", self.repeat)
    writer.member("code", code)
    writer.members(unknown)
    writer.endObject()
  }
}
