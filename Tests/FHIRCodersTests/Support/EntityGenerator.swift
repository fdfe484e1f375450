import CareModel
import Foundation

/// Builds care entities covering every field from a seed (SplitMix64), for the property tests.
/// Values stay inside what FHIR can carry exactly: ids of FHIR id characters, non-empty texts and
/// lists (an empty list reads back as absent), whole-second dates, single-unit intervals.
struct EntityGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
  mutating func bool() -> Bool { next() & 1 == 0 }
  mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { bool() ? make(&self) : nil }
  mutating func list<T>(_ count: ClosedRange<Int>, _ make: (inout Self) -> T) -> [T] { (0..<int(count)).map { _ in make(&self) } }
  mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }

  mutating func text() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 -éßø中")
    var s = String(pick(Array("abcdefXYZ")))
    for _ in 0..<int(0...12) { s.append(pick(alphabet)) }
    return s
  }
  mutating func id() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-./")  // "/": no valid FHIR id
    return String(pick(Array("abc"))) + String((0..<int(0...20)).map { _ in pick(alphabet) })
  }
  mutating func date() -> Date { Date(timeIntervalSince1970: TimeInterval(int(631_152_000...1_893_456_000))) }
  mutating func uuid() -> UUID {
    let a = next(), b = next()
    return UUID(uuid: (UInt8(a & 0xff), UInt8(a >> 8 & 0xff), UInt8(a >> 16 & 0xff), UInt8(a >> 24 & 0xff),
      UInt8(a >> 32 & 0xff), UInt8(a >> 40 & 0xff), UInt8(a >> 48 & 0xff), UInt8(a >> 56),
      UInt8(b & 0xff), UInt8(b >> 8 & 0xff), UInt8(b >> 16 & 0xff), UInt8(b >> 24 & 0xff),
      UInt8(b >> 32 & 0xff), UInt8(b >> 40 & 0xff), UInt8(b >> 48 & 0xff), UInt8(b >> 56)))
  }
  mutating func zone() -> TimeZone {
    TimeZone(identifier: pick(["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Adelaide", "Pacific/Chatham"]))!
  }

  mutating func common<E: CareEntity>(_ e: inout E) {
    e.uuid = uuid()
    e.effectiveDate = date()
    e.timezone = zone()
    e.createdDate = maybe { $0.date() }
    e.updatedDate = maybe { $0.date() }
    e.deletedDate = maybe { $0.date() }
    e.previousVersionUUIDs = list(0...3) { $0.uuid() }
    e.groupIdentifier = maybe { $0.text() }
    e.tags = maybe { $0.list(1...3) { $0.text() } }
    e.remoteID = maybe { $0.text() }
    e.source = maybe { $0.text() }
    e.userInfo = maybe { g in Dictionary(g.list(1...3) { ($0.text(), $0.text()) }, uniquingKeysWith: { a, _ in a }) }
    e.notes = maybe { g in
      g.list(1...2) { Note(author: $0.maybe { $0.text() }, title: $0.maybe { $0.text() }, content: $0.maybe { $0.text() }, createdDate: $0.maybe { $0.date() }) }
    }
  }

  mutating func patient() -> PatientEntity {
    var name = NameComponents()
    name.givenName = maybe { $0.text() }
    if name.givenName != nil { name.middleName = maybe { $0.text() } }
    name.familyName = maybe { $0.text() }
    name.namePrefix = maybe { $0.text() }
    name.nameSuffix = maybe { $0.text() }
    name.nickname = maybe { $0.text() }
    var birthday: DateComponents?
    switch int(0...3) {
    case 0: birthday = nil
    case 1: birthday = DateComponents(year: int(1900...2024))
    case 2: birthday = DateComponents(year: int(1900...2024), month: int(1...12))
    default: birthday = DateComponents(year: int(1900...2024), month: int(1...12), day: int(1...28))
    }
    let sex: BiologicalSex? = pick([nil, .male, .female, .other("other"), .other("unknown"), .other(text())])
    var p = PatientEntity(id: id(), name: name, sex: sex, birthday: birthday, allergies: maybe { $0.list(1...3) { $0.text() } })
    common(&p)
    return p
  }

  mutating func target() -> OutcomeValue {
    let value: OutcomeValue.Value = bool() ? .double(Double(int(-100_000...100_000)) / pick([1, 4, 100, 3])) : .integer(int(-1000...1000))
    return OutcomeValue(value, units: maybe { $0.text() }, kind: pick([nil, "dose", text()]), createdDate: maybe { $0.date() })
  }

  mutating func element(maxTargets: Int) -> ScheduleElement {
    let start = date()
    let unit: Calendar.Component = pick([.minute, .hour, .day, .weekOfYear, .month, .year])
    var interval = DateComponents()
    interval.setValue(int(1...5), for: unit)
    return ScheduleElement(
      start: start, end: maybe { $0.date().addingTimeInterval(0) }.map { max($0, start.addingTimeInterval(3600)) },
      // All day only with a day or more between occurrences (CareKit moves every all-day
      // occurrence to midnight: all day every few hours is no schedule).
      interval: interval, text: maybe { $0.text() },
      duration: bool() && unit != .minute && unit != .hour ? .allDay : .seconds(Double(int(1...7200))),
      targetValues: list(0...maxTargets) { $0.target() })
  }

  mutating func task(maxTargets: Int) -> TaskEntity {
    var t = TaskEntity(
      id: id(), title: maybe { $0.text() }, instructions: maybe { $0.text() }, impactsAdherence: bool(),
      schedule: Schedule(elements: list(1...3) { $0.element(maxTargets: maxTargets) }), carePlanUUID: maybe { $0.uuid() })
    common(&t)
    return t
  }

  mutating func carePlan() -> CarePlanEntity {
    var p = CarePlanEntity(id: id(), title: text(), patientUUID: maybe { $0.uuid() })
    common(&p)
    return p
  }

  mutating func outcomeValue() -> OutcomeValue {
    let value: OutcomeValue.Value =
      switch int(0...4) {
      case 0: .double(Double(int(-1_000_000...1_000_000)) / pick([1, 8, 1000]))
      // Past 32 bits too: R4's valueInteger cannot hold those (they travel as a quantity).
      case 1: .integer(bool() ? int(-100_000...100_000) : int(-(1 << 53)...(1 << 53)))
      case 2: .boolean(bool())
      case 3: .text(text())
      default: .date(date())
      }
    return OutcomeValue(value, units: maybe { $0.text() }, kind: maybe { $0.text() }, createdDate: maybe { $0.date() })
  }

  mutating func outcome() -> OutcomeEntity {
    var o = OutcomeEntity(
      id: id(), taskUUID: maybe { $0.uuid() }, taskOccurrenceIndex: int(0...50), values: list(1...4) { $0.outcomeValue() })
    common(&o)
    o.endDate = maybe { g in o.effectiveDate.addingTimeInterval(Double(g.int(0...86_400))) }
    return o
  }
}
