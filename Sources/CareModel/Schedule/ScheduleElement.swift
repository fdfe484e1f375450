public import Foundation

/// One repeating pattern of a schedule (CareKitStore `OCKScheduleElement`): occurrences at
/// `start`, `start + interval`, `start + 2 × interval`, … while before `end` (exclusive; `nil`
/// repeats forever), each lasting `duration`.
public struct ScheduleElement: Codable, Hashable, Sendable {
  /// The first occurrence.
  public var start: Date
  /// The end of the pattern, exclusive; `nil` for no end.
  public var end: Date?
  /// The time between occurrences, as calendar components (`day: 1`, `weekOfYear: 2`, `month: 1`).
  public var interval: DateComponents
  /// Text shown for each occurrence (`"Before breakfast"`).
  public var text: String?
  /// How long each occurrence lasts.
  public var duration: Duration
  /// What each occurrence should achieve (a dose, a number of steps).
  public var targetValues: [OutcomeValue]

  /// How long an occurrence lasts: all day, or a number of seconds.
  public enum Duration: Codable, Hashable, Sendable {
    /// The whole day of the occurrence.
    case allDay
    /// A number of seconds from the occurrence's start.
    case seconds(Double)

    enum CodingKeys: String, CodingKey { case allDay, seconds }

    /// Decodes `{"seconds": n}` as ``seconds(_:)``; anything else (CareKit writes `{"allDay": true}`) is ``allDay``.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if let seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) {
        self = .seconds(seconds)
      } else {
        self = .allDay
      }
    }

    /// Encodes `{"allDay": true}` or `{"seconds": n}`, as CareKit does.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch self {
      case .allDay: try container.encode(true, forKey: .allDay)
      case .seconds(let seconds): try container.encode(seconds, forKey: .seconds)
      }
    }
  }

  /// Creates a repeating pattern.
  /// - Parameters:
  ///   - start: The first occurrence.
  ///   - end: The end of the pattern, exclusive; `nil` for no end.
  ///   - interval: The time between occurrences (`DateComponents(day: 1)`).
  ///   - text: Text shown for each occurrence.
  ///   - duration: How long each occurrence lasts (default: all day).
  ///   - targetValues: What each occurrence should achieve.
  public init(
    start: Date, end: Date? = nil, interval: DateComponents, text: String? = nil,
    duration: Duration = .allDay, targetValues: [OutcomeValue] = []
  ) {
    self.start = start
    self.end = end
    self.interval = interval
    self.text = text
    self.duration = duration
    self.targetValues = targetValues
  }

  /// The date of occurrence `index` (0 is `start`), or `nil` past `end` or when the interval
  /// does not advance.
  /// - Parameters:
  ///   - index: The occurrence, from 0.
  ///   - calendar: The calendar the interval is counted in (Gregorian in the element's zone).
  public func date(ofOccurrence index: Int, calendar: Calendar) -> Date? {
    var step = DateComponents()
    for unit in Self.units {
      if let value = interval.value(for: unit), value != 0 { step.setValue(value * index, for: unit) }
    }
    guard let date = calendar.date(byAdding: step, to: start) else { return nil }
    if index > 0 && date <= start { return nil }
    if let end, date >= end { return nil }
    return date
  }

  /// The calendar units an interval may use.
  public static let units: [Calendar.Component] = [.year, .month, .weekOfYear, .day, .hour, .minute, .second]
}
