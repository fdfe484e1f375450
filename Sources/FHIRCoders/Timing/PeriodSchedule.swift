public import CareModel
public import FHIRCore
public import FHIRJSON
public import Foundation

/// A FHIR `Period` as a schedule element: daily, all day, from `start` (else the anchor,
/// defaulted) to `end` (exclusive; none for an open period).
public enum PeriodSchedule {
  /// The element for a period at `path`. A period ending before it starts (per-1) is
  /// reported at `location` (else at `path` without its resource type) and left open.
  public static func element(
    start: Primitive<FHIRDateTime>?, end: Primitive<FHIRDateTime>?, path: String, at location: JSONPath? = nil,
    anchor: Date, zone: TimeZone, targets: [OutcomeValue], report: inout ConversionReport
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
      if point.date < first {
        report.issue(
          .invalidValue, "the period ends before it starts (per-1); the end is dropped",
          at: location ?? ScheduleDecoding.elementPath(path))
      } else {
        last = point.date
        report.mapped(path + ".end")
      }
    }
    return ScheduleElement(start: first, end: last, interval: DateComponents(day: 1), targetValues: targets)
  }
}
