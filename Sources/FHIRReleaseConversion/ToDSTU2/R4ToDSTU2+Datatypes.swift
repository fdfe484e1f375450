import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The general-purpose datatypes, R4 → DSTU2. Most are the same in both releases; code
/// systems move back from `terminology.hl7.org`, `HumanName.family` becomes a list,
/// `Annotation.text` a string, and `Meta.source` (new in R4) is dropped.
extension R4ToDSTU2 {
  /// A Coding; its `system` in DSTU2 spelling when it has a code or display.
  mutating func coding(_ source: FHIRR4.Coding, _ path: String) -> FHIRDSTU2.Coding {
    let coded = source.code?.value != nil || source.display?.value != nil
    var target = FHIRDSTU2.Coding(
      system: coded ? conversion.system(source.system) : source.system, code: keep(source.code, path, "code"),
      display: keep(source.display, path, "display"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.version = keep(source.version, path, "version")
    target.userSelected = keep(source.userSelected, path, "userSelected")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func codings(_ source: [FHIRR4.Coding], _ path: String, _ key: String) -> [FHIRDSTU2.Coding] {
    source.enumerated().map { coding($1, Self.join(path, key, $0)) }
  }

  mutating func codeableConcept(_ source: FHIRR4.CodeableConcept, _ path: String) -> FHIRDSTU2.CodeableConcept {
    var target = FHIRDSTU2.CodeableConcept(
      coding: codings(source.coding, path, "coding"), text: keep(source.text, path, "text"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// The optional CodeableConcept `key` of the element at `path`.
  mutating func codeableConcept(_ source: FHIRR4.CodeableConcept?, _ path: String, _ key: String) -> FHIRDSTU2
    .CodeableConcept?
  {
    source.map { codeableConcept($0, Self.join(path, key)) }
  }

  /// The CodeableConcept list `key` of the element at `path`.
  mutating func codeableConcepts(_ source: [FHIRR4.CodeableConcept], _ path: String, _ key: String) -> [FHIRDSTU2
    .CodeableConcept]
  {
    source.enumerated().map { codeableConcept($1, Self.join(path, key, $0)) }
  }

  mutating func identifier(_ source: FHIRR4.Identifier, _ path: String) -> FHIRDSTU2.Identifier {
    var target = FHIRDSTU2.Identifier(
      system: keep(source.system, path, "system"), value: keep(source.value, path, "value"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.use = keep(source.use, path, "use")
    target.type = codeableConcept(source.type, path, "type")
    target.period = period(source.period, path, "period")
    target.assigner = reference(source.assigner, path, "assigner")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func identifiers(_ source: [FHIRR4.Identifier], _ path: String, _ key: String) -> [FHIRDSTU2.Identifier] {
    source.enumerated().map { identifier($1, Self.join(path, key, $0)) }
  }

  /// A HumanName: R4's one `family` string becomes DSTU2's one-part list.
  mutating func humanName(_ source: FHIRR4.HumanName, _ path: String) -> FHIRDSTU2.HumanName {
    var target = FHIRDSTU2.HumanName(family: source.family.map { [$0] } ?? [], given: keep(source.given, path, "given"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.use = keep(source.use, path, "use")
    target.text = keep(source.text, path, "text")
    target.prefix = keep(source.prefix, path, "prefix")
    target.suffix = keep(source.suffix, path, "suffix")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func contactPoint(_ source: FHIRR4.ContactPoint, _ path: String) -> FHIRDSTU2.ContactPoint {
    var target = FHIRDSTU2.ContactPoint(
      system: keep(source.system, path, "system"), value: keep(source.value, path, "value"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.use = keep(source.use, path, "use")
    target.rank = keep(source.rank, path, "rank")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func contactPoints(_ source: [FHIRR4.ContactPoint], _ path: String, _ key: String) -> [FHIRDSTU2
    .ContactPoint]
  {
    source.enumerated().map { contactPoint($1, Self.join(path, key, $0)) }
  }

  mutating func address(_ source: FHIRR4.Address, _ path: String) -> FHIRDSTU2.Address {
    var target = FHIRDSTU2.Address()
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.use = keep(source.use, path, "use")
    target.type = keep(source.type, path, "type")
    target.text = keep(source.text, path, "text")
    target.line = keep(source.line, path, "line")
    target.city = keep(source.city, path, "city")
    target.district = keep(source.district, path, "district")
    target.state = keep(source.state, path, "state")
    target.postalCode = keep(source.postalCode, path, "postalCode")
    target.country = keep(source.country, path, "country")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// The optional Period `key` of the element at `path`.
  mutating func period(_ source: FHIRR4.Period?, _ path: String, _ key: String) -> FHIRDSTU2.Period? {
    source.map { period($0, Self.join(path, key)) }
  }

  mutating func period(_ source: FHIRR4.Period, _ path: String) -> FHIRDSTU2.Period {
    var target = FHIRDSTU2.Period(start: keep(source.start, path, "start"), end: keep(source.end, path, "end"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// A Quantity (and its profiles: Duration, SimpleQuantity…); its `system` in DSTU2
  /// spelling when it has a code.
  mutating func quantity(_ source: FHIRR4.Quantity, _ path: String) -> FHIRDSTU2.Quantity {
    var target = FHIRDSTU2.Quantity(value: keep(source.value, path, "value"), unit: keep(source.unit, path, "unit"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.comparator = keep(source.comparator, path, "comparator")
    target.system = source.code?.value != nil ? conversion.system(source.system) : source.system
    target.code = keep(source.code, path, "code")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// The optional Quantity `key` of the element at `path`.
  mutating func quantity(_ source: FHIRR4.Quantity?, _ path: String, _ key: String) -> FHIRDSTU2.Quantity? {
    source.map { quantity($0, Self.join(path, key)) }
  }

  mutating func range(_ source: FHIRR4.Range, _ path: String) -> FHIRDSTU2.Range {
    var target = FHIRDSTU2.Range(low: quantity(source.low, path, "low"), high: quantity(source.high, path, "high"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func ratio(_ source: FHIRR4.Ratio, _ path: String) -> FHIRDSTU2.Ratio {
    var target = FHIRDSTU2.Ratio(
      numerator: quantity(source.numerator, path, "numerator"),
      denominator: quantity(source.denominator, path, "denominator"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func attachment(_ source: FHIRR4.Attachment, _ path: String) -> FHIRDSTU2.Attachment {
    var target = FHIRDSTU2.Attachment()
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.contentType = keep(source.contentType, path, "contentType")
    target.language = keep(source.language, path, "language")
    target.data = keep(source.data, path, "data")
    target.url = keep(source.url, path, "url")
    target.size = keep(source.size, path, "size")
    target.hash = keep(source.hash, path, "hash")
    target.title = keep(source.title, path, "title")
    target.creation = keep(source.creation, path, "creation")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// An Annotation: the same in both releases, `text` markdown in R4 and string in DSTU2.
  mutating func annotation(_ source: FHIRR4.Annotation, _ path: String) -> FHIRDSTU2.Annotation {
    var target = FHIRDSTU2.Annotation(text: keep(Self.retype(source.text)))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    switch source.author {
    case .reference(let author)?: target.author = .reference(reference(author, Self.join(path, "authorReference")))
    case .string(let author)?: target.author = .string(author)
    case nil: break
    }
    target.time = keep(source.time, path, "time")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func annotations(_ source: [FHIRR4.Annotation], _ path: String, _ key: String) -> [FHIRDSTU2.Annotation] {
    source.enumerated().map { annotation($1, Self.join(path, key, $0)) }
  }

  mutating func narrative(_ source: FHIRR4.Narrative, _ path: String) -> FHIRDSTU2.Narrative {
    var target = FHIRDSTU2.Narrative(status: keep(source.status, path, "status"), div: keep(source.div, path, "div"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// Meta: `source` (new in R4) has no DSTU2 home and is dropped.
  mutating func meta(_ source: FHIRR4.Meta, _ path: String) -> FHIRDSTU2.Meta {
    var target = FHIRDSTU2.Meta()
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.versionId = keep(source.versionId, path, "versionId")
    target.lastUpdated = keep(source.lastUpdated, path, "lastUpdated")
    conversion.drop(source.source, Self.join(path, "source"), "no home in DSTU2")
    target.profile = keep(source.profile, path, "profile")
    target.security = codings(source.security, path, "security")
    target.tag = codings(source.tag, path, "tag")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func sampledData(_ source: FHIRR4.SampledData, _ path: String) -> FHIRDSTU2.SampledData {
    var target = FHIRDSTU2.SampledData()
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.origin = quantity(source.origin, path, "origin")
    target.period = keep(source.period, path, "period")
    target.factor = keep(source.factor, path, "factor")
    target.lowerLimit = keep(source.lowerLimit, path, "lowerLimit")
    target.upperLimit = keep(source.upperLimit, path, "upperLimit")
    target.dimensions = keep(source.dimensions, path, "dimensions")
    target.data = keep(source.data, path, "data")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
