public import Foundation

/// The fields every versioned care entity shares, named as in CareKitStore's
/// `OCKVersionedObjectCompatible` and `OCKObjectCompatible`.
public protocol CareEntity: Codable, Hashable, Sendable {
  /// A user-defined identifier, shared by all versions of the entity.
  var id: String { get set }
  /// The identity of this version.
  var uuid: UUID { get set }
  /// When this version takes effect.
  var effectiveDate: Date { get set }
  /// When the entity was first created.
  var createdDate: Date? { get set }
  /// When this version was last updated.
  var updatedDate: Date? { get set }
  /// When the entity was deleted (a tombstone), if it was.
  var deletedDate: Date? { get set }
  /// The versions this one replaces.
  var previousVersionUUIDs: [UUID] { get set }
  /// A user-defined grouping.
  var groupIdentifier: String? { get set }
  /// Free-form tags.
  var tags: [String]? { get set }
  /// The entity's identifier on a remote server.
  var remoteID: String? { get set }
  /// Where the entity came from.
  var source: String? { get set }
  /// Free-form key/value pairs.
  var userInfo: [String: String]? { get set }
  /// The time zone the entity was created in.
  var timezone: TimeZone { get set }
  /// Notes attached to the entity.
  var notes: [Note]? { get set }
}
