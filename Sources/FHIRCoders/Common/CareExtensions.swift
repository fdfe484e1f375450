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

  /// The UTF-8 bytes of ``base``.
  private static let baseUTF8 = Array(base.utf8)

  /// Whether `url` is ``base`` + `field`, or (`field` `nil`) starts with ``base``, as `==` and
  /// `hasPrefix` compare, without building `base + field` (`field` is one of the ASCII names
  /// this file uses). The bytes decide: a text canonically equivalent to an ASCII one without
  /// `K`, `;` and `` ` `` (which have non-ASCII singleton equivalents) is that text byte for
  /// byte; only a non-ASCII byte right after a byte-equal prefix (a combining mark joining the
  /// prefix's last character) leaves the decision to `hasPrefix`.
  static func matches(_ url: String, field: String?) -> Bool {
    // A native string's bytes are read where they are (no copy of the string to a `var`).
    let bytewise: Bool?? = url.utf8.withContiguousStorageIfAvailable { matches(utf8: $0, field: field) }
    if let bytewise, let decided = bytewise { return decided }
    if bytewise == nil {
      var url = url
      if let decided = url.withUTF8({ matches(utf8: $0, field: field) }) { return decided }
    }
    return url.hasPrefix(base)
  }

  /// ``matches(_:field:)`` of the URL's UTF-8 bytes; `nil` when only `hasPrefix` can decide.
  private static func matches(utf8 u: UnsafeBufferPointer<UInt8>, field: String?) -> Bool? {
    let b = baseUTF8
    guard u.count >= b.count else { return false }
    for i in 0..<b.count where u[i] != b[i] { return false }
    guard var field else {
      return u.count == b.count || u[b.count] < 0x80 ? true : nil
    }
    return field.withUTF8 { f in
      guard u.count == b.count + f.count else { return false }
      for i in 0..<f.count where u[b.count + i] != f[i] { return false }
      return true
    }
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
