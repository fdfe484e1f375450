import CareModel
import Foundation

/// The phases of a taper: dosages with increasing `sequence`, each starting where the one before
/// it ends (docs/mapping.md, Timing).
enum SchedulePhase {
  /// Where the phase made of `elements` ends, for the next phase to start: the earliest end of
  /// its elements after its last occurrence. That is the slot its pattern would have had next —
  /// `count 2` at 08:00 and 20:00 from the 1st ends on the 2nd at 08:00, not a day after the
  /// evening dose, which would skip the morning dose the next phase owes — or the bound its
  /// elements share (`boundsDuration`, `boundsPeriod`). `nil` when an element has no end: no
  /// phase can follow it.
  /// - Parameters:
  ///   - elements: The phase's elements.
  ///   - zone: The zone their clock times are counted in.
  static func end(of elements: some Collection<ScheduleElement>, zone: TimeZone) -> Date? {
    let ends = elements.compactMap(\.end)
    guard !ends.isEmpty, ends.count == elements.count else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let lastOccurrences = elements.compactMap { element -> Date? in
      guard let end = element.end else { return nil }
      let count = element.occurrenceCount(before: end, includingDate: false, calendar: calendar)
      return count > 0 ? element.date(ofOccurrence: count - 1, calendar: calendar) : nil
    }
    guard let last = lastOccurrences.max() else { return ends.max() }
    return ends.filter { $0 > last }.min() ?? ends.max()
  }
}
