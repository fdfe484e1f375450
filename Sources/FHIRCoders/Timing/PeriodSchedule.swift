public import CareModel
public import FHIRCore
public import Foundation

/// A FHIR `Period` as a schedule element: daily, all day, from `start` (else the anchor,
/// defaulted) to `end` (exclusive; none for an open period).
public enum PeriodSchedule {
  /// The element for a period at `path`.
  public static func element(
    start: Primitive<FHIRDateTime>?, end: Primitive<FHIRDateTime>?, path: String, anchor: Date, zone: TimeZone,
    targets: [OutcomeValue], report: inout ConversionReport
  ) -> ScheduleElement {
    var first = anchor
    if let point = FHIRDates.point(start, zone: zone) {
      first = point.date
      report.mapped(path + ".start")
    } else {
      report.defaulted(path + ".start")
    }
    var last: Date?
    if let point = FHIRDates.point(end, zone: zone) {
      last = point.date
      report.mapped(path + ".end")
    }
    return ScheduleElement(start: first, end: last, interval: DateComponents(day: 1), targetValues: targets)
  }
}
