import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `Bundle` → DSTU2: entries convert one by one (each `entry.resource` by its own
/// rules); `signature` (a different datatype), `entry.response.outcome` and — since a
/// DSTU2 Bundle is a plain Resource without `extension` — `identifier` and `timestamp`
/// are dropped.
extension R4ToDSTU2 {
  mutating func bundle(_ source: FHIRR4.Bundle, _ path: String) -> FHIRDSTU2.Bundle {
    var target = FHIRDSTU2.Bundle(type: keep(source.type, path, "type"))
    target.id = source.id
    target.meta = source.meta.map { meta($0, Self.join(path, "meta")) }
    target.implicitRules = keep(source.implicitRules, path, "implicitRules")
    target.language = keep(source.language, path, "language")
    let (identifier, timestamp, signature) =
      (BundleMemberDropped.identifier, BundleMemberDropped.timestamp, BundleMemberDropped.signature)
    conversion.drop(source.identifier, Self.join(path, identifier.member), identifier.reason)
    conversion.drop(source.timestamp, Self.join(path, timestamp.member), timestamp.reason)
    conversion.drop(source.signature, Self.join(path, signature.member), signature.reason)
    target.total = keep(source.total, path, "total")
    target.link = source.link.enumerated().map { link($1, Self.join(path, "link", $0)) }
    target.entry = source.entry.enumerated().map { entry($1, Self.join(path, "entry", $0)) }
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func link(_ source: FHIRR4.Bundle.Link, _ path: String) -> FHIRDSTU2.Bundle.Link {
    var target = FHIRDSTU2.Bundle.Link(
      relation: keep(source.relation, path, "relation"), url: keep(source.url, path, "url"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func entry(_ source: FHIRR4.Bundle.Entry, _ path: String) -> FHIRDSTU2.Bundle.Entry {
    var target = FHIRDSTU2.Bundle.Entry(fullUrl: keep(source.fullUrl, path, "fullUrl"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.link = source.link.enumerated().map { link($1, Self.join(path, "link", $0)) }
    target.resource = source.resource.map { resource($0, path: Self.join(path, "resource")) }
    target.search = source.search.map { search($0, Self.join(path, "search")) }
    target.request = source.request.map { request($0, Self.join(path, "request")) }
    target.response = source.response.map { response($0, Self.join(path, "response")) }
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func search(_ source: FHIRR4.Bundle.Search, _ path: String) -> FHIRDSTU2.Bundle.Entry.Search {
    var target = FHIRDSTU2.Bundle.Entry.Search(mode: keep(source.mode, path, "mode"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.score = keep(source.score, path, "score")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func request(_ source: FHIRR4.Bundle.Request, _ path: String) -> FHIRDSTU2.Bundle.Entry.Request {
    var target = FHIRDSTU2.Bundle.Entry.Request(
      method: keep(source.method, path, "method"), url: keep(source.url, path, "url"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.ifNoneMatch = keep(source.ifNoneMatch, path, "ifNoneMatch")
    target.ifModifiedSince = keep(source.ifModifiedSince, path, "ifModifiedSince")
    target.ifMatch = keep(source.ifMatch, path, "ifMatch")
    target.ifNoneExist = keep(source.ifNoneExist, path, "ifNoneExist")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// A response: `outcome` (an R4 addition) is dropped.
  mutating func response(_ source: FHIRR4.Bundle.Response, _ path: String) -> FHIRDSTU2.Bundle.Entry.Response {
    var target = FHIRDSTU2.Bundle.Entry.Response(status: keep(source.status, path, "status"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.location = keep(source.location, path, "location")
    target.etag = keep(source.etag, path, "etag")
    target.lastModified = keep(source.lastModified, path, "lastModified")
    conversion.drop(source.outcome, Self.join(path, "outcome"), "no home in DSTU2")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
