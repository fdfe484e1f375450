import CareModel
import CareStore
import CareStorePostgres
import CareSync
import Foundation
import PropertyBased
import Testing

/// The sync engine over both backends, with simulated CareKit devices (``SimulatedDevice``):
/// what a device pulls, what a push stores or refuses, and convergence after concurrent edits.
@Suite("Sync engine")
struct SyncEngineTests {
  static let start = Date(timeIntervalSince1970: 1_790_000_000)
  static let utc = TimeZone(identifier: "UTC")!

  static func at(_ minutes: Int) -> Date { start.addingTimeInterval(Double(minutes) * 60) }

  /// A clinic's records for patients `p1` and `p2` (a patient, a care plan, a task each),
  /// pushed to the store; the clinic device sees every patient.
  static func seeded(_ engine: SyncEngine) throws -> SimulatedDevice {
    let clinic = SimulatedDevice("clinic", scope: .everything)
    for p in ["p1", "p2"] {
      let patient = PatientEntity(
        id: p, name: NameComponents(givenName: "Given", familyName: "Family"), effectiveDate: start, timezone: utc)
      let plan = CarePlanEntity(
        id: "\(p)-plan", title: "Plan", patientUUID: patient.uuid, effectiveDate: start, timezone: utc)
      let task = TaskEntity(
        id: "\(p)-task", title: "Walk", schedule: .daily(start: start), carePlanUUID: plan.uuid,
        effectiveDate: start, timezone: utc)
      clinic.create(.patient(patient))
      clinic.create(.carePlan(plan))
      clinic.create(.task(task))
    }
    let summary = try clinic.sync(engine)
    #expect(summary.stored == 6 && summary.refused.isEmpty)
    return clinic
  }

  static func title(_ record: CareRecord?) -> String? {
    if case .task(let task)? = record { return task.title }
    return nil
  }

  /// Every device ends with exactly the server's versions in its scope, and for every entity one
  /// newest version: the server's head.
  static func expectConverged(_ devices: [SimulatedDevice], _ engine: SyncEngine) throws {
    for device in devices {
      let server = try engine.pull(since: KnowledgeVector(), scope: device.scope).entities.map(\.record)
      #expect(Set(device.versions.keys) == Set(server.map(\.uuid)), "\(device.name) holds other versions")
      for kind in EntityKind.allCases {
        let ids = device.ids(kind.rawValue)
        let heads = try engine.backend.read { try $0.heads(kind, ids: ids) }
        for id in ids {
          let tips = device.tips(kind.rawValue, id)
          #expect(tips.count == 1, "\(device.name): \(kind.rawValue) \(id) has \(tips.count) newest versions")
          #expect(
            tips.first?.uuid == heads[id]?.uuid, "\(device.name): \(kind.rawValue) \(id) is not the server's head")
          // The device's copy of a version is the server's, field for field.
          #expect(tips.first == server.first { $0.uuid == tips.first?.uuid })
        }
      }
    }
    #expect(try StoreInvariants.violations(in: engine.backend) == [])
  }

  @Test(
    "a device pulls its patient's versions once, and a repeated push stores nothing",
    arguments: StoreBackendKind.allCases)
  func pullOncePushIdempotent(_ kind: StoreBackendKind) throws {
    let engine = SyncEngine(backend: try StoreTestSupport.newStore(kind, "sync-once-\(kind)"))
    _ = try Self.seeded(engine)
    let phone = SimulatedDevice("phone", scope: .patients(["p1"]))
    let first = try phone.sync(engine)
    #expect(phone.ids("patient") == ["p1"] && phone.ids("task") == ["p1-task"])
    #expect(first.alreadyKnown == 3 && first.stored == 0)
    #expect(try engine.pull(since: phone.vector, scope: phone.scope).entities.isEmpty)
    // The vector carries the store's clock and the phone's.
    let process = try engine.process()
    let pulled = try engine.pull(since: phone.vector, scope: phone.scope)
    #expect(pulled.knowledgeVector.clock(for: process) >= phone.vector.clock(for: process))
    #expect(pulled.knowledgeVector.clock(for: phone.process) == phone.vector.clock(for: phone.process))

    phone.update("task", "p1-task", at: Self.at(5)) { record in
      guard case .task(var task) = record else { return record }
      task.title = "Walk twice"
      return .task(task)
    }
    let revision = CareKitRevisionRecord(
      entities: phone.versions.values.map(CareKitEntity.init), knowledgeVector: phone.vector)
    let pushed = try engine.push(revision, scope: phone.scope)
    #expect(pushed.stored == 1)
    let again = try engine.push(revision, scope: phone.scope)
    #expect(again.stored == 0 && again.alreadyKnown == 4 && again.conflicts.isEmpty)
    let clinic = SimulatedDevice("clinic", scope: .everything)
    try clinic.sync(engine)
    #expect(Self.title(clinic.tips("task", "p1-task").first) == "Walk twice")
    #expect(try StoreInvariants.violations(in: engine.backend) == [])
  }

  @Test(
    "a device sees and writes its own patient only; unknown links and a contact of no plan are refused",
    arguments: StoreBackendKind.allCases)
  func scope(_ kind: StoreBackendKind) throws {
    let engine = SyncEngine(backend: try StoreTestSupport.newStore(kind, "sync-scope-\(kind)"))
    let clinic = try Self.seeded(engine)
    let phone = SimulatedDevice("phone", scope: .patients(["p1"]))
    try phone.sync(engine)
    #expect(!phone.ids("carePlan").contains("p2-plan"))
    let otherPatient = try #require(clinic.tips("patient", "p2").first?.uuid)
    let otherTask = try #require(clinic.tips("task", "p2-task").first)
    let intruding = CarePlanEntity(
      id: "sneaky", title: "x", patientUUID: otherPatient, effectiveDate: Self.start, timezone: Self.utc)
    let dangling = CarePlanEntity(
      id: "dangling", title: "x", patientUUID: UUID(), effectiveDate: Self.start, timezone: Self.utc)
    let contact = ContactEntity(
      id: "doctor", name: NameComponents(familyName: "Doe"), effectiveDate: Self.start, timezone: Self.utc)
    guard case .task(var changed) = otherTask else {
      Issue.record("p2-task is not a task")
      return
    }
    changed.title = "changed"
    let edited = CareRecord.task(changed).settingVersion(uuid: UUID(), previous: [otherTask.uuid], updated: Self.at(1))
    let summary = try engine.push(
      CareKitRevisionRecord(
        entities: [.carePlan(intruding), .carePlan(dangling), .contact(contact), edited].map(CareKitEntity.init),
        knowledgeVector: phone.vector),
      scope: phone.scope)
    #expect(summary.stored == 0)
    let reasons = Dictionary(uniqueKeysWithValues: summary.refused.map { ($0.id, $0.reason) })
    #expect(
      reasons == ["sneaky": .outOfScope, "dangling": .unknownLink, "doctor": .outOfScope, "p2-task": .outOfScope])
    #expect(try StoreInvariants.violations(in: engine.backend) == [])
  }

  @Test(
    "contacts sync like the other kinds: a phone's contact of its plan reaches the patient's other phone, not another patient's; edits too",
    arguments: StoreBackendKind.allCases)
  func contacts(_ kind: StoreBackendKind) throws {
    let engine = SyncEngine(backend: try StoreTestSupport.newStore(kind, "sync-contacts-\(kind)"))
    let clinic = try Self.seeded(engine)
    let a = SimulatedDevice("a", scope: .patients(["p1"]))
    let b = SimulatedDevice("b", scope: .patients(["p1"]))
    let other = SimulatedDevice("other", scope: .patients(["p2"]))
    try a.sync(engine)
    let plan = try #require(a.tips("carePlan", "p1-plan").first?.uuid)
    var nurse = ContactEntity(
      id: "p1-nurse", name: NameComponents(givenName: "Ann", familyName: "Nurse"), carePlanUUID: plan,
      effectiveDate: Self.start, timezone: Self.utc)
    nurse.role = "Nurse"
    a.create(.contact(nurse))
    #expect(try a.sync(engine).stored == 1)
    try b.sync(engine)
    try other.sync(engine)
    #expect(b.ids("contact") == ["p1-nurse"] && other.ids("contact").isEmpty)
    b.update("contact", "p1-nurse", at: Self.at(3)) { record in
      guard case .contact(var contact) = record else { return record }
      contact.title = "Head nurse"
      return .contact(contact)
    }
    #expect(try b.sync(engine).stored == 1)
    try a.sync(engine)
    guard case .contact(let seen) = a.tips("contact", "p1-nurse").first else {
      Issue.record("phone a has no contact p1-nurse")
      return
    }
    #expect(seen.title == "Head nurse" && seen.role == "Nurse")
    try clinic.sync(engine)
    try Self.expectConverged([a, b, clinic], engine)
    let owners = try CareStore(backend: engine.backend).ownerIDs(at: Self.at(10))
    #expect(owners[.contact]?["p1-nurse"] == .some("p1"))
    let ofPatient = try CareStore(backend: engine.backend).entities(ofPatient: "p1", at: Self.at(10))
    #expect(ofPatient.contains { $0.kind == "contact" && $0.id == "p1-nurse" })
    #expect(try StoreInvariants.violations(in: engine.backend) == [])
  }

  @Test(
    "one task edited on two phones: both and the server end with the newer edit", arguments: StoreBackendKind.allCases)
  func concurrentEdit(_ kind: StoreBackendKind) throws {
    let engine = SyncEngine(backend: try StoreTestSupport.newStore(kind, "sync-concurrent-\(kind)"))
    _ = try Self.seeded(engine)
    let a = SimulatedDevice("a", scope: .patients(["p1"]))
    let b = SimulatedDevice("b", scope: .patients(["p1"]))
    try a.sync(engine)
    try b.sync(engine)
    for (device, title, minute) in [(a, "from a", 10), (b, "from b", 20)] {
      device.update("task", "p1-task", at: Self.at(minute)) { record in
        guard case .task(var task) = record else { return record }
        task.title = title
        return .task(task)
      }
    }
    #expect(try a.sync(engine).stored == 1)
    let second = try b.sync(engine)
    #expect(second.conflicts == [.init(kind: .task, id: "p1-task", pushedWon: true)])
    try a.sync(engine)
    try b.sync(engine)
    try Self.expectConverged([a, b], engine)
    #expect(Self.title(a.tips("task", "p1-task").first) == "from b")
    // The losing edit is kept: a version of the task, named by the resolution.
    let history = try engine.pull(since: KnowledgeVector(), scope: .everything).entities.map(\.record)
    #expect(history.contains { Self.title($0) == "from a" })
  }

  @Test(
    "two phones record one occurrence: same id converges, another id is kept without the occurrence",
    arguments: StoreBackendKind.allCases)
  func concurrentOutcomes(_ kind: StoreBackendKind) throws {
    let engine = SyncEngine(backend: try StoreTestSupport.newStore(kind, "sync-outcomes-\(kind)"))
    _ = try Self.seeded(engine)
    let a = SimulatedDevice("a", scope: .patients(["p1"]))
    let b = SimulatedDevice("b", scope: .patients(["p1"]))
    try a.sync(engine)
    try b.sync(engine)
    let task = try #require(a.tips("task", "p1-task").first?.uuid)
    for (device, id, value) in [(a, "o-0", 1), (b, "o-0", 2), (b, "o-0-other", 3)] {
      var outcome = OutcomeEntity(
        id: id, taskUUID: task, taskOccurrenceIndex: 0,
        values: [OutcomeValue(.integer(value), createdDate: Self.at(value))],
        effectiveDate: Self.at(value), timezone: Self.utc)
      outcome.updatedDate = Self.at(value)
      device.create(.outcome(outcome))
    }
    try a.sync(engine)
    let second = try b.sync(engine)
    #expect(second.conflicts.map(\.id) == ["o-0"])
    #expect(second.outcomesWithoutOccurrence == ["o-0-other"])
    try a.sync(engine)
    try b.sync(engine)
    try Self.expectConverged([a, b], engine)
  }

  @Test("random edits, outcomes and syncs on three devices converge")
  func randomSequencesConverge() async {
    await propertyCheck(count: 12, input: Gen.uint64()) { seed throws in
      let engine = SyncEngine(backend: try StoreTestSupport.newStore(.sqlite, "sync-random-\(seed)"))
      try await Self.runRandomSequence(seed: seed, engine: engine, steps: 40) { device in
        try device.sync(engine).refused.map { "\($0.id): \($0.reason)" }
      }
    }
  }

  @Test("a long random sequence converges on PostgreSQL")
  func randomSequenceOnPostgres() async throws {
    let engine = SyncEngine(backend: try StoreTestSupport.newStore(.postgres, "sync-random-postgres"))
    try await Self.runRandomSequence(seed: 20261127, engine: engine, steps: 80) { device in
      try device.sync(engine).refused.map { "\($0.id): \($0.reason)" }
    }
  }

  @Test("two servers on one PostgreSQL store: devices syncing with either converge")
  func twoServersOnPostgres() async throws {
    let (_, _, url) = try PostgresStoreTests.database()
    let first = SyncEngine(backend: try PostgresBackend(url: url))
    let second = SyncEngine(backend: try PostgresBackend(url: url))
    #expect(try first.process() == second.process())
    var turn = 0
    try await Self.runRandomSequence(seed: 7, engine: first, steps: 60) { device in
      turn += 1
      return try device.sync(turn % 2 == 0 ? first : second).refused.map { "\($0.id): \($0.reason)" }
    }
  }

  /// Seeds the store, then runs `steps` random edits, outcomes and syncs (`sync` syncs a device
  /// and returns what the server refused) on a clinic and two phones of patient `p1`; then every
  /// device syncs twice and all must have converged.
  static func runRandomSequence(
    seed: UInt64, engine: SyncEngine, steps: Int, sync: (SimulatedDevice) async throws -> [String]
  ) async throws {
    let clinic = try seeded(engine)
    let devices = [
      clinic, SimulatedDevice("a", scope: .patients(["p1"])), SimulatedDevice("b", scope: .patients(["p1"])),
    ]
    for device in devices.dropFirst() { _ = try await sync(device) }
    var random = SplitMix(seed: seed)
    for step in 1...steps {
      let device = devices[Int(random.next() % 3)]
      let date = at(step)
      switch random.next() % 5 {
      case 0, 1:
        device.update("task", "p1-task", at: date) { record in
          guard case .task(var task) = record else { return record }
          task.title = "step \(step)"
          return .task(task)
        }
      case 2:
        let occurrence = Int(random.next() % 3)
        let id = "p1-outcome-\(occurrence)"
        if device.tips("outcome", id).isEmpty, let task = device.tips("task", "p1-task").first {
          var outcome = OutcomeEntity(
            id: id, taskUUID: task.uuid, taskOccurrenceIndex: occurrence,
            values: [OutcomeValue(.integer(step), createdDate: date)], effectiveDate: date, timezone: utc)
          outcome.updatedDate = date
          device.create(.outcome(outcome))
        } else {
          device.update("outcome", id, at: date) { record in
            guard case .outcome(var outcome) = record else { return record }
            outcome.values = [OutcomeValue(.integer(step), createdDate: date)]
            return .outcome(outcome)
          }
        }
      default:
        let refused = try await sync(device)
        #expect(refused.isEmpty, "seed \(seed) step \(step): \(refused)")
      }
    }
    for _ in 0..<2 { for device in devices { _ = try await sync(device) } }
    try expectConverged(devices, engine)
  }
}

/// A small seeded generator (SplitMix64), so a failing sequence can be replayed from its seed.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What only PostgreSQL's change positions must get right: transactions commit out of order.
@Suite("Sync engine on PostgreSQL")
struct SyncEnginePostgresTests {
  @Test("a version committed after a later one is still pulled: the horizon waits for the open transaction")
  func outOfOrderCommits() throws {
    // Two connections: the engine's, and one holding a transaction open.
    let (cluster, database, url) = try PostgresStoreTests.database()
    let engine = SyncEngine(backend: try PostgresBackend(url: url))
    let backend = try PostgresBackend(url: url)
    let clinic = SimulatedDevice("clinic", scope: .everything)
    try clinic.sync(engine)
    func firstVersion(_ id: String) -> StoredVersion {
      let patient = PatientEntity(id: id, effectiveDate: SyncEngineTests.start, timezone: SyncEngineTests.utc)
      let json = Data(CareJSONWriter.fastDates.bytes(.patient(patient)))
      return StoredVersion(
        kind: .patient, id: id, uuid: patient.uuid, rootUUID: patient.uuid, sequence: 1, previousUUID: nil,
        effectiveDate: patient.effectiveDate, deletedDate: nil, contentHash: VersionRules.hash(json), link: nil,
        json: json)
    }
    let version = firstVersion("early")
    let written = DispatchSemaphore(value: 0)
    let commit = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let failure = ErrorBox()
    let attempts = ErrorBox()
    DispatchQueue.global().async {
      do {
        // (Were the body run again after a serialization failure, it would not wait again.)
        var held = false
        try backend.write { writer in
          attempts.add(Attempt())
          try writer.append(version, replacing: nil)
          guard !held else { return }
          held = true
          written.signal()
          commit.wait()
        }
      } catch {
        failure.add(error)
        written.signal()
      }
      done.signal()
    }
    written.wait()
    // A later transaction commits first.
    let late = firstVersion("late")
    let text = String(decoding: late.json, as: UTF8.self).replacingOccurrences(of: "'", with: "''")
    _ = try cluster.psql(
      """
      INSERT INTO versions (patient_key, uuid, kind, id, seq, root_uuid, is_head, content_hash)
      VALUES ('\(late.uuid)', '\(late.uuid)', 'patient', 'late', 1, '\(late.uuid)', true, '\(late.contentHash)');
      INSERT INTO patient (patient_key, uuid, id, effective_date, json)
      VALUES ('\(late.uuid)', '\(late.uuid)', 'late', \(late.effectiveDate.timeIntervalSince1970), convert_to('\(text)', 'UTF8'));
      """, database: database)
    let phone = SimulatedDevice("phone", scope: .everything)
    try phone.sync(engine)
    #expect(!phone.ids("patient").contains("early"))
    commit.signal()
    done.wait()
    #expect(failure.all.isEmpty, "\(failure.all)")
    #expect(attempts.all.count == 1)
    try phone.sync(engine)
    #expect(phone.ids("patient") == ["early", "late"])
  }
}

/// One run of a write transaction's body, counted in an ``ErrorBox``.
struct Attempt: Error {}
