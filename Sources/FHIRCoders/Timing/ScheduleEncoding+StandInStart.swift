import CareModel
import FHIRCore
import Foundation

extension ScheduleEncoding {
  /// `written` for an order or activity that gave no date to anchor its schedule at: its task's
  /// `effectiveDate` is then the 1 January 1970 stand-in (docs/mapping.md, Timing), and the
  /// `boundsPeriod.start` a timing takes from a start within two days of it is left out. Read
  /// back, such a timing starts where an undated order starts again, and no one reads 1970 as
  /// the day the order began (a consumer would see 54 years of doses due). Other timings are
  /// unchanged.
  static func withoutStandInStart(_ written: [Written], effectiveDate: Date, zone: TimeZone) -> [Written] {
    guard effectiveDate == FHIRDates.epoch else { return written }
    return written.map { item in
      guard case .period(let start?, let end)? = item.timing.bounds,
        let date = FHIRDates.point(start, zone: zone)?.date, abs(date.timeIntervalSince(FHIRDates.epoch)) < 2 * 86_400
      else { return item }
      var item = item
      item.timing.bounds = end.map { .period(start: nil, end: $0) }
      return item
    }
  }
}
