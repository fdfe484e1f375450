import CareModel
import CareStore
import Foundation

/// A reader that hands every read to ``baseReader``: a test's wrapper of a real store implements
/// only the reads it watches or breaks.
protocol ForwardingReader: StoreReader {
  var baseReader: any StoreReader { get }
}

extension ForwardingReader {
  func heads(_ kind: EntityKind, ids: [String]) throws -> [String: VersionHead] { try baseReader.heads(kind, ids: ids) }
  func heads(_ kind: EntityKind, roots: [UUID]) throws -> [UUID: VersionHead] { try baseReader.heads(kind, roots: roots) }
  func versions(_ kind: EntityKind, _ filter: VersionFilter) throws -> [StoredVersion] {
    try baseReader.versions(kind, filter)
  }
  func entityIDs(_ kind: EntityKind) throws -> [String] { try baseReader.entityIDs(kind) }
  func sources(of uuids: [UUID]) throws -> [UUID: [SourceReference]] { try baseReader.sources(of: uuids) }
  func versions(fromResource type: String, id: String) throws -> [(kind: EntityKind, uuid: UUID)] {
    try baseReader.versions(fromResource: type, id: id)
  }
  func occupiedSlots(_ slots: [OccurrenceSlot]) throws -> [OccurrenceSlot: String] { try baseReader.occupiedSlots(slots) }
  func rowCounts() throws -> [String: Int] { try baseReader.rowCounts() }
  func changes(from position: Int64, before horizon: Int64) throws -> [StoreChange] {
    try baseReader.changes(from: position, before: horizon)
  }
  func changeHorizon() throws -> Int64 { try baseReader.changeHorizon() }
  func syncProcess() throws -> UUID { try baseReader.syncProcess() }
  func syncClocks() throws -> [UUID: Int64] { try baseReader.syncClocks() }
}
