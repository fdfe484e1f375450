public import CareModel
public import FHIRCore
import Foundation

/// The entity fields FHIR has no element for, kept as extensions with URLs under ``base`` so
/// that entity → FHIR → entity is exact. These extensions count as mapped in reports.
public enum CareExtensions {
  /// The URL prefix of FHIRKit's care extensions.
  public static let base = "http://fhirkit.dev/StructureDefinition/care-"

  /// Whether an extension is one of FHIRKit's care extensions.
  public static func isCare(_ e: Extension) -> Bool {
    guard let url = e.url?.string else { return false }
    return matches(url, field: nil)
  }

  /// Whether any of `extensions` is a care extension (``isCare(_:)``), each URL read in place
  /// (`contains(where:)` hands each extension to its closure as a copy).
  static func containsCare(_ extensions: [Extension]) -> Bool {
    for index in extensions.indices {
      if let url = extensions[index].url?.string, matches(url, field: nil) { return true }
    }
    return false
  }

  /// The value strings of the care extensions named `field`.
  static func strings(_ extensions: [Extension], _ field: String) -> [String] {
    guard !extensions.isEmpty else { return [] }
    var list: [String] = []
    for index in extensions.indices {
      guard let url = extensions[index].url?.string, matches(url, field: field) else { continue }
      switch extensions[index].value {
      case .string(let p): if let s = p.string { list.append(s) }
      case .uuid(let p), .uri(let p): if let s = p.string { list.append(s) }
      case .dateTime(let p): if let s = p.string { list.append(s) }
      case .code(let p): if let s = p.string { list.append(s) }
      default: break
      }
    }
    return list
  }

  /// Whether `url` is ``base`` + `field`, or (`field` `nil`) starts with ``base``, as `==` and
  /// `hasPrefix` compare. With a field, the bytes decide without building `base + field`: a text
  /// canonically equivalent to an ASCII one without `K`, `;` and `` ` `` (which have non-ASCII
  /// singleton equivalents) is that text byte for byte, and the field names this file uses
  /// are such ASCII names.
  static func matches(_ url: String, field: String?) -> Bool {
    guard let field else { return url.hasPrefix(base) }
    let baseCount = base.utf8.count
    return url.utf8.count == baseCount + field.utf8.count && url.utf8.starts(with: base.utf8)
      && url.utf8.dropFirst(baseCount).elementsEqual(field.utf8)
  }

  static func string(_ field: String, _ value: String) -> Extension {
    Extension(url: FHIRURI(uncheckedString: base + field), value: .string(Primitive(FHIRString(uncheckedString: value))))
  }

  static func date(_ field: String, _ value: Date) -> Extension {
    Extension(url: FHIRURI(uncheckedString: base + field), value: .dateTime(FHIRDates.dateTime(value, zone: FHIRDates.utc)))
  }

  static func parseDate(_ text: String) -> Date? {
    FHIRDates.point(Primitive(FHIRDateTime(uncheckedString: text)), zone: FHIRDates.utc)?.date
  }

  /// Reads the common fields from care extensions into `entity` (`id` only from a `care-id`
  /// extension, written when the care id is no valid FHIR id, see ``ResourceIDMapping``); fields
  /// without an extension keep the values the coder set.
  public static func readVersionFields<E: CareEntity>(_ extensions: [Extension], into entity: inout E) {
    guard containsCare(extensions) else { return }
    if let id = strings(extensions, "id").first { entity.id = id }
    if let s = strings(extensions, "uuid").first, let u = UUID(uuidString: String(s.dropFirst(9))) { entity.uuid = u }
    if let s = strings(extensions, "effectiveDate").first, let d = parseDate(s) { entity.effectiveDate = d }
    if let s = strings(extensions, "createdDate").first { entity.createdDate = parseDate(s) }
    if let s = strings(extensions, "updatedDate").first { entity.updatedDate = parseDate(s) }
    if let s = strings(extensions, "deletedDate").first { entity.deletedDate = parseDate(s) }
    let previous = strings(extensions, "previousVersionUUID").compactMap { UUID(uuidString: String($0.dropFirst(9))) }
    if !previous.isEmpty { entity.previousVersionUUIDs = previous }
    entity.groupIdentifier = strings(extensions, "groupIdentifier").first ?? entity.groupIdentifier
    let tags = strings(extensions, "tag")
    if !tags.isEmpty { entity.tags = tags }
    entity.remoteID = strings(extensions, "remoteID").first ?? entity.remoteID
    entity.source = strings(extensions, "source").first ?? entity.source
    if let zone = strings(extensions, "timezone").first.flatMap(TimeZone.init(identifier:)) { entity.timezone = zone }
    var info: [String: String] = [:]
    var notes: [Note] = []
    for e in extensions {
      guard let url = e.url?.string else { continue }
      if matches(url, field: "userInfo") {
        if let key = strings(e.extension, "key").first, let value = strings(e.extension, "value").first {
          info[key] = value
        }
      } else if matches(url, field: "note") {
        notes.append(Note(
          author: strings(e.extension, "author").first, title: strings(e.extension, "title").first,
          content: strings(e.extension, "content").first,
          createdDate: strings(e.extension, "createdDate").first.flatMap(parseDate)))
      }
    }
    if !info.isEmpty { entity.userInfo = info }
    if !notes.isEmpty { entity.notes = notes }
  }

  /// The care extensions for the common fields (all but `id`) of `entity`.
  public static func versionExtensions<E: CareEntity>(_ entity: E) -> [Extension] {
    var list: [Extension] = []
    func uuid(_ field: String, _ u: UUID) -> Extension {
      Extension(
        url: FHIRURI(uncheckedString: base + field),
        value: .uuid(Primitive(FHIRURI(uncheckedString: "urn:uuid:" + u.uuidString.lowercased()))))
    }
    list.append(uuid("uuid", entity.uuid))
    list.append(date("effectiveDate", entity.effectiveDate))
    if let d = entity.createdDate { list.append(date("createdDate", d)) }
    if let d = entity.updatedDate { list.append(date("updatedDate", d)) }
    if let d = entity.deletedDate { list.append(date("deletedDate", d)) }
    list += entity.previousVersionUUIDs.map { uuid("previousVersionUUID", $0) }
    if let g = entity.groupIdentifier { list.append(string("groupIdentifier", g)) }
    list += (entity.tags ?? []).map { string("tag", $0) }
    if let r = entity.remoteID { list.append(string("remoteID", r)) }
    if let s = entity.source { list.append(string("source", s)) }
    list.append(string("timezone", entity.timezone.identifier))
    for (key, value) in (entity.userInfo ?? [:]).sorted(by: { $0.key < $1.key }) {
      list.append(Extension(url: FHIRURI(uncheckedString: base + "userInfo"), extension: [string("key", key), string("value", value)]))
    }
    for note in entity.notes ?? [] {
      var parts: [Extension] = []
      if let a = note.author { parts.append(string("author", a)) }
      if let t = note.title { parts.append(string("title", t)) }
      if let c = note.content { parts.append(string("content", c)) }
      if let d = note.createdDate { parts.append(date("createdDate", d)) }
      list.append(Extension(url: FHIRURI(uncheckedString: base + "note"), extension: parts))
    }
    return list
  }
}
