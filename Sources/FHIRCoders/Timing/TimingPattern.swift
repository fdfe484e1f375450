public import FHIRCore

/// A release-neutral `Timing`: what R4 and DSTU2 timings say about when something happens,
/// read from and written to each release's `Timing` by ``R4TimingAdapter`` and ``DSTU2TimingAdapter``.
public struct TimingPattern: Hashable, Sendable {
  /// A quantity of time: a decimal and a unit code (`s | min | h | d | wk | mo | a`).
  public struct Amount: Hashable, Sendable {
    public var value: Double?
    public var unit: String?
    public init(value: Double?, unit: String?) {
      self.value = value
      self.unit = unit
    }
  }

  /// `repeat.bounds[x]`.
  public enum Bounds: Hashable, Sendable {
    case period(start: Primitive<FHIRDateTime>?, end: Primitive<FHIRDateTime>?)
    case duration(Amount)
    case range(low: Amount?, high: Amount?)
  }

  /// `event`: the exact times.
  public var events: [Primitive<FHIRDateTime>] = []
  /// Whether there is a `repeat` at all.
  public var hasRepeat = false
  public var bounds: Bounds?
  public var count: Int?
  public var countMax: Int?
  public var duration: Double?
  public var durationMax: Double?
  public var durationUnit: String?
  public var frequency: Int?
  public var frequencyMax: Int?
  public var period: Double?
  public var periodMax: Double?
  public var periodUnit: String?
  /// `mon`…`sun`.
  public var dayOfWeek: [String] = []
  /// `hh:mm:ss`.
  public var timeOfDay: [String] = []
  /// Event timing codes (`MORN`, `HS`, `ACM`…).
  public var when: [String] = []
  /// Minutes from the `when` events.
  public var offset: Int?
  /// `code.text`.
  public var codeText: String?
  /// Appended to `periodUnit` / `durationUnit` in report paths: `"s"` for DSTU2, whose elements
  /// are `periodUnits` and `durationUnits`.
  public var unitNameSuffix = ""

  public init() {}
}
