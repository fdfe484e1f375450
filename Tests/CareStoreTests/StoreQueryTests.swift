import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import Foundation
import Testing

@Suite("Store queries")
struct StoreQueryTests {
  static let day: TimeInterval = 86_400
  static let t0 = Date(timeIntervalSince1970: 1_600_000_000)

  /// A patient, a plan, a daily task and two outcomes, built by hand.
  static func result(name: String, effective: Date, taskTitle: String = "Walk") -> PipelineResult {
    var result = PipelineResult()
    let utc = TimeZone(secondsFromGMT: 0)!
    let patient = PatientEntity(
      id: "p1", name: NameComponents(givenName: name), uuid: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
      effectiveDate: effective, timezone: utc)
    let plan = CarePlanEntity(
      id: "plan1", title: "Plan", patientUUID: patient.uuid,
      uuid: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!,
      effectiveDate: t0, timezone: utc)
    let task = TaskEntity(
      id: "task1", title: taskTitle, schedule: .daily(start: t0), carePlanUUID: plan.uuid,
      uuid: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, effectiveDate: t0, timezone: utc)
    let outcomes = [2, 5].map { k in
      OutcomeEntity(
        id: "o\(k)", taskUUID: task.uuid, taskOccurrenceIndex: k,
        values: [OutcomeValue(.integer(k), units: "steps")],
        uuid: UUID(uuidString: "00000000-0000-0000-0000-00000000010\(k)")!,
        effectiveDate: t0.addingTimeInterval(Double(k) * day + 3600),
        timezone: utc)
    }
    result.patients = [patient]
    result.carePlans = [plan]
    result.tasks = [task]
    result.outcomes = outcomes
    return result
  }

  @Test("a query for a date returns the newest version in effect then", arguments: StoreBackendKind.allCases)
  func versionForDate(_ kind: StoreBackendKind) throws {
    let backend = try StoreTestSupport.newStore(kind)
    let store = CareStore(backend: backend)
    try store.importResult(Self.result(name: "Ann", effective: Self.t0))
    let later = Self.t0.addingTimeInterval(10 * Self.day)
    let summary = try store.importResult(Self.result(name: "Anna", effective: later))
    #expect(summary.counts[.patient]?.newVersions == 1)
    #expect(summary.versionsWritten == 1)
    #expect(try store.patients(at: Self.t0.addingTimeInterval(-1)).isEmpty)
    #expect(try store.patients(at: Self.t0.addingTimeInterval(Self.day)).map(\.name.givenName) == ["Ann"])
    #expect(try store.patients(at: later).map(\.name.givenName) == ["Anna"])
    // The plan still links to the patient by its root uuid: found through either version.
    #expect(try store.carePlans(ofPatient: "p1", at: later).map(\.id) == ["plan1"])
    #expect(try store.tasks(ofCarePlan: "plan1", at: later).map(\.id) == ["task1"])
    let history = try store.history(.patient, id: "p1")
    #expect(history.map(\.stored.sequence) == [1, 2])
    #expect(history.map(\.stored.effectiveDate) == [Self.t0, later])
    // An older effective date on a newer version is moved up to the version it replaces.
    try store.importResult(Self.result(name: "Annie", effective: Self.t0))
    #expect(try store.history(.patient, id: "p1").last?.stored.effectiveDate == later)
    #expect(try store.patients(at: later).map(\.name.givenName) == ["Annie"])
    #expect(try StoreInvariants.violations(in: backend) == [])
  }

  @Test("a task's events in an interval carry their outcomes; outcomes in an interval", arguments: StoreBackendKind.allCases)
  func eventsAndOutcomes(_ kind: StoreBackendKind) throws {
    let backend = try StoreTestSupport.newStore(kind)
    let store = CareStore(backend: backend)
    try store.importResult(Self.result(name: "Ann", effective: Self.t0))
    let events = try store.events(
      ofTask: "task1", from: Self.t0.addingTimeInterval(Self.day), to: Self.t0.addingTimeInterval(6 * Self.day))
    #expect(events.map(\.occurrenceIndex) == [1, 2, 3, 4, 5])
    #expect(events.map { $0.outcomes.map(\.id) } == [[], ["o2"], [], [], ["o5"]])
    #expect(events.first?.date == Self.t0.addingTimeInterval(Self.day))
    let outcomes = try store.outcomes(from: Self.t0, to: Self.t0.addingTimeInterval(3 * Self.day))
    #expect(outcomes.map(\.id) == ["o2"])
    // A new task version from day 3 on: later events come from it.
    var changed = Self.result(name: "Ann", effective: Self.t0, taskTitle: "Walk more")
    changed.tasks[0].effectiveDate = Self.t0.addingTimeInterval(3 * Self.day)
    try store.importResult(changed)
    let split = try store.events(ofTask: "task1", from: Self.t0, to: Self.t0.addingTimeInterval(5 * Self.day))
    #expect(split.map(\.occurrenceIndex) == [0, 1, 2, 3, 4])
    #expect(split.map(\.task.title) == ["Walk", "Walk", "Walk", "Walk more", "Walk more"])
  }

  @Test("events of fixture tasks hold the outcomes the pipeline tied to them", arguments: StoreBackendKind.allCases)
  func fixtureEvents(_ kind: StoreBackendKind) throws {
    let result = StoreTestSupport.allResult
    let backend = try StoreTestSupport.newStore(kind)
    let store = CareStore(backend: backend)
    try store.importResult(result)
    let tasks = Dictionary(uniqueKeysWithValues: result.tasks.map { ($0.uuid, $0) })
    var checked = 0
    for outcome in result.outcomes.prefix(200) where outcome.taskOccurrenceIndex > 0 {
      guard let task = outcome.taskUUID.flatMap({ tasks[$0] }) else { continue }
      let events = try store.events(
        ofTask: task.id, from: outcome.effectiveDate.addingTimeInterval(-2 * Self.day),
        to: outcome.effectiveDate.addingTimeInterval(1))
      let event = try #require(events.first { $0.occurrenceIndex == outcome.taskOccurrenceIndex })
      #expect(event.outcomes.contains { $0.id == outcome.id })
      #expect(event.date <= outcome.effectiveDate)
      checked += 1
    }
    #expect(checked > 50)
  }

  @Test("lookups by id and uuid find each entity asked for, whatever the number asked", arguments: StoreBackendKind.allCases)
  func listsOfEveryLength(_ kind: StoreBackendKind) throws {
    let backend = try StoreTestSupport.newStore(kind)
    var result = PipelineResult()
    result.patients = (0..<1_300).map { k in
      PatientEntity(
        id: "p\(k)", name: NameComponents(givenName: "P\(k)"), uuid: UUID(), effectiveDate: Self.t0,
        timezone: TimeZone(secondsFromGMT: 0)!)
    }
    try CareStore(backend: backend).importResult(result)
    let byID = Dictionary(uniqueKeysWithValues: result.patients.map { ($0.id, $0.uuid) })
    // Lists are sent 500 values at a time, the rest in lists of powers of two: every boundary.
    for count in [0, 1, 2, 3, 255, 256, 257, 499, 500, 501, 756, 1_000, 1_299, 1_300] {
      let ids = result.patients.prefix(count).map(\.id)
      let asked = ids + ["not-stored-\(count)"]
      let heads = try backend.read { try $0.heads(.patient, ids: asked) }
      #expect(heads.count == count, "\(count) ids")
      #expect(heads.allSatisfy { byID[$0.key] == $0.value.uuid })
      let uuids = ids.map { byID[$0]! }
      let byRoot = try backend.read { try $0.heads(.patient, roots: uuids) }
      #expect(Set(byRoot.keys) == Set(uuids), "\(count) roots")
      let versions = try backend.read { try $0.versions(.patient, .ids(ids)) }
      #expect(versions.map(\.id).sorted() == ids.sorted(), "\(count) ids")
      let byUUID = try backend.read { try $0.versions(.patient, .uuids(uuids)) }
      #expect(Set(byUUID.map(\.uuid)) == Set(uuids) && byUUID.count == count, "\(count) uuids")
    }
  }
}
