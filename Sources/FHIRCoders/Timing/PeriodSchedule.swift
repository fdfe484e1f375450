public import CareModel
public import FHIRCore
public import FHIRJSON
public import Foundation

/// A FHIR `Period` as a schedule element: daily, all day, from `start` (else the anchor,
/// defaulted) through the day of `end` (a FHIR end includes all it names; none for an open period).
public enum PeriodSchedule {
  /// The element for a period at `path`. A period ending before it starts (per-1) is
  /// reported at `location` (else at `path` without its resource type) and left open.
  public static func element(
    start: Primitive<FHIRDateTime>?, end: Primitive<FHIRDateTime>?, path: String, at location: JSONPath? = nil,
    anchor: Date, zone: TimeZone, targets: [OutcomeValue], report: inout ConversionReport
  ) -> ScheduleElement {
    element(
      start: start, end: end, startPath: ReportPath(path + ".start"), endPath: ReportPath(path + ".end"),
      at: { location ?? ScheduleDecoding.elementPath(path) }, anchor: anchor, zone: zone, targets: targets, report: &report)
  }

  /// ``element(start:end:path:at:anchor:zone:targets:report:)`` with the report paths of `start`
  /// and `end` given (a coder's, built once) and the issue location made only for an issue.
  static func element(
    start: Primitive<FHIRDateTime>?, end: Primitive<FHIRDateTime>?, startPath: ReportPath, endPath: ReportPath,
    at location: () -> JSONPath, anchor: Date, zone: TimeZone, targets: [OutcomeValue], report: inout ConversionReport
  ) -> ScheduleElement {
    var calendar = ScheduleCalendar(zone)
    var first = anchor
    if let point = FHIRDates.point(start, zone: zone) {
      first = point.date
      report.mapped(startPath)
    } else {
      report.defaulted(startPath)
    }
    var last: Date?
    if let point = FHIRDates.point(end, zone: zone) {
      let exclusive = ScheduleDecoding.exclusiveEnd(point, calendar: &calendar)
      if exclusive <= first {
        report.issue(.invalidValue, "the period ends before it starts (per-1); the end is dropped", at: location())
      } else {
        last = exclusive
        report.mapped(endPath)
      }
    }
    return ScheduleElement(start: first, end: last, interval: DateComponents(day: 1), targetValues: targets)
  }
}
