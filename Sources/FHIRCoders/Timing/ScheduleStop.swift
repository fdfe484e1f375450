import CareModel
import FHIRCore
import Foundation

/// Where the schedule of an order or plan activity that has ended stops, so that a stopped,
/// completed, cancelled or held medication does not remind anyone to take it, nor count years of
/// missed doses. The rules are listed in `docs/mapping.md` (the Timing table's rows on orders and activities that have ended).
enum ScheduleStop {
  /// What the FHIR resource says of its end.
  enum Ending {
    /// It has not ended (`active`, `draft`, `unknown`, no status, …).
    case open
    /// It ended on a known date (DSTU2 `MedicationOrder.dateEnded`, `CarePlan.period.end`): the
    /// exclusive end (``stopInstant(_:zone:)``, ``exclusiveEnd(_:zone:)``).
    case on(Date)
    /// Its status says it ended or is halted (`stopped`, `completed`, `cancelled`, `revoked`,
    /// `on-hold`) and nothing says when.
    case undated
  }

  /// The statuses of an order, a plan or an activity that mean it is over, in either release:
  /// `stopped`, `completed`, `cancelled` (orders, activities; DSTU2 plans) and `revoked` (R4 plans);
  /// and `on-hold` (orders, activities, R4 plans), whose actions FHIR says are halted until it
  /// resumes: nothing is due while it is held, and a later import of the order active again
  /// gives the task its schedule back, as a new version.
  static func hasEnded(status: String?) -> Bool {
    switch status {
    case "stopped", "completed", "cancelled", "revoked", "on-hold": true
    default: false
    }
  }

  /// Whether an order is not yet one to act on: a `draft` (either release), or an R4 request of
  /// intent `proposal` or `option` (suggested, not authorised). Nothing is due before it is
  /// ordered: its schedule is cut as a held order's is (``Ending/undated``).
  static func isNotYetDue(status: String?, intent: String?) -> Bool {
    status == "draft" || intent == "proposal" || intent == "option"
  }

  /// The statuses among those that mean something ended before its time, not as planned:
  /// `stopped`, `cancelled`, `revoked` and the halt of `on-hold` (`completed` is done as planned).
  /// An activity cut short is due no more from its first day, whatever its plan's `period.end`.
  static func wasCutShort(status: String?) -> Bool {
    hasEnded(status: status) && status != "completed"
  }

  /// The exclusive end of a FHIR `Period.end`, which includes all it names (`2024-03-14` ends at
  /// the next midnight in `zone`, `10:00:00` a second later), `nil` when there is none or it is
  /// not a date.
  static func exclusiveEnd(_ value: FHIRDateTime?, zone: TimeZone) -> Date? {
    guard let point = FHIRDates.point(dateTime: value, zone: zone) else { return nil }
    var calendar = ScheduleCalendar(zone)
    return ScheduleDecoding.exclusiveEnd(point, calendar: &calendar)
  }

  /// When something stopped, as an exclusive end: a date (or month, year) includes all it names,
  /// as a period's end does; a time is the instant it stopped (DSTU2 `dateEnded`
  /// `2017-07-15T00:00:00.000Z`: nothing is due from that instant on).
  static func stopInstant(_ value: Primitive<FHIRDateTime>?, zone: TimeZone) -> Date? {
    guard let point = FHIRDates.point(value, zone: zone) else { return nil }
    guard point.precision <= .day else { return point.date }
    var calendar = ScheduleCalendar(zone)
    return ScheduleDecoding.exclusiveEnd(point, calendar: &calendar)
  }

  /// `elements` ended as `ending` says.
  /// - A known date: each element ends no later than it; an element that would start at or after
  ///   it is left out. When that leaves nothing (the end comes before the schedule starts), the
  ///   elements are ended as for ``Ending/undated`` and `false` is returned (the caller reports it).
  /// - Undated: each element without end keeps only the day it starts (CareKit needs an element to
  ///   occur at least once: its first day is the least a schedule can say), elements that end
  ///   already are kept as they are.
  /// - Returns: Whether a known end date could be applied (always `true` otherwise).
  static func end(_ elements: inout [ScheduleElement], _ ending: Ending, zone: TimeZone) -> Bool {
    switch ending {
    case .open:
      return true
    case .on(let date):
      let kept = elements.filter { $0.start < date }.map { element in
        var element = element
        element.end = min(element.end ?? date, date)
        return element
      }
      guard kept.isEmpty && !elements.isEmpty else {
        elements = kept
        return true
      }
      endAfterFirstDay(&elements, zone: zone)
      return false
    case .undated:
      endAfterFirstDay(&elements, zone: zone)
      return true
    }
  }

  /// Each element without end ends at the midnight after its start, in `zone`.
  private static func endAfterFirstDay(_ elements: inout [ScheduleElement], zone: TimeZone) {
    var calendar = ScheduleCalendar(zone)
    for index in elements.indices where elements[index].end == nil {
      elements[index].end = firstDayEnd(of: elements[index].start, calendar: &calendar)
    }
  }

  /// The end an element without end gets when its schedule is cut to its first day: the
  /// midnight after `start` in `calendar`'s zone (``FirstDayCut`` reopens elements that end there).
  static func firstDayEnd(of start: Date, calendar: inout ScheduleCalendar) -> Date {
    calendar.adding(1, .day, to: calendar.startOfDay(start)) ?? start.addingTimeInterval(86_400)
  }
}
