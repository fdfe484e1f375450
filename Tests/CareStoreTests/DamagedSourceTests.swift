import CareStore
import CareStoreFHIR
import CareStorePostgres
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import GRDB
import Testing

/// Part of the shared store suite: a stored source that does not decompress is an error naming
/// its version and resource, and an export from sources goes on past it.
@Suite("Damaged stored sources")
struct DamagedSourceTests {
  /// A store of `kind` holding every fixture, with the stored source of the first outcome
  /// version (by uuid) damaged: its header kept, its Zstandard frame zeroed. Returns the store and
  /// that version's uuid.
  static func damagedStore(_ kind: StoreBackendKind, _ name: String = #function) throws -> (
    backend: any CareStoreBackend, version: UUID
  ) {
    let pick = """
      SELECT p.version_uuid FROM provenance p JOIN versions v ON v.uuid = p.version_uuid
      WHERE v.kind = 'outcome' AND p.source IS NOT NULL ORDER BY p.version_uuid LIMIT 1
      """
    switch kind {
    case .sqlite:
      let path = StoreTestSupport.folder(name) + "/store.sqlite"
      try CareStore(backend: try SQLiteBackend(path: path)).importResult(StoreTestSupport.allResult)
      let queue = try DatabaseQueue(path: path)
      let version = try queue.write { db in
        let uuid = try String.fetchOne(db, sql: pick)!
        try db.execute(
          sql: "UPDATE provenance SET source = CAST(substr(source, 1, 8) || zeroblob(32) AS BLOB) WHERE version_uuid = ?",
          arguments: [uuid])
        return uuid
      }
      try queue.close()
      return (try SQLiteBackend(path: path), UUID(uuidString: version)!)
    case .postgres:
      let cluster = try PostgresTestCluster.shared()
      let database = try cluster.makeDatabase(name)
      let backend = try PostgresBackend(url: cluster.url(database: database))
      try CareStore(backend: backend).importResult(StoreTestSupport.allResult)
      let version = try cluster.psql(pick, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
      _ = try cluster.psql(
        "UPDATE provenance SET source = substring(source FROM 1 FOR 8) || decode(repeat('00', 32), 'hex') "
          + "WHERE version_uuid = '\(version)'", database: database)
      return (backend, UUID(uuidString: version)!)
    }
  }

  @Test("reading the version's sources throws a corrupt-store error naming it and its resource", arguments: StoreBackendKind.allCases)
  func readError(_ kind: StoreBackendKind) throws {
    let (backend, version) = try Self.damagedStore(kind)
    do {
      _ = try backend.read { try $0.sources(of: [version]) }
      Issue.record("a damaged source read back")
    } catch let error as StoreError {
      #expect(error.kind == .corrupt)
      #expect(error.operation.contains("of version \(version.uuidString)"), "\(error)")
      #expect(error.operation.contains("the source Observation/"), "\(error)")
      #expect(error.detail == "its compressed form does not decompress")
    }
  }

  @Test(
    "an export from sources writes that outcome through the coders, reports it, and the rest as from the intact store",
    arguments: StoreBackendKind.allCases)
  func exportGoesOn(_ kind: StoreBackendKind) throws {
    let (backend, version) = try Self.damagedStore(kind)
    let outcome = try backend.read { try $0.versions(.outcome, .all) }.first { $0.uuid == version }!
    var exporter = StoreExporter(store: CareStore(backend: backend))
    exporter.fromSources = true
    var problems: [StoreExporter.SourceProblem] = []
    let items = try exporter.items(.r4, unreadable: { problems.append($0) })
    #expect(problems.map(\.kind) == ["outcome"] && problems.map(\.id) == [outcome.id])
    #expect(problems.first?.reason.contains(version.uuidString) == true)

    // Every other line as the intact store exports it; the outcome's as the coders write it.
    let lines = items.map { String(decoding: $0.json, as: UTF8.self) }
    let coded = try StoreBackendExportTests.lines(backend, .r4)
    let written = items.filter { $0.uuid == version }.map { String(decoding: $0.json, as: UTF8.self) }
    #expect(written.count == 1 && coded.contains(written[0]))
    let intact = StoreBackendExportTests.reference["r4-sources"]!
    #expect(lines.count == intact.count)
    #expect(Set(intact).subtracting(lines).count == 1)
    #expect(Set(lines).subtracting(intact) == Set(written))
  }
}
