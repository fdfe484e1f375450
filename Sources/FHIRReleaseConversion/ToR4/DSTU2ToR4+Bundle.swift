import FHIRCore
import FHIRDSTU2
import FHIRR4

/// `Bundle`, DSTU2 → R4: entries convert one by one (`fullUrl`, `link`, `search`,
/// `request` and `response` kept); `signature` (a different datatype in R4) is dropped.
extension DSTU2ToR4 {
  /// Converts a DSTU2 `Bundle` at `path`.
  mutating func bundle(_ source: FHIRDSTU2.Bundle, _ path: String) -> FHIRR4.Bundle {
    var target = FHIRR4.Bundle()
    target.id = primitive(source.id, path, "id")
    target.meta = one(source.meta, path, "meta") { $0.meta($1, $2) }
    target.implicitRules = primitive(source.implicitRules, path, "implicitRules")
    target.language = primitive(source.language, path, "language")
    target.type = primitive(source.type, path, "type")
    target.total = primitive(source.total, path, "total")
    target.link = each(source.link, path, "link") { $0.bundleLink($1, $2) }
    target.entry = each(source.entry, path, "entry") { $0.entry($1, $2) }
    let signature = BundleMemberDropped.signature
    conversion.drop(source.signature, Self.at(path, signature.member), signature.reason)
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Bundle.link` (and `Bundle.entry.link`).
  mutating func bundleLink(_ source: FHIRDSTU2.Bundle.Link, _ path: String) -> FHIRR4.Bundle.Link {
    var target = FHIRR4.Bundle.Link()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.relation = primitive(source.relation, path, "relation")
    target.url = primitive(source.url, path, "url")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Bundle.entry`: its resource converted at `entry[i].resource`.
  mutating func entry(_ source: FHIRDSTU2.Bundle.Entry, _ path: String) -> FHIRR4.Bundle.Entry {
    var target = FHIRR4.Bundle.Entry()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.link = each(source.link, path, "link") { $0.bundleLink($1, $2) }
    target.fullUrl = primitive(source.fullUrl, path, "fullUrl")
    target.resource = source.resource.map { resource($0, path: Self.at(path, "resource")) }
    target.search = one(source.search, path, "search") { $0.search($1, $2) }
    target.request = one(source.request, path, "request") { $0.request($1, $2) }
    target.response = one(source.response, path, "response") { $0.response($1, $2) }
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Bundle.entry.search`.
  mutating func search(_ source: FHIRDSTU2.Bundle.Entry.Search, _ path: String) -> FHIRR4.Bundle.Search {
    var target = FHIRR4.Bundle.Search()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.mode = primitive(source.mode, path, "mode")
    target.score = primitive(source.score, path, "score")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Bundle.entry.request`.
  mutating func request(_ source: FHIRDSTU2.Bundle.Entry.Request, _ path: String) -> FHIRR4.Bundle.Request {
    var target = FHIRR4.Bundle.Request()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.method = primitive(source.method, path, "method")
    target.url = primitive(source.url, path, "url")
    target.ifNoneMatch = primitive(source.ifNoneMatch, path, "ifNoneMatch")
    target.ifModifiedSince = primitive(source.ifModifiedSince, path, "ifModifiedSince")
    target.ifMatch = primitive(source.ifMatch, path, "ifMatch")
    target.ifNoneExist = primitive(source.ifNoneExist, path, "ifNoneExist")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Bundle.entry.response`.
  mutating func response(_ source: FHIRDSTU2.Bundle.Entry.Response, _ path: String) -> FHIRR4.Bundle.Response {
    var target = FHIRR4.Bundle.Response()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.status = primitive(source.status, path, "status")
    target.location = primitive(source.location, path, "location")
    target.etag = primitive(source.etag, path, "etag")
    target.lastModified = primitive(source.lastModified, path, "lastModified")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
