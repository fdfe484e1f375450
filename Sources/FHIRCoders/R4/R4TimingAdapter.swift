import FHIRCore
public import FHIRR4

/// R4 `Timing` ⇄ ``TimingPattern``.
public enum R4TimingAdapter {
  /// Reads an R4 timing: its `event`, `code` (text and coding codes), `timezone` extension
  /// and `repeat`.
  public static func pattern(_ timing: Timing) -> TimingPattern {
    var p = TimingPattern()
    p.events = timing.event
    p.codeText = timing.code?.text?.string
    if let codings = timing.code?.coding, !codings.isEmpty { p.codeCodes = codings.compactMap { $0.code?.string } }
    if !timing.extension.isEmpty { TimingExtensions.readTimeZone(timing.extension, into: &p) }
    if let r = timing.repeat {
      p.hasRepeat = true
      p.bounds = bounds(r.bounds, into: &p)
      p.count = p.number(r.count, .count)
      p.countMax = r.countMax?.value.map { Int($0.int) }
      p.duration = p.number(r.duration, .duration)
      p.durationMax = r.durationMax?.value?.doubleValue
      p.durationUnit = r.durationUnit?.string
      p.frequency = p.number(r.frequency, .frequency)
      p.frequencyMax = r.frequencyMax?.value.map { Int($0.int) }
      p.period = p.number(r.period, .period)
      p.periodMax = r.periodMax?.value?.doubleValue
      p.periodUnit = r.periodUnit?.string
      p.dayOfWeek = r.dayOfWeek.compactMap { $0.string }
      p.timeOfDay = r.timeOfDay.compactMap { $0.string }
      p.when = r.when.compactMap { $0.string }
      p.offset = p.number(r.offset, .offset)
    }
    return p
  }

  /// Writes an R4 timing.
  public static func timing(_ p: TimingPattern) -> Timing {
    var timing = Timing()
    timing.event = p.events
    timing.extension = TimingExtensions.timeZone(p)
    if let text = p.codeText {
      var code = CodeableConcept()
      code.text = Primitive(FHIRString(uncheckedString: text))
      timing.code = code
    }
    guard p.hasRepeat else { return timing }
    var r = Timing.Repeat()
    switch p.bounds {
    case .period(let start, let end):
      var period = Period()
      period.start = start
      period.end = end
      r.bounds = .period(period)
    case .duration(let a): r.bounds = .duration(quantity(a))
    case .range(let low, let high):
      var range = Range()
      range.low = low.map(quantity)
      range.high = high.map(quantity)
      r.bounds = .range(range)
    case nil: break
    }
    r.count = positive(p.count)
    r.countMax = positive(p.countMax)
    r.duration = decimal(p.duration)
    r.durationMax = decimal(p.durationMax)
    r.durationUnit = p.durationUnit.map { Primitive(FHIRCode(uncheckedString: $0)) }
    r.frequency = positive(p.frequency)
    r.frequencyMax = positive(p.frequencyMax)
    r.period = decimal(p.period)
    r.periodMax = decimal(p.periodMax)
    r.periodUnit = p.periodUnit.map { Primitive(FHIRCode(uncheckedString: $0)) }
    r.dayOfWeek = p.dayOfWeek.map { Primitive(FHIRCode(uncheckedString: $0)) }
    r.timeOfDay = p.timeOfDay.map { Primitive(FHIRTime(uncheckedString: $0)) }
    r.when = p.when.map { Primitive(FHIRCode(uncheckedString: $0)) }
    r.offset = p.offset.map { Primitive(FHIRUnsignedInt(uncheckedInt: Int32(clamping: $0))) }
    timing.repeat = r
    return timing
  }

  /// `repeat.bounds[x]` as a pattern's bounds; a number no `Double` holds is noted in `p`.
  static func bounds(_ bounds: Timing.Repeat.Bounds?, into p: inout TimingPattern) -> TimingPattern.Bounds? {
    switch bounds {
    case .period(let period): .period(start: period.start, end: period.end)
    case .duration(let q): .duration(amount(q, .boundsDuration, into: &p))
    case .range(let range):
      .range(
        low: range.low.map { amount($0, .boundsRangeLow, into: &p) },
        high: range.high.map { amount($0, .boundsRangeHigh, into: &p) })
    case nil: nil
    }
  }

  static func amount(_ q: Quantity, _ key: TimingPaths.Key, into p: inout TimingPattern) -> TimingPattern.Amount {
    p.amount(q.value, unit: q.code?.string ?? q.unit?.string, key)
  }

  static func quantity(_ a: TimingPattern.Amount) -> Quantity {
    var q = Quantity()
    q.value = decimal(a.value)
    q.code = a.unit.map { Primitive(FHIRCode(uncheckedString: $0)) }
    q.system = a.unit == nil ? nil : Primitive(FHIRURI(uncheckedString: "http://unitsofmeasure.org"))
    return q
  }

  static func positive(_ value: Int?) -> Primitive<FHIRPositiveInt>? {
    value.map { Primitive(FHIRPositiveInt(uncheckedInt: Int32(clamping: $0))) }
  }
}

/// A decimal primitive holding the integer `value` digit for digit (not through a `Double`,
/// which rounds integers past 2^53).
func decimal(exactly value: Int) -> Primitive<FHIRDecimal>? {
  FHIRDecimal(String(value)).map { Primitive($0) }
}

/// A decimal primitive from a double, written without a trailing `.0` for whole numbers.
func decimal(_ value: Double?) -> Primitive<FHIRDecimal>? {
  guard let value, value.isFinite else { return nil }
  return FHIRDecimal(DecimalFit.text(of: value)).map { Primitive($0) }
}
