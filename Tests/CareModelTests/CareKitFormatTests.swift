import CareModel
import Foundation
import Testing

/// CareKit's JSON: hand-written CareKitStore 3 objects (`Fixtures/carekit/`, written from
/// CareKit's `Codable` conformances) decode into our entities and encode back to the same JSON,
/// and our entities survive a trip through CareKit's JSON.
@Suite struct CareKitFormatTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/carekit").standardized

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
  }

  /// JSON re-serialized with sorted keys, so that two texts of the same value compare equal.
  static func canonical(_ data: Data) throws -> String {
    let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    let bytes = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    return String(decoding: bytes, as: UTF8.self)
  }

  static let start = Date(timeIntervalSinceReferenceDate: 757_382_400)

  @Test(arguments: [
    ("patient", "patient"), ("careplan", "carePlan"), ("contact", "contact"), ("task", "task"), ("outcome", "outcome"),
  ])
  func fixtureDecodesAndEncodesToTheSameJSON(file: String, type: String) throws {
    let data = try Self.fixture(file)
    let record = try CareKitJSONWriter.record(data, type: type)
    #expect(record.kind == type)
    let written = Data(CareKitJSONWriter().bytes(record))
    #expect(try Self.canonical(written) == Self.canonical(data))
    // In the envelope, the same object under "object".
    let wrapped = Data(CareKitJSONWriter(envelope: true).bytes(record))
    let envelope = try JSONSerialization.jsonObject(with: wrapped) as? [String: Any]
    #expect(envelope?["type"] as? String == type)
    let object = try JSONSerialization.data(withJSONObject: envelope?["object"] ?? [:])
    #expect(try Self.canonical(object) == Self.canonical(data))
  }

  @Test func taskFixtureReadsAsOurSchedule() throws {
    guard case .task(let task) = try CareKitJSONWriter.record(Self.fixture("task"), type: "task") else {
      Issue.record("not a task")
      return
    }
    #expect(task.id == "metformin" && task.carePlanUUID == UUID(uuidString: "22222222-2222-4222-8222-222222222222"))
    #expect(task.timezone.identifier == "Europe/Paris")
    #expect(task.userInfo == ["rxnorm": "860975"])
    let elements = task.schedule.elements
    #expect(elements.count == 3)
    #expect(elements[0].interval == DateComponents(day: 1) && elements[0].duration == .seconds(3600))
    #expect(elements[0].targetValues == [OutcomeValue(.double(500), units: "mg", kind: "dose", createdDate: Self.start)])
    #expect(elements[1].interval == DateComponents(weekOfYear: 1) && elements[1].end != nil)
    #expect(elements[2].duration == .allDay && elements[2].interval == DateComponents(day: 2))
    #expect(elements[2].targetValues.map(\.value) == [.integer(1)])
  }

  @Test func outcomeFixtureReadsEveryValueType() throws {
    guard case .outcome(let outcome) = try CareKitJSONWriter.record(Self.fixture("outcome"), type: "outcome") else {
      Issue.record("not an outcome")
      return
    }
    #expect(outcome.id == "33333333-3333-4333-8333-333333333333_1")
    #expect(outcome.taskOccurrenceIndex == 1 && outcome.endDate == nil && outcome.userInfo == nil)
    #expect(outcome.values.map(\.value) == [
      .integer(1), .double(7.25), .boolean(true), .text("after breakfast"),
      .date(Date(timeIntervalSinceReferenceDate: 757_519_500)),
    ])
    #expect(outcome.values[1].units == "mmol/L" && outcome.values[1].createdDate == Date(timeIntervalSinceReferenceDate: 757_515_600.5))
    #expect(outcome.notes == [Note(content: "felt fine")])
  }

  @Test func patientFixtureKeepsAssetAndBirthday() throws {
    guard case .patient(let patient) = try CareKitJSONWriter.record(Self.fixture("patient"), type: "patient") else {
      Issue.record("not a patient")
      return
    }
    #expect(patient.birthday == DateComponents(year: 1980, month: 3, day: 15))
    #expect(patient.sex == .female && patient.allergies == ["penicillin", "peanuts"])
    #expect(patient.name == NameComponents(givenName: "Mary", familyName: "Frost", middleName: "Ann", namePrefix: "Ms", nickname: "Mo"))
    #expect(patient.userInfo == ["mrn": "12345", CareKitJSON.UserInfoKey.asset: "photo.png"])
    #expect(patient.previousVersionUUIDs == [UUID(uuidString: "AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA")!])
  }

  /// Every field of every entity, with values CareKit has no member for.
  static func samples() -> [CareRecord] {
    let paris = TimeZone(identifier: "Europe/Paris")!
    var patient = PatientEntity(
      id: "p", name: NameComponents(givenName: "A", familyName: "B", middleName: "C", namePrefix: "Dr", nameSuffix: "Jr",
        nickname: "N"),
      sex: .other("intersex"), birthday: DateComponents(year: 1970, month: 3), allergies: ["peanut"],
      effectiveDate: start, timezone: paris)
    patient.createdDate = start.addingTimeInterval(0.25)
    patient.updatedDate = start.addingTimeInterval(1)
    patient.deletedDate = start.addingTimeInterval(2)
    patient.previousVersionUUIDs = [UUID(), UUID()]
    patient.groupIdentifier = "g"
    patient.tags = ["t"]
    patient.remoteID = "r"
    patient.source = "s"
    patient.userInfo = ["k": "v", CareKitJSON.UserInfoKey.asset: "a.png"]
    patient.notes = [Note(author: "a", title: "t", content: "c", createdDate: start), Note()]
    var yearOnly = patient
    yearOnly.id = "p2"
    yearOnly.uuid = UUID()
    yearOnly.birthday = DateComponents(year: 1969)
    yearOnly.userInfo = nil
    let plan = CarePlanEntity(id: "cp", title: "Plan", patientUUID: patient.uuid, effectiveDate: start, timezone: paris)
    var contact = ContactEntity(id: "c", name: NameComponents(givenName: "D"), carePlanUUID: plan.uuid, effectiveDate: start)
    contact.title = "Dr"
    contact.role = "GP"
    contact.organization = "O"
    contact.category = "neighbour"
    contact.emailAddresses = [LabeledValue(label: "work", value: "d@example.org")]
    contact.phoneNumbers = [LabeledValue(label: "home", value: "1")]
    contact.messagingNumbers = [LabeledValue(label: "mobile", value: "2")]
    var teamContact = contact
    teamContact.id = "c2"
    teamContact.uuid = UUID()
    teamContact.category = "careTeam"
    let value = OutcomeValue(.double(2.5), units: "mg", kind: "dose", createdDate: start)
    let elements = [
      ScheduleElement(start: start, interval: DateComponents(day: 1), text: "daily", duration: .seconds(600), targetValues: [value]),
      ScheduleElement(start: start, end: start.addingTimeInterval(86_400 * 60), interval: DateComponents(weekOfYear: 2)),
      ScheduleElement(start: start, interval: DateComponents(month: 1), duration: .allDay),
    ]
    var task = TaskEntity(
      id: "t", title: "Take", instructions: "With water", impactsAdherence: false, schedule: Schedule(elements: elements),
      carePlanUUID: plan.uuid, effectiveDate: start, timezone: paris)
    task.tags = ["x"]
    let values = [
      OutcomeValue(.integer(3), createdDate: start), OutcomeValue(.double(-0.5), units: "kg", createdDate: start),
      OutcomeValue(.boolean(false), kind: "k", createdDate: start), OutcomeValue(.text("t"), createdDate: start),
      OutcomeValue(.date(start.addingTimeInterval(30)), createdDate: start),
    ]
    var outcome = OutcomeEntity(
      id: "obs-1", taskUUID: task.uuid, taskOccurrenceIndex: 2, values: values, endDate: start.addingTimeInterval(3_600),
      effectiveDate: start)
    outcome.userInfo = ["loinc": "8480-6"]
    var plainOutcome = OutcomeEntity(id: "", taskUUID: task.uuid, taskOccurrenceIndex: 4, effectiveDate: start)
    plainOutcome.id = "\(task.uuid.uuidString)_4"
    return [
      .patient(patient), .patient(yearOnly), .carePlan(plan), .contact(contact), .contact(teamContact), .task(task),
      .outcome(outcome), .outcome(plainOutcome),
    ]
  }

  @Test func ourEntitiesSurviveATripThroughCareKitJSON() throws {
    for record in Self.samples() {
      let bytes = CareKitJSONWriter().bytes(record)
      let back = try CareKitJSONWriter.record(Data(bytes), type: record.kind)
      #expect(back == record, "\(record.kind)")
      let wrapped = try CareKitJSONWriter.entity(Data(CareKitJSONWriter(envelope: true).bytes(record)))
      #expect(wrapped.record == record)
    }
  }

  @Test func fieldsCareKitLacksTravelInUserInfo() throws {
    let samples = Self.samples()
    func object(_ record: CareRecord) throws -> [String: Any] {
      try JSONSerialization.jsonObject(with: Data(CareKitJSONWriter().bytes(record))) as? [String: Any] ?? [:]
    }
    let patient = try object(samples[0])
    #expect(patient["asset"] as? String == "a.png")
    #expect(patient["userInfo"] as? [String: String] == ["k": "v", CareKitJSON.UserInfoKey.birthdayPrecision: "month"])
    #expect(patient["schemaVersion"] as? [String: Int] == ["majorVersion": 3, "minorVersion": 0, "patchNumber": 0])
    #expect(patient["nextVersionUUIDs"] as? [Any] != nil && patient["birthday"] is Double)
    let contact = try object(samples[3])
    #expect(contact["category"] == nil)
    #expect(contact["userInfo"] as? [String: String] == [CareKitJSON.UserInfoKey.contactCategory: "neighbour"])
    #expect(try object(samples[4])["category"] as? String == "careTeam")
    let outcome = try object(samples[6])
    #expect(outcome["id"] == nil)
    let info = outcome["userInfo"] as? [String: String]
    #expect(info?[CareKitJSON.UserInfoKey.outcomeID] == "obs-1" && info?["loinc"] == "8480-6")
    #expect(info?[CareKitJSON.UserInfoKey.outcomeEndDate] != nil)
    #expect(try object(samples[7])["userInfo"] == nil)
    let task = try object(samples[5])
    let schedule = task["schedule"] as? [String: Any]
    let elements = schedule?["elements"] as? [[String: Any]] ?? []
    #expect(elements.count == 3)
    func text(_ value: Any?) throws -> String {
      String(decoding: try JSONSerialization.data(withJSONObject: value ?? [:], options: [.sortedKeys]), as: UTF8.self)
    }
    #expect(try text(elements[0]["duration"]) == #"{"isAllDay":false,"seconds":600}"#)
    #expect(try text(elements[2]["duration"]) == #"{"isAllDay":true}"#)
    #expect(elements[1]["interval"] as? [String: Int] == ["weekOfYear": 2])
    #expect(elements.allSatisfy { $0["calendar"] is [String: Any] && $0["start"] is Double })
  }

  @Test func aValueWithoutCreatedDateGetsTheEntitysEffectiveDate() throws {
    let outcome = OutcomeEntity(id: "o", taskUUID: UUID(), values: [OutcomeValue(.integer(1))], effectiveDate: Self.start)
    guard case .outcome(let back) = try CareKitJSONWriter.record(Data(CareKitJSONWriter().bytes(.outcome(outcome))), type: "outcome")
    else { return }
    #expect(back.values[0].createdDate == Self.start)
  }

  @Test func olderCareKitJSONWithoutUUIDsOrSchemaVersionDecodes() throws {
    // The shape of CareKit 2.0's objects (as in the IBM back end's samples): no uuid, version lists or schemaVersion.
    let json = #"{"id":"A","timezone":{"identifier":"America/Sao_Paulo"},"name":{"familyName":"Frost","givenName":"Mary"},"effectiveDate":607214692.5}"#
    let first = try CareKitJSONWriter.record(Data(json.utf8), type: "patient")
    let second = try CareKitJSONWriter.record(Data(json.utf8), type: "patient")
    guard case .patient(let patient) = first else { return }
    #expect(first == second)  // the same name-based uuid each time
    #expect(patient.previousVersionUUIDs.isEmpty && patient.name.givenName == "Mary")
    #expect(patient.timezone.identifier == "America/Sao_Paulo")
  }

  @Test func errorsSayWhatAndWhere() throws {
    #expect {
      try CareKitJSONWriter.entity(Data(#"{"type":"healthKitTask","object":{}}"#.utf8))
    } throws: { ($0 as? CareKitFormatError)?.code == .unsupportedType && ($0 as? CareKitFormatError)?.entityType == "healthKitTask" }
    let binary = #"{"taskUUID":"33333333-3333-4333-8333-333333333333","taskOccurrenceIndex":0,"effectiveDate":1,"values":[{"type":"binary","value":"AA=="}]}"#
    #expect {
      try CareKitJSONWriter.record(Data(binary.utf8), type: "outcome")
    } throws: {
      guard let error = $0 as? CareKitFormatError else { return false }
      return error.code == .unsupportedValue && error.path == "object.values[0].type" && error.entityType == "outcome"
    }
    #expect {
      try CareKitJSONWriter.record(Data(#"{"id":"x","title":"T","uuid":"22222222-2222-4222-8222-222222222222"}"#.utf8), type: "carePlan")
    } throws: {
      guard let error = $0 as? CareKitFormatError else { return false }
      return error.code == .malformed && error.message.contains("effectiveDate") && error.entityType == "carePlan"
    }
  }

  @Test func envelopeLinesReadBackWithTheirLineNumberOnError() throws {
    let records = Self.samples()
    let lines = records.map { String(decoding: CareKitJSONWriter(envelope: true).bytes($0), as: UTF8.self) }
    let text = lines.joined(separator: "\n") + "\n\n"
    #expect(try CareKitJSONWriter.entities(fromNDJSON: Data(text.utf8)).map(\.record) == records)
    let bad = lines[0] + "\n" + #"{"type":"task","object":{"id":"t"}}"# + "\n"
    #expect {
      try CareKitJSONWriter.entities(fromNDJSON: Data(bad.utf8))
    } throws: {
      guard let error = $0 as? CareKitFormatError else { return false }
      return error.line == 2 && error.entityType == "task" && error.description.hasPrefix("line 2: task: ")
    }
  }

  @Test func revisionRecordReadsAndWritesCareKitsShape() throws {
    let data = try Self.fixture("revision")
    let record = try CareKitRevisionRecord(json: data)
    #expect(record.entities.map(\.type) == ["carePlan", "outcome"])
    let device = UUID(uuidString: "1C43F648-D41A-4A5A-8708-15737425FA7C")!
    #expect(record.knowledgeVector.clock(for: device) == 2)
    #expect(try Self.canonical(record.json()) == Self.canonical(data))
  }

  @Test func knowledgeVectorsCompareAsCareKitDefines() {
    let a = UUID(), b = UUID()
    let v1 = KnowledgeVector([a: 1]), v2 = KnowledgeVector([a: 2, b: 0]), v3 = KnowledgeVector([b: 1])
    #expect(v1.isLessThan(v2) && !v2.isLessThan(v1))
    #expect(!v1.isLessThan(KnowledgeVector([a: 1, b: 0])))  // equal is not less
    #expect(KnowledgeVector([a: 1]).isEquivalent(to: KnowledgeVector([a: 1, b: 0])))
    #expect(v2.isConcurrent(with: v3) && v3.isConcurrent(with: v2) && !v1.isConcurrent(with: v2))
    #expect(v2.merged(with: v3) == KnowledgeVector([a: 2, b: 1]))
    var v = KnowledgeVector()
    v.increment(clockFor: a)
    v.increment(clockFor: a)
    #expect(v.clock(for: a) == 2 && v.clock(for: b) == 0)
    #expect(KnowledgeVector().isLessThan(v) && !KnowledgeVector().isLessThan(KnowledgeVector()))
  }
}
