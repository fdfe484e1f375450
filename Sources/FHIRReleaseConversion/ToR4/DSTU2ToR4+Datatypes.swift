import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The general-purpose datatypes, DSTU2 → R4. Most are the same in both releases: their
/// members are copied, code systems rewritten (`Coding.system`, `Quantity.system`),
/// extensions converted and unknown members carried and reported.
extension DSTU2ToR4 {
  /// `Coding`: the `system` in R4 spelling (HL7 v2 and v3 systems, and some FHIR-defined
  /// ones, moved to `terminology.hl7.org`) when the coding has a code or display, as the
  /// reverse conversion does (a bare system is left as it is).
  mutating func coding(_ source: FHIRDSTU2.Coding, _ path: String) -> FHIRR4.Coding {
    var target = FHIRR4.Coding()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.system = systemInR4(primitive(source.system, path, "system"), source.code, source.display)
    target.version = primitive(source.version, path, "version")
    target.code = primitive(source.code, path, "code")
    target.display = primitive(source.display, path, "display")
    target.userSelected = primitive(source.userSelected, path, "userSelected")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// A `Coding.system` or `Quantity.system` in R4 spelling, if the element has a `code` or
  /// `display` value (what makes it a coding).
  func systemInR4(
    _ system: Primitive<FHIRURI>?, _ code: Primitive<FHIRCode>?, _ display: Primitive<FHIRString>?
  ) -> Primitive<FHIRURI>? {
    guard code?.value != nil || display?.value != nil,
      let text = system?.value?.string, text.utf8.starts(with: Self.movedSystemsPrefix)
    else { return system }
    return conversion.system(system)
  }

  /// The prefix every DSTU2 code-system URL that moved in R4 starts with (a cheap first test).
  static let movedSystemsPrefix = Array(CodeSystemMap.dstu2Base.utf8)

  /// `CodeableConcept`.
  mutating func codeableConcept(_ source: FHIRDSTU2.CodeableConcept, _ path: String) -> FHIRR4.CodeableConcept {
    var target = FHIRR4.CodeableConcept()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.coding = each(source.coding, path, "coding") { $0.coding($1, $2) }
    target.text = primitive(source.text, path, "text")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// A list of `CodeableConcept`s at `path.key`.
  mutating func codeableConcepts(_ source: [FHIRDSTU2.CodeableConcept], _ path: String, _ key: String) -> [FHIRR4.CodeableConcept] {
    each(source, path, key) { $0.codeableConcept($1, $2) }
  }

  /// An optional `CodeableConcept` at `path.key`.
  mutating func codeableConcept(_ source: FHIRDSTU2.CodeableConcept?, _ path: String, _ key: String) -> FHIRR4.CodeableConcept? {
    one(source, path, key) { $0.codeableConcept($1, $2) }
  }

  /// `Identifier` (the same in both releases).
  mutating func identifier(_ source: FHIRDSTU2.Identifier, _ path: String) -> FHIRR4.Identifier {
    var target = FHIRR4.Identifier()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.use = primitive(source.use, path, "use")
    target.type = codeableConcept(source.type, path, "type")
    target.system = primitive(source.system, path, "system")
    target.value = primitive(source.value, path, "value")
    target.period = period(source.period, path, "period")
    target.assigner = reference(source.assigner, path, "assigner")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// A list of `Identifier`s at `path.key`.
  mutating func identifiers(_ source: [FHIRDSTU2.Identifier], _ path: String, _ key: String) -> [FHIRR4.Identifier] {
    each(source, path, key) { $0.identifier($1, $2) }
  }

  /// `HumanName`: DSTU2 `family` is a list, R4's one string; the first part is kept,
  /// further parts (and their `_family` data) are dropped.
  mutating func humanName(_ source: FHIRDSTU2.HumanName, _ path: String) -> FHIRR4.HumanName {
    var target = FHIRR4.HumanName()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.use = primitive(source.use, path, "use")
    target.text = primitive(source.text, path, "text")
    target.family = primitives(Array(source.family.prefix(1)), path, "family").first
    if source.family.count > 1 {
      let familyPath = Self.at(path, "family")
      for index in source.family.indices.dropFirst() {
        conversion.dropped(ModelConversion.join(familyPath, index), "R4 has one family name")
      }
      // The `_family` list loses its further items (and changes length) when any part has data.
      if source.family.contains(where: { $0.hasElementData }) {
        conversion.dropped(Self.at(path, "_family"), "R4 has one family name")
      }
    }
    target.given = primitives(source.given, path, "given")
    target.prefix = primitives(source.prefix, path, "prefix")
    target.suffix = primitives(source.suffix, path, "suffix")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `ContactPoint` (the same in both releases; R4 added codes to `system` and `use`).
  mutating func contactPoint(_ source: FHIRDSTU2.ContactPoint, _ path: String) -> FHIRR4.ContactPoint {
    var target = FHIRR4.ContactPoint()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.system = primitive(source.system, path, "system")
    target.value = primitive(source.value, path, "value")
    target.use = primitive(source.use, path, "use")
    target.rank = primitive(source.rank, path, "rank")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Address` (the same in both releases).
  mutating func address(_ source: FHIRDSTU2.Address, _ path: String) -> FHIRR4.Address {
    var target = FHIRR4.Address()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.use = primitive(source.use, path, "use")
    target.type = primitive(source.type, path, "type")
    target.text = primitive(source.text, path, "text")
    target.line = primitives(source.line, path, "line")
    target.city = primitive(source.city, path, "city")
    target.district = primitive(source.district, path, "district")
    target.state = primitive(source.state, path, "state")
    target.postalCode = primitive(source.postalCode, path, "postalCode")
    target.country = primitive(source.country, path, "country")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Period`.
  mutating func period(_ source: FHIRDSTU2.Period, _ path: String) -> FHIRR4.Period {
    var target = FHIRR4.Period()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.start = primitive(source.start, path, "start")
    target.end = primitive(source.end, path, "end")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// An optional `Period` at `path.key`.
  mutating func period(_ source: FHIRDSTU2.Period?, _ path: String, _ key: String) -> FHIRR4.Period? {
    one(source, path, key) { $0.period($1, $2) }
  }

  /// `Quantity` (and its profiles: SimpleQuantity, Duration, Age, …): `system` in R4
  /// spelling when there is a `code`.
  mutating func quantity(_ source: FHIRDSTU2.Quantity, _ path: String) -> FHIRR4.Quantity {
    var target = FHIRR4.Quantity()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.value = primitive(source.value, path, "value")
    target.comparator = primitive(source.comparator, path, "comparator")
    target.unit = primitive(source.unit, path, "unit")
    target.system = systemInR4(primitive(source.system, path, "system"), source.code, nil)
    target.code = primitive(source.code, path, "code")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// An optional `Quantity` at `path.key`.
  mutating func quantity(_ source: FHIRDSTU2.Quantity?, _ path: String, _ key: String) -> FHIRR4.Quantity? {
    one(source, path, key) { $0.quantity($1, $2) }
  }

  /// `Range`.
  mutating func range(_ source: FHIRDSTU2.Range, _ path: String) -> FHIRR4.Range {
    var target = FHIRR4.Range()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.low = quantity(source.low, path, "low")
    target.high = quantity(source.high, path, "high")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Ratio`.
  mutating func ratio(_ source: FHIRDSTU2.Ratio, _ path: String) -> FHIRR4.Ratio {
    var target = FHIRR4.Ratio()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.numerator = quantity(source.numerator, path, "numerator")
    target.denominator = quantity(source.denominator, path, "denominator")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Attachment` (the same in both releases).
  mutating func attachment(_ source: FHIRDSTU2.Attachment, _ path: String) -> FHIRR4.Attachment {
    var target = FHIRR4.Attachment()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.contentType = primitive(source.contentType, path, "contentType")
    target.language = primitive(source.language, path, "language")
    target.data = primitive(source.data, path, "data")
    target.url = primitive(source.url, path, "url")
    target.size = primitive(source.size, path, "size")
    target.hash = primitive(source.hash, path, "hash")
    target.title = primitive(source.title, path, "title")
    target.creation = primitive(source.creation, path, "creation")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Annotation`: `text` is a string in DSTU2, markdown in R4.
  mutating func annotation(_ source: FHIRDSTU2.Annotation, _ path: String) -> FHIRR4.Annotation {
    var target = FHIRR4.Annotation()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    switch source.author {
    case .reference(let author)?: target.author = .reference(reference(author, Self.at(path, "authorReference")))
    case .string(let author)?: target.author = .string(primitive(author, path, "authorString") ?? author)
    case nil: break
    }
    target.time = primitive(source.time, path, "time")
    target.text = text(source.text, path, "text", as: FHIRMarkdown.self)
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Narrative`.
  mutating func narrative(_ source: FHIRDSTU2.Narrative, _ path: String) -> FHIRR4.Narrative {
    var target = FHIRR4.Narrative()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.status = primitive(source.status, path, "status")
    target.div = primitive(source.div, path, "div")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Meta` (R4 added `source`).
  mutating func meta(_ source: FHIRDSTU2.Meta, _ path: String) -> FHIRR4.Meta {
    var target = FHIRR4.Meta()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.versionId = primitive(source.versionId, path, "versionId")
    target.lastUpdated = primitive(source.lastUpdated, path, "lastUpdated")
    target.profile = primitives(source.profile, path, "profile")
    target.security = each(source.security, path, "security") { $0.coding($1, $2) }
    target.tag = each(source.tag, path, "tag") { $0.coding($1, $2) }
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `SampledData` (the same in both releases).
  mutating func sampledData(_ source: FHIRDSTU2.SampledData, _ path: String) -> FHIRR4.SampledData {
    var target = FHIRR4.SampledData()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.origin = quantity(source.origin, path, "origin")
    target.period = primitive(source.period, path, "period")
    target.factor = primitive(source.factor, path, "factor")
    target.lowerLimit = primitive(source.lowerLimit, path, "lowerLimit")
    target.upperLimit = primitive(source.upperLimit, path, "upperLimit")
    target.dimensions = primitive(source.dimensions, path, "dimensions")
    target.data = primitive(source.data, path, "data")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
