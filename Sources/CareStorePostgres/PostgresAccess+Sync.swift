import CareStore
import Foundation
import PostgresNIO

/// Sync positions and clocks. Many transactions write at once here, and a row numbered by a
/// sequence can become visible after rows with higher numbers, so a version's position is the id
/// of the transaction that wrote it (`change_xid`), and the horizon is the oldest transaction the
/// reading snapshot still sees running — leaving out those known to run in another database of
/// the cluster, and autovacuum's (an automatic `ANALYZE` takes a transaction id), which never
/// write here: a store's own autovacuum held every change after it back from the devices while
/// it ran. Every transaction below the horizon had ended when the snapshot was taken: what it
/// wrote is visible for good, or was rolled back.
extension PostgresAccess {
  func changes(from position: Int64, before horizon: Int64) throws -> [StoreChange] {
    guard position < horizon else { return [] }
    var binds = PostgresBindings()
    binds.append(position)
    binds.append(horizon)
    let rows = try connection.query(
      """
      SELECT change_xid::text::bigint, kind, uuid FROM versions
      WHERE change_xid >= $1::bigint::text::xid8 AND change_xid < $2::bigint::text::xid8
      ORDER BY change_xid, kind, uuid
      """, binds, operation: "reading changes", table: "versions")
    return try rows.compactMap { row in
      let (position, kind, uuid) = try row.decode((Int64, String, UUID).self)
      return EntityKind(rawValue: kind).map { StoreChange(position: position, kind: $0, uuid: uuid) }
    }
  }

  func changeHorizon() throws -> Int64 {
    // `backend_xid` is a 32-bit xid; the snapshot's are 64-bit (epoch above): compare the low bits.
    let rows = try connection.query(
      """
      WITH s AS (SELECT pg_current_snapshot() AS snap),
      elsewhere AS (
        SELECT backend_xid::text::bigint AS xid FROM pg_stat_activity
        WHERE backend_xid IS NOT NULL
          AND (datname IS DISTINCT FROM current_database() OR backend_type = 'autovacuum worker')
      )
      SELECT LEAST(
        pg_snapshot_xmax(snap)::text::bigint,
        (SELECT min(x::text::bigint) FROM pg_snapshot_xip(snap) AS x
         WHERE x::text::bigint % 4294967296 NOT IN (SELECT xid FROM elsewhere)))
      FROM s
      """, operation: "reading the change horizon", table: nil)
    return try rows.first?.decode(Int64.self) ?? 0
  }

  func syncProcess() throws -> UUID {
    let rows = try connection.query(
      "SELECT uuid FROM sync_process", operation: "reading the sync process", table: "sync_process")
    guard let uuid = try rows.first?.decode(UUID.self) else {
      throw PostgresFailure(operation: "reading the sync process", table: "sync_process", underlying: MissingRow())
    }
    return uuid
  }

  func syncClocks() throws -> [UUID: Int64] {
    let rows = try connection.query(
      "SELECT process, clock FROM sync_clock", operation: "reading sync clocks", table: "sync_clock")
    var clocks: [UUID: Int64] = [:]
    for row in rows {
      let (process, clock) = try row.decode((UUID, Int64).self)
      clocks[process] = clock
    }
    return clocks
  }

  func mergeSyncClocks(_ clocks: [UUID: Int64]) throws {
    guard !clocks.isEmpty else { return }
    let sorted = clocks.sorted { $0.key.uuidString < $1.key.uuidString }
    var binds = PostgresBindings()
    binds.append(sorted.map(\.key))
    binds.append(sorted.map(\.value))
    try connection.query(
      """
      INSERT INTO sync_clock (process, clock) SELECT * FROM unnest($1::uuid[], $2::bigint[])
      ON CONFLICT (process) DO UPDATE SET clock = GREATEST(sync_clock.clock, EXCLUDED.clock)
      """, binds, operation: "merging sync clocks", table: "sync_clock")
  }
}
