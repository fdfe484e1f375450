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
  /// `code.coding[].code`: HL7 timing abbreviations (`BID`, `Q4H`…) or other codes.
  public var codeCodes: [String] = []
  /// The IANA zone of the Timing's `timezone` extension
  /// (`http://hl7.org/fhir/StructureDefinition/timezone`), in which its clock times are meant.
  public var timeZone: String?
  /// Whether the Timing has extensions other than `timezone` (then they are not all read).
  public var hasOtherExtensions = false
  /// Whether the repeat's frequency and period were filled in from `code` (``TimingAbbreviation``):
  /// then they are not elements of the input.
  var fromAbbreviation = false
  /// What a `code` abbreviation says, in words (`Twice a day`), for a timing without `code.text`.
  var abbreviationText: String?
  /// The text each element gets: `code.text`, else the abbreviation's words.
  var elementText: String? { codeText ?? abbreviationText }
  /// Whether the repeat's extensions are all read (DSTU2: the R4 `timeOfDay` and `dayOfWeek`
  /// cross-version extensions), so that they count as mapped.
  var repeatExtensionsRead = false
  /// The repeat's numbers that no `Double` holds (``DecimalFit``: `1e400`, `1e-400`) or that are
  /// too large for a 32-bit integer (a 400-digit `frequency`), which the adapters leave out of
  /// the pattern (`number(_:_:)`); ``ScheduleDecoding`` reports each as skipped.
  var unfitNumbers: [TimingPaths.Key] = []
  /// The repeat's decimals that a `Double` holds only rounded or without the trailing zeros of
  /// their precision (``DecimalFit/keepsPrecision(_:as:)``: `"period": 1.0`), kept as that
  /// `Double`; ``ScheduleDecoding`` reports each unrepresentable.
  var roundedNumbers: [TimingPaths.Key] = []
  /// Appended to `periodUnit` / `durationUnit` in report paths: `"s"` for DSTU2, whose elements
  /// are `periodUnits` and `durationUnits`.
  public var unitNameSuffix = ""

  public init() {}
}
