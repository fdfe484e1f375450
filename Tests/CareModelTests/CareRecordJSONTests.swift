import CareModel
import FHIRJSON
import Foundation
import Testing

/// Care records written member by member (``CareJSONWriter/write(_:to:)``) give the bytes of their
/// `Codable` conformances, as `JSONEncoder` writes them and as ``CareJSONWriter/write(encodable:to:)``
/// does, for every field of every kind of record, each optional field present or not.
@Suite struct CareRecordJSONTests {
  static let texts = ["", "a", "x/y", "quote \" back \\", "\u{1}\u{1F}", "é 漢字 🙂", "Z", "a10", "a2", "_"]

  /// A record of each kind with every field set: values no entity default holds.
  static func everyField<G: RandomNumberGenerator>(_ random: inout G, keeping keep: () -> Bool) -> [CareRecord] {
    func text() -> String { texts.randomElement(using: &random)! }
    func date() -> Date { Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &random)) / 8) }
    func maybe<T>(_ value: @autoclosure () -> T) -> T? { keep() ? value() : nil }
    func name() -> NameComponents {
      NameComponents(
        givenName: maybe(text()), familyName: maybe(text()), middleName: maybe(text()), namePrefix: maybe(text()),
        nameSuffix: maybe(text()), nickname: maybe(text()))
    }
    func values() -> [OutcomeValue] {
      let kinds: [OutcomeValue.Value] = [
        .integer(Int.random(in: Int.min...Int.max, using: &random)), .double(Double.random(in: -1e9...1e9, using: &random)),
        .double(1), .boolean(Bool.random(using: &random)), .text(text()), .date(date()),
      ]
      return kinds.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)).map {
        var value = OutcomeValue($0, units: maybe(text()), kind: maybe(text()))
        value.createdDate = maybe(date())
        return value
      }
    }
    func common<E: CareEntity>(_ entity: inout E) {
      entity.createdDate = maybe(date())
      entity.updatedDate = maybe(date())
      entity.deletedDate = maybe(date())
      entity.previousVersionUUIDs = (0..<Int.random(in: 0...2, using: &random)).map { _ in UUID() }
      entity.groupIdentifier = maybe(text())
      entity.tags = maybe(texts.shuffled(using: &random).prefix(3).map { $0 })
      entity.remoteID = maybe(text())
      entity.source = maybe(text())
      entity.userInfo = maybe(Dictionary(uniqueKeysWithValues: texts.shuffled(using: &random).prefix(4).map { ($0, text()) }))
      entity.timezone = [TimeZone(identifier: "GMT")!, TimeZone(identifier: "Europe/Paris")!].randomElement(using: &random)!
      entity.notes = maybe([Note(author: maybe(text()), title: maybe(text()), content: maybe(text()), createdDate: maybe(date()))])
    }
    var patient = PatientEntity(
      id: text(), name: name(), sex: maybe([BiologicalSex.male, .female, .other(text())].randomElement(using: &random)!),
      birthday: maybe(DateComponents(year: 1970, month: Int.random(in: 1...12, using: &random), day: maybe(9))),
      allergies: maybe([text(), text()]), effectiveDate: date())
    common(&patient)
    var plan = CarePlanEntity(id: text(), title: text(), patientUUID: maybe(UUID()), effectiveDate: date())
    common(&plan)
    let elements = (0..<Int.random(in: 0...2, using: &random)).map { _ in
      ScheduleElement(
        start: date(), end: maybe(date()), interval: DateComponents(day: maybe(1), hour: maybe(8)), text: maybe(text()),
        duration: Bool.random(using: &random) ? .allDay : .seconds(Double(Int.random(in: 0...86_400, using: &random)) / 4),
        targetValues: values())
    }
    var task = TaskEntity(
      id: text(), title: maybe(text()), instructions: maybe(text()), impactsAdherence: Bool.random(using: &random),
      schedule: Schedule(elements: elements), carePlanUUID: maybe(UUID()), effectiveDate: date())
    common(&task)
    var outcome = OutcomeEntity(
      id: text(), taskUUID: maybe(UUID()), taskOccurrenceIndex: Int.random(in: -5...500, using: &random), values: values(),
      endDate: maybe(date()), effectiveDate: date())
    common(&outcome)
    var contact = ContactEntity(id: text(), name: name(), carePlanUUID: maybe(UUID()), effectiveDate: date())
    contact.title = maybe(text())
    contact.role = maybe(text())
    contact.organization = maybe(text())
    contact.category = maybe(text())
    contact.emailAddresses = maybe([LabeledValue(label: text(), value: text())])
    contact.phoneNumbers = maybe([LabeledValue(label: text(), value: text())])
    contact.messagingNumbers = maybe([])
    common(&contact)
    return [.patient(patient), .carePlan(plan), .task(task), .outcome(outcome), .contact(contact)]
  }

  @Test func everyFieldPresentOrNotGivesTheEncodersBytes() throws {
    var random = SystemRandomNumberGenerator()
    for round in 0..<300 {
      // Every optional field set in the first round, none in the second, then each at random.
      let keep: () -> Bool = { round == 0 ? true : round == 1 ? false : Bool.random() }
      for record in Self.everyField(&random, keeping: keep) {
        let direct = CareJSONWriter().bytes(record)
        #expect(direct == (try CareJSONWriterTests.foundation(record)), "\(String(decoding: direct, as: UTF8.self))")
        var tree = JSONWriter()
        try CareJSONWriter().write(encodable: record, to: &tree)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: tree.takeOutput(), as: UTF8.self))
      }
    }
  }

  /// Every stored property of every entity is a member of its JSON when set: a field added to an
  /// entity and not to ``CareRecordJSON`` (or to `everyField`) fails here.
  @Test func everyStoredPropertyIsWritten() throws {
    var random = SystemRandomNumberGenerator()
    for record in Self.everyField(&random, keeping: { true }) {
      let object = try JSONSerialization.jsonObject(with: Data(CareJSONWriter().bytes(record))) as? [String: Any]
      let labels = Mirror(reflecting: record.entity).children.compactMap(\.label)
      #expect(labels.count >= 16)
      for label in labels { #expect(object?[label] != nil, "\(record.kind).\(label)") }
      #expect(Set(object?.keys.map { $0 } ?? []) == Set(labels + ["kind"]), "\(record.kind)")
    }
  }
}
