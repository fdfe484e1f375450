import CareModel
import FHIRCoders
import Foundation
import Testing

/// A dose whose first time falls in the hour the clock repeats when daylight saving ends: both
/// instants have one clock time, and the schedule must keep the second one, on the same day, not
/// move to the next day (found by `RoundTripPropertyTests` with seed 284665040946571925).
@Suite("Schedules starting in the repeated hour")
struct ScheduleRepeatedHourTests {
  static let zone = TimeZone(identifier: "America/New_York")!

  /// 2021-11-07 01:30 EST (06:30 UTC): New York's clocks went back from 02:00 EDT to 01:00 EST.
  static let secondInstant = Date(timeIntervalSince1970: 1_636_266_600)

  static func task(interval: DateComponents) -> TaskEntity {
    let element = ScheduleElement(start: secondInstant, interval: interval, duration: .seconds(600))
    return TaskEntity(
      id: "dose", title: "Dose", schedule: Schedule(elements: [element]),
      uuid: UUID(uuidString: "1D1F8B1E-5B63-4C4A-9C59-3B1A4C1E2F30")!, effectiveDate: secondInstant, timezone: zone)
  }

  @Test(
    "R4 and DSTU2 orders keep the start in the repeated hour",
    arguments: [
      DateComponents(day: 1), DateComponents(day: 2), DateComponents(weekOfYear: 1), DateComponents(month: 3),
    ])
  func roundTrip(_ interval: DateComponents) throws {
    let task = Self.task(interval: interval)
    let r4 = try R4MedicationRequestCoder().decode(R4MedicationRequestCoder().encode(task).value).value
    #expect(r4.schedule == task.schedule)
    let dstu2 = try DSTU2MedicationOrderCoder().decode(DSTU2MedicationOrderCoder().encode(task).value).value
    #expect(dstu2.schedule == task.schedule)
  }
}
