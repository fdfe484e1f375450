import CareModel
import CareStore
import CareStorePostgres
import Foundation
import Testing

/// PostgreSQL writers run at once (`READ COMMITTED`): writers of different entities never wait
/// for each other, and of two writers of the same entity the one the database refuses runs again.
@Suite("PostgreSQL writers at once")
struct PostgresWriterRaceTests {
  static let start = Date(timeIntervalSince1970: 1_700_000_000)
  static let same = PatientEntity(id: "same", effectiveDate: start, timezone: TimeZone(identifier: "UTC")!)
  static let other = PatientEntity(id: "other", effectiveDate: start, timezone: TimeZone(identifier: "UTC")!)

  /// Patient "same" (or "other") with `sex`.
  static func patient(_ base: PatientEntity, sex: BiologicalSex) -> CareRecord {
    var patient = base
    patient.sex = sex
    return .patient(patient)
  }

  @Test("a writer of other entities does not wait for an open transaction; a writer of the same entity stores it once")
  func writersAtOnce() throws {
    let (cluster, name, url) = try PostgresStoreTests.database()
    let holder = try PostgresBackend(url: url)
    let other = try PostgresBackend(url: url)
    let rival = try PostgresBackend(url: url)
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let errors = ErrorBox()
    try CareImporter(backend: holder).importEntities([Self.patient(Self.same, sex: .female)], sources: [:])
    // Another entity: written while a write transaction of the holder's is open (which ends by
    // itself after 20 s, should the other writer wait for it).
    let open = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      do {
        try holder.write { writer in
          let heads = try writer.heads(.patient, ids: ["same"])
          #expect(heads.count == 1)
          held.signal()
          _ = release.wait(timeout: .now() + 20)
        }
      } catch {
        errors.add(error)
      }
      open.signal()
    }
    held.wait()
    let started = Date()
    let summary = try CareImporter(backend: other).importEntities([Self.patient(Self.other, sex: .male)], sources: [:])
    #expect(summary.versionsWritten == 1)
    #expect(Date().timeIntervalSince(started) < 10, "the writer of another entity waited")
    release.signal()
    open.wait()

    // Two writers of a new version of "same" at once, many times: each race stores one version.
    for round in 0..<10 {
      let sex: BiologicalSex = round % 2 == 0 ? .male : .female
      let written = ErrorBox()
      DispatchQueue.concurrentPerform(iterations: 2) { i in
        do {
          let summary = try CareImporter(backend: i == 0 ? holder : rival).importEntities(
            [Self.patient(Self.same, sex: sex)], sources: [:])
          if summary.versionsWritten == 1 { written.add(Attempt()) }
          #expect(summary.failures.isEmpty, "\(summary.failures)")
        } catch {
          errors.add(error)
        }
      }
      #expect(written.all.count == 1, "round \(round): \(written.all.count) writers stored a version")
    }
    #expect(errors.all.isEmpty, "\(errors.all)")
    let versions = try cluster.psql("SELECT count(*) FROM versions WHERE id = 'same'", database: name)
    #expect(versions.trimmingCharacters(in: .whitespacesAndNewlines) == "11")
    #expect(try StoreInvariants.violations(in: holder) == [])
  }
}
