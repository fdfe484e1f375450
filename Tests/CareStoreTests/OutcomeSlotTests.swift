import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import GRDB
import Testing

/// Outcomes are unique per (task version, occurrence index) for every task, observation log
/// tasks included: the importer refuses a second one, the schema's unique slot backs it, and
/// the `v2-outcome-slots-for-every-task` migration fills the slots of a store written before.
@Suite("One outcome per occurrence of every task")
struct OutcomeSlotTests {
  static let bundle = StoreTestSupport.syntheaBundles.first { $0.hasPrefix("dstu2/") }!

  static var result: PipelineResult { Pipeline().run(try! StoreTestSupport.input([bundle])) }

  @Test(
    "a second outcome on an occupied occurrence of a log task is a conflict, not stored",
    arguments: StoreBackendKind.allCases)
  func secondOutcomeOfALogTaskOccurrence(_ kind: StoreBackendKind) throws {
    var result = Self.result
    let logTasks = Set(result.tasks.filter { !($0.impactsAdherence) }.map(\.uuid))
    let taken = try #require(result.outcomes.first { $0.taskUUID.map(logTasks.contains) ?? false })
    var extra = taken
    extra.id = "extra-outcome"
    extra.uuid = UUID(uuidString: "00000000-0000-4000-8000-00000000e0e0")!
    extra.values = [OutcomeValue(.double(1), units: "mmHg", kind: "8480-6")]
    result.outcomes.append(extra)

    let backend = try StoreTestSupport.newStore(kind)
    let summary = try CareStore(backend: backend).importResult(result)
    #expect(summary.counts[.outcome]?.conflicts == 1)
    #expect(summary.conflicts.map(\.outcome) == ["extra-outcome"])
    #expect(summary.conflicts.map(\.occupiedBy) == [taken.id])
    #expect(try StoreTestSupport.entityRows(backend)[.outcome] == result.outcomes.count - 1)
    #expect(try StoreInvariants.violations(in: backend) == [])
  }

  @Test("every current outcome holds its slot, and the schema refuses a second one")
  func slotsForEveryTask() throws {
    let result = Self.result
    #expect(result.tasks.contains { !$0.impactsAdherence })
    let backend = try StoreTestSupport.newStore()
    try CareStore(backend: backend).importResult(result)
    let queue = try DatabaseQueue(path: backend.path)
    let (slotted, logSlotted) = try queue.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outcome WHERE slot IS NOT NULL")!,
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outcome WHERE slot IS NOT NULL AND impacts_adherence = 0")!
      )
    }
    #expect(slotted == result.outcomes.count)
    #expect(logSlotted > 0)
    // Two rows with one slot: refused by the unique index itself.
    #expect(throws: DatabaseError.self) {
      try queue.write { db in
        try db.execute(sql: "UPDATE outcome SET slot = (SELECT MIN(slot) FROM outcome) WHERE slot = (SELECT MAX(slot) FROM outcome)")
      }
    }
  }

  @Test("opening a store written before v2 fills the slots of log task outcomes")
  func migrationFillsSlots() throws {
    let result = Self.result
    let path: String
    do {
      let backend = try StoreTestSupport.newStore()
      try CareStore(backend: backend).importResult(result)
      path = backend.path
    }
    // Make it a v1 store again: log task outcomes had no slot, and v2 was not applied.
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "UPDATE outcome SET slot = NULL WHERE impacts_adherence = 0")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2-outcome-slots-for-every-task'")
    }
    let emptied = try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM outcome WHERE slot IS NULL")! }
    #expect(emptied > 0)
    try queue.close()

    let reopened = try SQLiteBackend(path: path)
    let after = try DatabaseQueue(path: path)
    #expect(try after.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM outcome WHERE slot IS NULL")! } == 0)
    #expect(try StoreInvariants.violations(in: reopened) == [])
    // The migrated store goes on as a new one: the same import adds nothing.
    #expect(try CareStore(backend: reopened).importResult(result).versionsWritten == 0)
  }
}
