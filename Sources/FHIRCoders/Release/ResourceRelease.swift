import FHIRCore

/// What every resource's release adapter has: the release's model of the resource, and the
/// elements all resources share, read and written the same way in both releases.
protocol ResourceRelease: SendableMetatype {
  associatedtype Resource: ResourceModel
  /// `"R4"` or `"DSTU2"`.
  static var release: String { get }
}

extension ResourceRelease {
  static func id(_ r: Resource) -> String? { r.id?.string }
  static func setID(_ id: String, in r: inout Resource) { r.id = Primitive(FHIRID(uncheckedString: id)) }
  static func versionID(_ r: Resource) -> String? { r.versionID }
  static func lastUpdated(_ r: Resource) -> FHIRInstant? { r.lastUpdated }
  static func extensions(_ r: Resource) -> [Extension] { r.extension }
  static func append(_ extensions: [Extension], to r: inout Resource) { r.extension += extensions }
}
