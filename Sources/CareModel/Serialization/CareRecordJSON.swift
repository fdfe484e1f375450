import FHIRJSON
import Foundation

/// Writes a care record member by member, its keys in the order of their UTF-8 bytes: the
/// bytes its `Codable` conformance gives through ``TreeEncoder`` (and `JSONEncoder`), without
/// building a tree of boxes for each record first
/// (docs/benchmarks/job-2026-11-28-sessions-11-13.md, "Care records written directly").
/// `DateComponents` are Foundation's to encode, so they still go through their `Codable`
/// conformance; a `TimeZone` is written as its conformance writes it (its identifier).
///
/// A field added to an entity must be written here too, in its key's place:
/// `CareRecordJSONTests` compares these bytes with `JSONEncoder`'s for every field.
struct CareRecordJSON {
  var writer: JSONWriter
  let dateFormat: @Sendable (Date) -> String

  /// Writes `record`'s JSON object.
  mutating func write(_ record: CareRecord) throws {
    switch record {
    case .patient(let e): try write(e)
    case .carePlan(let e): try write(e)
    case .task(let e): try write(e)
    case .outcome(let e): try write(e)
    case .contact(let e): try write(e)
    }
  }

  private mutating func write(_ e: PatientEntity) throws {
    writer.beginObject()
    strings("allergies", e.allergies)
    if let birthday = e.birthday { try foundation("birthday", birthday) }
    dates(e)
    groupAndID(e)
    string("kind", "patient")
    name("name", e.name)
    notes(e.notes)
    versions(e)
    string("sex", e.sex?.rawValue)
    sourceAndTags(e)
    timeZone(e.timezone)
    last(e)
    writer.endObject()
  }

  private mutating func write(_ e: CarePlanEntity) throws {
    writer.beginObject()
    dates(e)
    groupAndID(e)
    string("kind", "carePlan")
    notes(e.notes)
    uuid("patientUUID", e.patientUUID)
    versions(e)
    sourceAndTags(e)
    timeZone(e.timezone)
    string("title", e.title)
    last(e)
    writer.endObject()
  }

  private mutating func write(_ e: TaskEntity) throws {
    writer.beginObject()
    uuid("carePlanUUID", e.carePlanUUID)
    dates(e)
    groupAndID(e)
    writer.key("impactsAdherence")
    writer.bool(e.impactsAdherence)
    string("instructions", e.instructions)
    string("kind", "task")
    notes(e.notes)
    versions(e)
    writer.key("schedule")
    try schedule(e.schedule)
    sourceAndTags(e)
    timeZone(e.timezone)
    string("title", e.title)
    last(e)
    writer.endObject()
  }

  private mutating func write(_ e: OutcomeEntity) throws {
    writer.beginObject()
    dates(e)
    date("endDate", e.endDate)
    groupAndID(e)
    string("kind", "outcome")
    notes(e.notes)
    versions(e)
    sourceAndTags(e)
    writer.key("taskOccurrenceIndex")
    CareJSONScalar.integer(e.taskOccurrenceIndex).write(to: &writer)
    uuid("taskUUID", e.taskUUID)
    timeZone(e.timezone)
    last(e)
    writer.key("values")
    outcomeValues(e.values)
    writer.endObject()
  }

  private mutating func write(_ e: ContactEntity) throws {
    writer.beginObject()
    uuid("carePlanUUID", e.carePlanUUID)
    string("category", e.category)
    dates(e)
    labeledValues("emailAddresses", e.emailAddresses)
    groupAndID(e)
    string("kind", "contact")
    labeledValues("messagingNumbers", e.messagingNumbers)
    name("name", e.name)
    notes(e.notes)
    string("organization", e.organization)
    labeledValues("phoneNumbers", e.phoneNumbers)
    versions(e)
    string("role", e.role)
    sourceAndTags(e)
    timeZone(e.timezone)
    string("title", e.title)
    last(e)
    writer.endObject()
  }

  // MARK: Members every entity has, in runs their keys' order keeps together

  /// `createdDate`, `deletedDate`, `effectiveDate`.
  private mutating func dates(_ e: some CareEntity) {
    date("createdDate", e.createdDate)
    date("deletedDate", e.deletedDate)
    date("effectiveDate", e.effectiveDate)
  }

  /// `groupIdentifier`, `id`.
  private mutating func groupAndID(_ e: some CareEntity) {
    string("groupIdentifier", e.groupIdentifier)
    string("id", e.id)
  }

  /// `previousVersionUUIDs`, `remoteID`.
  private mutating func versions(_ e: some CareEntity) {
    uuids("previousVersionUUIDs", e.previousVersionUUIDs)
    string("remoteID", e.remoteID)
  }

  /// `source`, `tags`.
  private mutating func sourceAndTags(_ e: some CareEntity) {
    string("source", e.source)
    strings("tags", e.tags)
  }

  /// `updatedDate`, `userInfo`, `uuid`: the last members of every entity but an outcome, whose
  /// `values` follow.
  private mutating func last(_ e: some CareEntity) {
    date("updatedDate", e.updatedDate)
    userInfo(e.userInfo)
    uuid("uuid", e.uuid)
  }

  // MARK: Nested values

  private mutating func schedule(_ schedule: Schedule) throws {
    writer.beginObject()
    writer.key("elements")
    writer.beginArray()
    for element in schedule.elements {
      writer.beginObject()
      writer.key("duration")
      writer.beginObject()
      switch element.duration {
      case .allDay:
        writer.key("allDay")
        writer.bool(true)
      case .seconds(let seconds):
        writer.key("seconds")
        CareJSONScalar.double(seconds).write(to: &writer)
      }
      writer.endObject()
      date("end", element.end)
      try foundation("interval", element.interval)
      date("start", element.start)
      writer.key("targetValues")
      outcomeValues(element.targetValues)
      string("text", element.text)
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  private mutating func outcomeValues(_ values: [OutcomeValue]) {
    writer.beginArray()
    for value in values {
      writer.beginObject()
      date("createdDate", value.createdDate)
      string("kind", value.kind)
      string("type", value.value.typeName)
      string("units", value.units)
      writer.key("value")
      switch value.value {
      case .integer(let v): CareJSONScalar.integer(v).write(to: &writer)
      case .double(let v): CareJSONScalar.double(v).write(to: &writer)
      case .boolean(let v): writer.bool(v)
      case .text(let v): writer.string(v)
      case .date(let v): writer.string(dateFormat(v))
      }
      writer.endObject()
    }
    writer.endArray()
  }

  private mutating func name(_ key: String, _ name: NameComponents) {
    writer.key(key)
    writer.beginObject()
    string("familyName", name.familyName)
    string("givenName", name.givenName)
    string("middleName", name.middleName)
    string("namePrefix", name.namePrefix)
    string("nameSuffix", name.nameSuffix)
    string("nickname", name.nickname)
    writer.endObject()
  }

  private mutating func notes(_ notes: [Note]?) {
    guard let notes else { return }
    writer.key("notes")
    writer.beginArray()
    for note in notes {
      writer.beginObject()
      string("author", note.author)
      string("content", note.content)
      date("createdDate", note.createdDate)
      string("title", note.title)
      writer.endObject()
    }
    writer.endArray()
  }

  private mutating func labeledValues(_ key: String, _ values: [LabeledValue]?) {
    guard let values else { return }
    writer.key(key)
    writer.beginArray()
    for value in values {
      writer.beginObject()
      string("label", value.label)
      string("value", value.value)
      writer.endObject()
    }
    writer.endArray()
  }

  // MARK: Members

  /// A member whose value is a string, left out when `nil` (as `encodeIfPresent` does).
  private mutating func string(_ key: String, _ value: String?) {
    guard let value else { return }
    writer.key(key)
    writer.string(value)
  }

  private mutating func date(_ key: String, _ value: Date?) {
    guard let value else { return }
    writer.key(key)
    writer.string(dateFormat(value))
  }

  private mutating func uuid(_ key: String, _ value: UUID?) {
    guard let value else { return }
    writer.key(key)
    writer.string(value.text)
  }

  private mutating func uuids(_ key: String, _ values: [UUID]) {
    writer.key(key)
    writer.beginArray()
    for value in values { writer.string(value.text) }
    writer.endArray()
  }

  private mutating func strings(_ key: String, _ values: [String]?) {
    guard let values else { return }
    writer.key(key)
    writer.beginArray()
    for value in values { writer.string(value) }
    writer.endArray()
  }

  /// `userInfo`: its keys are data, written in the order of their bytes as `JSONEncoder`'s
  /// `.sortedKeys` writes a dictionary's.
  private mutating func userInfo(_ values: [String: String]?) {
    guard let values else { return }
    writer.key("userInfo")
    writer.beginObject()
    for (key, value) in values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      writer.key(key)
      writer.string(value)
    }
    writer.endObject()
  }

  /// The `timezone` member: what `TimeZone`'s `Codable` conformance writes (its identifier), written
  /// here rather than through it, since every record has one (`job` benchmark, issue 20).
  private mutating func timeZone(_ value: TimeZone) {
    writer.key("timezone")
    writer.beginObject()
    writer.key("identifier")
    writer.string(value.identifier)
    writer.endObject()
  }

  /// A member of a Foundation type, encoded through its own `Codable` conformance.
  private mutating func foundation(_ key: String, _ value: some Encodable) throws {
    writer.key(key)
    try TreeEncoder.value(of: value, dateFormat: dateFormat).write(to: &writer)
  }
}
