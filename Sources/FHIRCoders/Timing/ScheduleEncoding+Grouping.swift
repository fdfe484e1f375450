import CareModel
import FHIRCore
import FHIRJSON
import Foundation

extension ScheduleEncoding {
  /// What a release's `Timing` holds beyond what both releases have.
  public struct Capacity: Hashable, Sendable {
    /// How many `repeat.when` codes one timing holds.
    public var whenCodes: Int
    /// Whether the timing has `repeat.offset`.
    public var offset: Bool

    /// R4: any number of `when` codes, and `offset`.
    public static let r4 = Capacity(whenCodes: .max, offset: true)
    /// DSTU2: one `when`, no `offset`.
    public static let dstu2 = Capacity(whenCodes: 1, offset: false)
  }

  /// The most elements one group is tried with (a year of daily events, and more); longer
  /// runs are written in groups of at most this many.
  static let maxGroup = 400

  /// The report paths a candidate timing is decoded with to check it (the report is not kept).
  static let checkPaths = TimingPaths(cached: "Timing")

  /// A run of two or more elements from `index` that one timing holds exactly
  /// (``oneTiming(_:zone:capacity:keepsTexts:calendar:)``), with that timing: all the
  /// compatible elements from there when one timing holds them, else the longest run grown
  /// from two while each longer one still is one timing (each try decodes its run once, so a
  /// schedule of *n* elements costs at most *n*² element decodings, not *n*³).
  static func group(
    _ elements: [ScheduleElement], from index: Int, zone: TimeZone, capacity: Capacity, calendar: inout ScheduleCalendar
  ) -> (timing: TimingPattern, count: Int)? {
    let first = elements[index]
    var end = index + 1
    while end < elements.count, end - index < maxGroup, compatible(elements[end], first, calendar: &calendar) { end += 1 }
    let run = end - index
    guard run >= 2 else { return nil }
    if let timing = oneTiming(elements[index..<end], zone: zone, capacity: capacity, keepsTexts: true, calendar: &calendar) {
      return (timing, run)
    }
    var best: (timing: TimingPattern, count: Int)?
    var count = 2
    while count < run,
      let timing = oneTiming(elements[index..<(index + count)], zone: zone, capacity: capacity, keepsTexts: true, calendar: &calendar)
    {
      best = (timing, count)
      count += 1
    }
    return best
  }

  /// Whether two elements may come from one timing: the same interval, targets and duration
  /// (events may mix dates, all day, and times).
  static func compatible(_ a: ScheduleElement, _ b: ScheduleElement, calendar: inout ScheduleCalendar) -> Bool {
    guard a.interval == b.interval, a.targetValues == b.targetValues else { return false }
    return a.duration == b.duration || isEvent(a, calendar: &calendar) && isEvent(b, calendar: &calendar)
  }

  /// One timing whose elements, read back (``ScheduleDecoding``), are exactly `group`: events
  /// as one `event` list; otherwise a `repeat` from the earliest start (each element's first
  /// occurrence at the first of its clock times from there) with one period, the elements'
  /// clock times as `timeOfDay` (or, when their texts are event codes at those codes' times, as
  /// `when` with one `offset`), their weekdays as `dayOfWeek`, `frequency` *n* for *n* all-day
  /// elements on the same days or *n* evenly spaced in a period under a day, and a shared end as
  /// `boundsPeriod.end`, or different ends as the `count` of all their occurrences. `nil` when no
  /// such timing gives the elements back.
  /// - Parameter keepsTexts: Whether the elements' texts must come back too; when `false`,
  ///   elements with different texts may share a timing without text.
  static func oneTiming(
    _ group: ArraySlice<ScheduleElement>, zone: TimeZone, capacity: Capacity, keepsTexts: Bool,
    calendar: inout ScheduleCalendar
  ) -> TimingPattern? {
    guard let first = group.first else { return nil }
    for element in group.dropFirst() where !compatible(element, first, calendar: &calendar) { return nil }
    var timing = TimingPattern()
    if !ScheduleCalendar.isFixedOffset(zone) { timing.timeZone = zone.identifier }
    // The timed elements' duration (all-day events have none of their own).
    if let timed = group.first(where: { $0.duration != .allDay }), case .seconds(let seconds) = timed.duration, seconds != 0 {
      timing.duration = seconds
      timing.durationUnit = "s"
    }
    let sameText = group.allSatisfy { $0.text == first.text }
    if sameText { timing.codeText = first.text }
    var events = true
    for element in group where !isEvent(element, calendar: &calendar) { events = false }
    if events {
      // A duration would be read as lost on a date-only event.
      guard sameText || !keepsTexts, timing.duration == nil || group.allSatisfy({ $0.duration != .allDay }) else { return nil }
      timing.events = group.map { element in
        element.duration == .allDay
          ? dateOnly(element.start, calendar: &calendar) : FHIRDates.dateTime(element.start, zone: zone)
      }
      timing.hasRepeat = timing.duration != nil
    } else {
      guard repeatOf(group, sameText: sameText, into: &timing, capacity: capacity, keepsTexts: keepsTexts, calendar: &calendar)
      else { return nil }
    }
    return decodes(timing, to: group, zone: zone, keepsTexts: keepsTexts) ? timing : nil
  }

  /// Fills in the `repeat` of a timing for `group` (see ``oneTiming(_:zone:capacity:keepsTexts:calendar:)``);
  /// `false` when the group has no such shape.
  private static func repeatOf(
    _ group: ArraySlice<ScheduleElement>, sameText: Bool, into timing: inout TimingPattern, capacity: Capacity,
    keepsTexts: Bool, calendar: inout ScheduleCalendar
  ) -> Bool {
    guard let first = group.first, let single = TimingUnit.single(first.interval), single.value > 0,
      let start = group.map(\.start).min()
    else { return false }
    timing.hasRepeat = true
    timing.period = Double(single.value)
    timing.periodUnit = single.unit
    timing.frequency = 1
    let weekly = single.unit == "wk"
    var weekdays: [Int] = []
    var seenWeekdays: Set<Int> = []
    for element in group {
      let weekday = calendar.weekday(element.start)
      if seenWeekdays.insert(weekday).inserted { weekdays.append(weekday) }
    }
    if first.duration == .allDay {
      guard !hasSubDayUnit(first.interval), sameText || !keepsTexts else { return false }
      if group.allSatisfy({ $0.start == first.start }) {
        timing.frequency = group.count
      } else if weekly {
        timing.dayOfWeek = weekdays.map { dayCodes[$0 - 1] }
      } else {
        return false
      }
    } else if hasSubDayUnit(first.interval) {
      // n a period, evenly spaced from the first.
      guard sameText || !keepsTexts, let seconds = TimingUnit.fixedSeconds(first.interval) else { return false }
      let spacing = seconds / Double(group.count)
      let starts = group.map(\.start).sorted()
      for (k, date) in starts.enumerated() where date != start.addingTimeInterval(spacing * Double(k)) { return false }
      timing.frequency = group.count
    } else {
      var clockSet: Set<Int> = []
      for element in group { clockSet.insert(calendar.secondsOfDay(element.start)) }
      let clocks = clockSet.sorted()
      if !weekly {
        // Each first occurrence is its clock time on the start's day, else the next (as read).
        for element in group {
          var expected = calendar.clock(calendar.secondsOfDay(element.start), onDayOf: start)
          if expected < start { expected = calendar.adding(1, .day, to: expected) ?? expected }
          if expected != element.start { return false }
        }
      }
      if sameText {
        timing.timeOfDay = clocks.map(clockText)
      } else if let (codes, offset) = whenCodes(group, capacity: capacity, calendar: &calendar) {
        timing.when = codes
        timing.offset = offset
      } else if !keepsTexts {
        timing.timeOfDay = clocks.map(clockText)
      } else {
        return false
      }
      if weekly && weekdays.count > 1 { timing.dayOfWeek = weekdays.map { dayCodes[$0 - 1] } }
      if clocks.count > 1 { timing.frequency = clocks.count }
    }
    var end: Date?
    let ends = group.map(\.end)
    if ends.allSatisfy({ $0 == ends[0] }) {
      end = ends[0]
    } else {
      // Different ends: a count shared by the elements (each end just after its last occurrence).
      guard let step = TimingUnit.step(Double(single.value), unit: single.unit)?.step else { return false }
      var total = 0
      for element in group {
        guard let elementEnd = element.end,
          let count = occurrences(of: element, before: elementEnd, step: step, calendar: &calendar)
        else { return false }
        total += count
      }
      timing.count = total
    }
    timing.bounds = .period(
      start: FHIRDates.dateTime(start, zone: calendar.zone), end: end.map { inclusiveEnd($0, calendar: &calendar) })
    return true
  }

  /// How many occurrences `element` has before `end` (counted from midnight for an all-day
  /// element, as CareKit counts), `nil` past ten thousand.
  private static func occurrences(
    of element: ScheduleElement, before end: Date, step: TimingUnit.Step, calendar: inout ScheduleCalendar
  ) -> Int? {
    var date = element.duration == .allDay ? calendar.startOfDay(element.start) : element.start
    var count = 0
    while date < end {
      count += 1
      guard count <= 10_000, let next = calendar.adding(step.value, step.unit, to: date), next > date else { return nil }
      date = next
    }
    return count
  }

  /// The `when` codes of `group` and one `offset` for all of them, when every element's text is
  /// an event code (as the decoder names the elements of a `when` without `code.text`) and its
  /// clock time that code's (``WhenClock``) with that offset; `nil` otherwise.
  private static func whenCodes(
    _ group: ArraySlice<ScheduleElement>, capacity: Capacity, calendar: inout ScheduleCalendar
  ) -> (codes: [String], offset: Int?)? {
    var codes: [String] = []
    var minutes: [Int] = []
    for element in group {
      guard let code = element.text, WhenClock.minutes[code] != nil else { return nil }
      let seconds = calendar.secondsOfDay(element.start)
      guard seconds % 60 == 0 else { return nil }
      if !codes.contains(code) { codes.append(code) }
      minutes.append(seconds / 60)
    }
    guard codes.count <= capacity.whenCodes else { return nil }
    var offsets: [Int?] = [nil]
    if capacity.offset, let code = group.first?.text, let base = WhenClock.minutes[code] {
      // The offset that puts the first element's code at its clock time.
      let offset: Int
      if let (event, before) = WhenClock.event(of: code) {
        offset = before ? event - minutes[0] : minutes[0] - event
      } else {
        offset = minutes[0] - base
      }
      if offset >= 0 { offsets.append(offset) }
    }
    for offset in offsets {
      let fits = zip(group, minutes).allSatisfy { element, minute in
        guard let code = element.text, let clock = WhenClock.clock(for: code, offset: offset) else { return false }
        return !clock.wrapped && clock.minutes == minute
      }
      if fits { return (codes, offset) }
    }
    return nil
  }

  /// Whether `timing`, read back, gives exactly the elements of `group` (in any order; without
  /// their texts when `keepsTexts` is `false`).
  private static func decodes(
    _ timing: TimingPattern, to group: ArraySlice<ScheduleElement>, zone: TimeZone, keepsTexts: Bool
  ) -> Bool {
    guard let first = group.first, let start = group.map(\.start).min() else { return false }
    var report = ConversionReport()
    var back: [ScheduleElement] = []
    ScheduleDecoding.decode(
      timing, paths: checkPaths, at: { JSONPath([]) }, anchor: start, zone: zone, targetValues: first.targetValues,
      into: &back, report: &report)
    guard back.count == group.count else { return false }
    func key(_ element: ScheduleElement) -> ScheduleElement {
      var element = element
      if !keepsTexts { element.text = nil }
      return element
    }
    func ordered(_ elements: [ScheduleElement]) -> [ScheduleElement] {
      elements.map(key).sorted {
        ($0.start, $0.text ?? "", $0.end ?? .distantFuture) < ($1.start, $1.text ?? "", $1.end ?? .distantFuture)
      }
    }
    return ordered(back) == ordered(Array(group))
  }
}
