public import FHIRCore
public import FHIRJSON

/// DSTU2 `Annotation`: a text note with its author and time.
public struct Annotation: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Who wrote the annotation: a reference (`authorReference`) or a name (`authorString`) (`Annotation.author`).
  public var author: Author?
  /// When the annotation was made (`Annotation.time`).
  public var time: Primitive<FHIRDateTime>?
  /// The annotation (required).
  public var text: Primitive<FHIRString>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// An `Annotation` with the given members; the others stay absent.
  public init(text: Primitive<FHIRString>? = nil) {
    self.text = text
  }

  /// `Annotation.author[x]`: `Reference(Practitioner | Patient | RelatedPerson) | string`.
  public enum Author: ChoiceType {
    /// `authorReference`: the `Annotation.author[x]` choice as a `Reference`.
    case reference(Reference)
    /// `authorString`: the `Annotation.author[x]` choice as a `string`.
    case string(Primitive<FHIRString>)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Author>([
      ChoiceTable.complex("Reference", Author.reference),
      ChoiceTable.primitive("String", Author.string, { if case .string(let p) = $0 { p } else { nil } }),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .reference: "Reference"
      case .string: "String"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .reference(let value): writer.member(name + typeSuffix, value)
      case .string(let p): writer.member(name + typeSuffix, p)
      }
    }
  }

  /// Decodes an `Annotation` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      let key = decoder.key(member)
      switch key {
      case "id": id = try decoder.string(member, keeping: &unknown)
      case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "time": try decoder.primitive(&time, at: value)
      case "_time": try decoder.primitiveElement(&time, member, keeping: &unknown)
      case "text": try decoder.primitive(&text, at: value)
      case "_text": try decoder.primitiveElement(&text, member, keeping: &unknown)
      default:
        if try decoder.choice(&author, name: "author", key: key, member: member, keeping: &unknown) { continue }
        try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if text == nil { try decoder.recordMissing("text", in: index) }
    return true
  }

  /// Writes the `Annotation` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    author?.encode(name: "author", to: &writer)
    writer.member("time", time)
    writer.member("text", text)
    writer.members(unknown)
    writer.endObject()
  }
}
