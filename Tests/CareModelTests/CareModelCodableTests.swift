import CareModel
import Foundation
import Testing

/// Care entities encode with CareKitStore's field names and come back equal, and NDJSON
/// lines carry a `kind` beside the fields.
@Suite struct CareModelCodableTests {
  static let start = Date(timeIntervalSince1970: 1_700_000_000)

  static func samples() -> [CareRecord] {
    var patient = PatientEntity(
      id: "p1", name: NameComponents(givenName: "A", familyName: "B", middleName: "C", namePrefix: "Dr",
        nameSuffix: "Jr", nickname: "N"),
      sex: .other("intersex"), birthday: DateComponents(year: 1970, month: 3), allergies: ["peanut"],
      effectiveDate: start, timezone: TimeZone(identifier: "Europe/Paris")!)
    patient.tags = ["t"]
    patient.userInfo = ["k": "v"]
    patient.notes = [Note(author: "a", title: "t", content: "c", createdDate: start)]
    patient.previousVersionUUIDs = [UUID()]
    let plan = CarePlanEntity(id: "cp", title: "Plan", patientUUID: patient.uuid, effectiveDate: start)
    let element = ScheduleElement(
      start: start, end: start.addingTimeInterval(86_400 * 7), interval: DateComponents(hour: 8), text: "x",
      duration: .seconds(600), targetValues: [OutcomeValue(.double(2.5), units: "mg", kind: "dose")])
    let task = TaskEntity(id: "t", title: "Take", schedule: Schedule(elements: [element]), carePlanUUID: plan.uuid,
      effectiveDate: start)
    let outcome = OutcomeEntity(id: "o", taskUUID: task.uuid, taskOccurrenceIndex: 2, values: [
      OutcomeValue(.integer(3)), OutcomeValue(.boolean(true)), OutcomeValue(.text("t")), OutcomeValue(.date(start)),
    ], effectiveDate: start)
    let contact = ContactEntity(id: "c", name: NameComponents(givenName: "D"), carePlanUUID: plan.uuid, effectiveDate: start)
    return [.patient(patient), .carePlan(plan), .task(task), .outcome(outcome), .contact(contact)]
  }

  @Test func ndjsonRoundTripsWithKinds() throws {
    let records = Self.samples()
    let data = try CareJSON.ndjson(records)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 5)
    for (line, record) in zip(lines, records) {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["kind"] as? String == record.kind)
      #expect(object?["uuid"] != nil && object?["effectiveDate"] != nil && object?["timezone"] != nil)
    }
    #expect(try CareJSON.records(fromNDJSON: data) == records)
    #expect(CareJSON.unresolvedLinks(in: records).isEmpty)
    #expect(CareJSON.unresolvedLinks(in: Array(records.dropFirst())).map(\.field) == ["patientUUID"])
  }

  @Test func fieldNamesFollowCareKit() throws {
    let data = try CareJSON.makeEncoder().encode(Self.samples()[2])
    let text = String(decoding: data, as: UTF8.self)
    for name in ["carePlanUUID", "impactsAdherence", "schedule", "elements", "interval", "targetValues", "duration"] {
      #expect(text.contains("\"\(name)\""), "\(name)")
    }
    let patient = String(decoding: try CareJSON.makeEncoder().encode(Self.samples()[0]), as: UTF8.self)
    for name in ["givenName", "familyName", "sex", "birthday", "allergies", "previousVersionUUIDs", "userInfo"] {
      #expect(patient.contains("\"\(name)\""), "\(name)")
    }
  }

  @Test func occurrencesFollowTheInterval() {
    let element = ScheduleElement(
      start: Self.start, end: Self.start.addingTimeInterval(3 * 3600), interval: DateComponents(hour: 1))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    #expect(element.date(ofOccurrence: 2, calendar: calendar) == Self.start.addingTimeInterval(7200))
    #expect(element.date(ofOccurrence: 3, calendar: calendar) == nil)
  }
}
