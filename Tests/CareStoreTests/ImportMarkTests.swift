import CareModel
import CarePipeline
import CareStore
import CareStoreSQLite
import Foundation
import GRDB
import Testing

/// The mark a clean import leaves (``ImportMark``): it stands until any version is written.
@Suite("Import marks")
struct ImportMarkTests {
  static func mark(_ fingerprint: String) -> ImportMark {
    ImportMark(fingerprint: fingerprint, quickKey: "quick", date: Date(), resourcesRead: 7, entities: ["patient": 1])
  }

  /// The first patients' entities of the fixtures' result, to write a small import.
  static var someRecords: [CareRecord] {
    Array(StoreTestSupport.allResult.patients.prefix(3)).map(CareRecord.patient)
  }

  @Test("stands after a clean import until anything writes a version; SQLite keeps it, PostgreSQL keeps none")
  func standsUntilWritten() throws {
    for kind in StoreBackendKind.allCases {
      let backend = try StoreTestSupport.newStore(kind, "standsUntilWritten-\(kind)")
      let importer = CareImporter(backend: backend)
      #expect(try importer.standingImportMark() == nil)
      let start = try importer.changeHorizon()
      let summary = try importer.importEntities(Self.someRecords, sources: [:])
      #expect(summary.versionsWritten == 3)
      let left = try importer.leaveImportMark(Self.mark("a"), startedAt: start, summary: summary)
      let keeps = try importer.keepsImportMarks()
      guard kind == .sqlite else {
        #expect(!left && !keeps)
        #expect(try importer.standingImportMark() == nil)
        continue
      }
      #expect(left && keeps)
      let standing = try #require(try importer.standingImportMark())
      #expect(standing.fingerprint == "a" && standing.quickKey == "quick" && standing.resourcesRead == 7)
      let horizon = try importer.changeHorizon()
      #expect(standing.entities == ["patient": 1] && standing.horizon == horizon)
      // Importing the same again writes nothing: the mark still stands.
      let again = try importer.importEntities(Self.someRecords, sources: [:])
      #expect(again.versionsWritten == 0)
      #expect(try importer.standingImportMark()?.fingerprint == "a")
      // Any version written, by any import, and it no longer does.
      var changed = StoreTestSupport.allResult.patients[0]
      changed.sex = changed.sex == .female ? .male : .female
      #expect(try importer.importEntities([.patient(changed)], sources: [:]).versionsWritten == 1)
      #expect(try importer.standingImportMark() == nil)
      #expect(try backend.read { try $0.importMark() }?.fingerprint == "a")  // kept, no longer standing
    }
  }

  @Test("is not left when another writer wrote during the import, or when an entity failed; an unreadable mark is none")
  func leftOnlyForOneCleanImport() throws {
    let backend = try StoreTestSupport.newStore()
    let importer = CareImporter(backend: backend)
    let start = try importer.changeHorizon()
    let summary = try importer.importEntities(Self.someRecords, sources: [:])
    // Another writer's version between the import's start and its end.
    let other = Array(StoreTestSupport.allResult.patients.dropFirst(3).prefix(1)).map(CareRecord.patient)
    #expect(try importer.importEntities(other, sources: [:]).versionsWritten == 1)
    #expect(try importer.leaveImportMark(Self.mark("b"), startedAt: start, summary: summary) == false)
    #expect(try backend.read { try $0.importMark() } == nil)

    let now = try importer.changeHorizon()
    var failed = ImportSummary()
    failed.failures = [ImportSummary.Failure(kind: .patient, id: "x", reason: "test")]
    #expect(try importer.leaveImportMark(Self.mark("c"), startedAt: now, summary: failed) == false)
    #expect(try importer.leaveImportMark(Self.mark("d"), startedAt: now, summary: ImportSummary()))
    #expect(try importer.standingImportMark()?.fingerprint == "d")

    // A mark this version cannot read (a later format, say) is no mark.
    let queue = try DatabaseQueue(path: backend.path)
    try queue.write { db in try db.execute(sql: "UPDATE import_mark SET mark = x'7b7d'") }
    #expect(try importer.standingImportMark() == nil)
    try backend.write { try $0.setImportMark(nil) }
    #expect(try backend.read { try $0.importMark() } == nil)
  }
}
