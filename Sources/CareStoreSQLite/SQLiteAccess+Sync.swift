import CareStore
import Foundation
import GRDB

/// Sync positions and clocks. A version's position is its `versions` row id: SQLite has one
/// writer at a time and never reuses the id of a row it keeps, so row ids are the order in which
/// versions became visible.
extension SQLiteAccess {
  func changes(from position: Int64, before horizon: Int64) throws -> [StoreChange] {
    let rows = try Row.fetchAll(
      db, sql: "SELECT rowid, kind, uuid FROM versions WHERE rowid >= ? AND rowid < ? ORDER BY rowid",
      arguments: [position, horizon])
    return try rows.compactMap { row in
      guard let kind = EntityKind(rawValue: row[1]) else { return nil }
      return StoreChange(position: row[0], kind: kind, uuid: try uuid(row[2]))
    }
  }

  func changeHorizon() throws -> Int64 {
    (try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM versions") ?? 0) + 1
  }

  func syncProcess() throws -> UUID {
    guard let text = try String.fetchOne(db, sql: "SELECT uuid FROM sync_process") else {
      throw StoreError(.corrupt, store: store, operation: "reading the sync process", detail: "it is missing")
    }
    return try uuid(text)
  }

  func syncClocks() throws -> [UUID: Int64] {
    var clocks: [UUID: Int64] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT process, clock FROM sync_clock") {
      clocks[try uuid(row[0])] = row[1]
    }
    return clocks
  }

  func mergeSyncClocks(_ clocks: [UUID: Int64]) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO sync_clock (process, clock) VALUES (?, ?)
        ON CONFLICT (process) DO UPDATE SET clock = max(clock, excluded.clock)
        """)
    for (process, clock) in clocks.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
      try statement.execute(arguments: [process.uuidString, clock])
    }
  }
}
