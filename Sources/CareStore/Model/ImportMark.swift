public import Foundation

/// What a finished import leaves in the store so that the same import, run again, can be told
/// apart from one that would change something: a fingerprint of everything that decides the
/// entities it writes (the inputs' bytes, the options, the program) and the store's
/// ``StoreReader/changeHorizon()`` right after the import.
///
/// While the horizon has not moved, no version has been written since, by anyone: importing
/// inputs with the same fingerprint again would write nothing (imports are idempotent), so it
/// can be skipped. The fingerprint is the importer's to compute; the store keeps it as it is.
/// See ``CareImporter/standingImportMark()``.
public struct ImportMark: Sendable, Equatable, Codable {
  /// A digest of everything that decides the import's entities.
  public var fingerprint: String
  /// A digest of what can be known without reading the inputs (their names and sizes, the
  /// options, the program), which the fingerprint covers too: when it differs, so does the
  /// fingerprint, and the inputs need not be read to tell.
  public var quickKey: String
  /// The store's change horizon right after the import (set by
  /// ``CareImporter/leaveImportMark(_:startedAt:summary:)``).
  public var horizon: Int64
  /// When the import ended.
  public var date: Date
  /// Resources the import read.
  public var resourcesRead: Int
  /// The entities it stored or found stored, per kind (``EntityKind/rawValue``).
  public var entities: [String: Int]

  /// A mark, its horizon to be set when it is left.
  public init(fingerprint: String, quickKey: String, date: Date, resourcesRead: Int, entities: [String: Int]) {
    self.fingerprint = fingerprint
    self.quickKey = quickKey
    self.horizon = 0
    self.date = date
    self.resourcesRead = resourcesRead
    self.entities = entities
  }
}
