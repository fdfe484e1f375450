import Foundation

/// CareKitStore 3's `OCKScheduleElement` as its synthesized `Codable` writes it: `start`,
/// `end` when set, `interval` (`DateComponents`), `text` when set, `duration`, `targetValues`
/// and `calendar` (the Gregorian calendar in the task's time zone).
struct CareKitScheduleElement: Codable, Hashable, Sendable {
  var start: Date
  var end: Date?
  var interval: DateComponents
  var text: String?
  var duration: Duration
  var targetValues: [CareKitOutcomeValue]?
  var calendar: Calendar?

  /// `OCKScheduleElement.Duration`: `{"isAllDay": true}` or `{"isAllDay": false, "seconds": n}`.
  enum Duration: Codable, Hashable, Sendable {
    case allDay
    case seconds(Double)

    enum CodingKeys: String, CodingKey { case isAllDay, seconds }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if try container.decodeIfPresent(Bool.self, forKey: .isAllDay) == true {
        self = .allDay
      } else if let seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) {
        self = .seconds(seconds)
      } else {
        throw DecodingError.keyNotFound(
          CodingKeys.seconds, .init(codingPath: decoder.codingPath, debugDescription: "neither isAllDay nor seconds"))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch self {
      case .allDay: try container.encode(true, forKey: .isAllDay)
      case .seconds(let seconds):
        try container.encode(false, forKey: .isAllDay)
        try container.encode(seconds, forKey: .seconds)
      }
    }
  }

  init(_ element: ScheduleElement, timezone: TimeZone, fallbackDate: Date) {
    start = element.start
    end = element.end
    interval = element.interval
    text = element.text
    switch element.duration {
    case .allDay: duration = .allDay
    case .seconds(let seconds): duration = .seconds(seconds)
    }
    targetValues = element.targetValues.map { CareKitOutcomeValue($0, fallbackDate: fallbackDate) }
    calendar = CareKitJSON.calendar(in: timezone)
  }

  /// The element; CareKit's `calendar` is dropped (our counting uses the Gregorian calendar in
  /// the task's time zone).
  var element: ScheduleElement {
    let duration: ScheduleElement.Duration
    switch self.duration {
    case .allDay: duration = .allDay
    case .seconds(let seconds): duration = .seconds(seconds)
    }
    return ScheduleElement(
      start: start, end: end, interval: interval, text: text, duration: duration,
      targetValues: (targetValues ?? []).map(\.outcomeValue))
  }
}
