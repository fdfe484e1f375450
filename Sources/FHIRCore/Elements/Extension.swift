public import FHIRJSON

/// A FHIR extension: a `url` and either a `value[x]` or nested extensions.
///
/// Primitive values are typed in every release; complex values (`valueCoding`,
/// `valueReference`, …) are kept as JSON here and typed by each release's models,
/// since their datatypes differ between releases.
public struct Extension: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension]
  /// What the extension means (required).
  public var url: FHIRURI?
  /// The value of the extension, one of the `value[x]` types; `nil` when nested extensions carry the content
  /// (`Extension.value[x]`).
  public var value: Value?
  /// Members the model does not know, in document order.
  public var unknown: JSONObject

  /// An extension with the given members.
  /// - Parameters:
  ///   - url: What the extension means (required by FHIR; `nil` only for input that lacks it).
  ///   - value: The `value[x]`, if the extension has one.
  ///   - id: The element's id.
  ///   - extension: Nested extensions, for a complex extension.
  ///   - unknown: Members the model does not know, written back on encode.
  public init(
    url: FHIRURI?, value: Value? = nil, id: String? = nil, extension: [Extension] = [], unknown: JSONObject = [:]
  ) {
    self.url = url
    self.value = value
    self.id = id
    self.extension = `extension`
    self.unknown = unknown
  }

  /// `Extension.value[x]`.
  public enum Value: ChoiceType {
    /// `valueBase64Binary`: the `Extension.value[x]` choice as a `base64Binary`.
    case base64Binary(Primitive<FHIRBase64Binary>)
    /// `valueBoolean`: the `Extension.value[x]` choice as a `boolean`.
    case boolean(Primitive<FHIRBoolean>)
    /// `valueCanonical`: the `Extension.value[x]` choice as a `canonical`.
    case canonical(Primitive<FHIRURI>)
    /// `valueCode`: the `Extension.value[x]` choice as a `code`.
    case code(Primitive<FHIRCode>)
    /// `valueDate`: the `Extension.value[x]` choice as a `date`.
    case date(Primitive<FHIRDate>)
    /// `valueDateTime`: the `Extension.value[x]` choice as a `dateTime`.
    case dateTime(Primitive<FHIRDateTime>)
    /// `valueDecimal`: the `Extension.value[x]` choice as a `decimal`.
    case decimal(Primitive<FHIRDecimal>)
    /// `valueId`: the `Extension.value[x]` choice as an `id`.
    case id(Primitive<FHIRID>)
    /// `valueInstant`: the `Extension.value[x]` choice as an `instant`.
    case instant(Primitive<FHIRInstant>)
    /// `valueInteger`: the `Extension.value[x]` choice as an `integer`.
    case integer(Primitive<FHIRInteger>)
    /// `valueMarkdown`: the `Extension.value[x]` choice as a `markdown`.
    case markdown(Primitive<FHIRMarkdown>)
    /// `valueOid`: the `Extension.value[x]` choice as an `oid`.
    case oid(Primitive<FHIRURI>)
    /// `valuePositiveInt`: the `Extension.value[x]` choice as a `positiveInt`.
    case positiveInt(Primitive<FHIRPositiveInt>)
    /// `valueString`: the `Extension.value[x]` choice as a `string`.
    case string(Primitive<FHIRString>)
    /// `valueTime`: the `Extension.value[x]` choice as a `time`.
    case time(Primitive<FHIRTime>)
    /// `valueUnsignedInt`: the `Extension.value[x]` choice as an `unsignedInt`.
    case unsignedInt(Primitive<FHIRUnsignedInt>)
    /// `valueUri`: the `Extension.value[x]` choice as a `uri`.
    case uri(Primitive<FHIRURI>)
    /// `valueUrl`: the `Extension.value[x]` choice as a `url`.
    case url(Primitive<FHIRURI>)
    /// `valueUuid`: the `Extension.value[x]` choice as a `uuid`.
    case uuid(Primitive<FHIRURI>)
    /// A complex datatype, by its type name (`Coding`, `Reference`, …), as JSON.
    case complex(type: String, JSONValue)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Value>(primitiveChoices + complexChoices)

    private static let primitiveChoices: [(String, ChoiceTable<Value>.Entry)] = [
      ChoiceTable.primitive("Base64Binary", Value.base64Binary, { if case .base64Binary(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Boolean", Value.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Canonical", Value.canonical, { if case .canonical(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Code", Value.code, { if case .code(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Date", Value.date, { if case .date(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("DateTime", Value.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Decimal", Value.decimal, { if case .decimal(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Id", Value.id, { if case .id(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Instant", Value.instant, { if case .instant(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Integer", Value.integer, { if case .integer(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Markdown", Value.markdown, { if case .markdown(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Oid", Value.oid, { if case .oid(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("PositiveInt", Value.positiveInt, { if case .positiveInt(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("String", Value.string, { if case .string(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Time", Value.time, { if case .time(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("UnsignedInt", Value.unsignedInt, { if case .unsignedInt(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Uri", Value.uri, { if case .uri(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Url", Value.url, { if case .url(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Uuid", Value.uuid, { if case .uuid(let p) = $0 { p } else { nil } }),
    ]

    private static let complexChoices: [(String, ChoiceTable<Value>.Entry)] = complexTypes.map { type in
      (type, ChoiceTable<Value>.json { .complex(type: type, $0) })
    }

    /// The complex datatypes an extension value may have, in DSTU2 and R4.
    public static let complexTypes = [
      "Address", "Age", "Annotation", "Attachment", "CodeableConcept", "Coding", "ContactPoint", "Count",
      "Distance", "Duration", "HumanName", "Identifier", "Money", "Period", "Quantity", "Range", "Ratio",
      "Reference", "SampledData", "Signature", "Timing", "ContactDetail", "Contributor", "DataRequirement",
      "Expression", "ParameterDefinition", "RelatedArtifact", "TriggerDefinition", "UsageContext", "Dosage",
      "Meta", "Narrative", "ElementDefinition",
    ]

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .base64Binary: "Base64Binary"
      case .boolean: "Boolean"
      case .canonical: "Canonical"
      case .code: "Code"
      case .date: "Date"
      case .dateTime: "DateTime"
      case .decimal: "Decimal"
      case .id: "Id"
      case .instant: "Instant"
      case .integer: "Integer"
      case .markdown: "Markdown"
      case .oid: "Oid"
      case .positiveInt: "PositiveInt"
      case .string: "String"
      case .time: "Time"
      case .unsignedInt: "UnsignedInt"
      case .uri: "Uri"
      case .url: "Url"
      case .uuid: "Uuid"
      case .complex(let type, _): type
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      let key = name + typeSuffix
      switch self {
      case .base64Binary(let p): writer.member(key, p)
      case .boolean(let p): writer.member(key, p)
      case .canonical(let p), .oid(let p), .uri(let p), .url(let p), .uuid(let p): writer.member(key, p)
      case .code(let p): writer.member(key, p)
      case .date(let p): writer.member(key, p)
      case .dateTime(let p): writer.member(key, p)
      case .decimal(let p): writer.member(key, p)
      case .id(let p): writer.member(key, p)
      case .instant(let p): writer.member(key, p)
      case .integer(let p): writer.member(key, p)
      case .markdown(let p): writer.member(key, p)
      case .positiveInt(let p): writer.member(key, p)
      case .string(let p): writer.member(key, p)
      case .time(let p): writer.member(key, p)
      case .unsignedInt(let p): writer.member(key, p)
      case .complex(_, let json):
        writer.key(key)
        writer.value(json)
      }
    }
  }

  /// Decodes an `Extension` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    var decoded = Self(url: nil)
    guard try decoded.decodeMembers(from: &decoder, at: index) else { return nil }
    self = consume decoded
  }

  /// Decodes the members of the object at `index` into this value: a local of
  /// ``init(from:at:)``, which then moves into place whole instead of being copied.
  @inline(__always)
  private mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let key = decoder.key(member)
      switch key {
      case "id": id = try decoder.string(member, keeping: &unknown)
      case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "url": url = try decoder.value(FHIRURI.self, member, keeping: &unknown)
      default:
        if try !decoder.choice(&value, name: "value", key: key, member: member, keeping: &unknown) {
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
    }
    if url == nil { try decoder.recordMissing("url", in: index) }
    return true
  }

  /// Writes the `Extension` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("url", value: url)
    value?.encode(name: "value", to: &writer)
    writer.members(unknown)
    writer.endObject()
  }
}
