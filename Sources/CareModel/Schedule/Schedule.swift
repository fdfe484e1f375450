public import Foundation

/// When a task is to be done (CareKitStore `OCKSchedule`): the union of its elements' occurrences.
public struct Schedule: Codable, Hashable, Sendable {
  /// The repeating patterns, each with its own start, interval and targets.
  public var elements: [ScheduleElement]

  /// Creates a schedule from its repeating patterns.
  /// - Parameter elements: The patterns; the schedule's occurrences are the union of theirs.
  public init(elements: [ScheduleElement]) {
    self.elements = elements
  }

  /// The earliest start of any element.
  public var startDate: Date? { elements.map(\.start).min() }

  /// The latest end, or `nil` if any element has none.
  public var endDate: Date? {
    var latest: Date?
    for element in elements {
      guard let end = element.end else { return nil }
      latest = max(latest ?? end, end)
    }
    return latest
  }

  /// A schedule with one element each day from `start`, all day.
  /// - Parameters:
  ///   - start: The first day's occurrence.
  ///   - end: The end, exclusive, or `nil`.
  ///   - text: The text for each occurrence.
  public static func daily(start: Date, end: Date? = nil, text: String? = nil) -> Schedule {
    Schedule(elements: [ScheduleElement(start: start, end: end, interval: DateComponents(day: 1), text: text)])
  }
}
