import FHIRCore
public import FHIRDSTU2

/// DSTU2 `Timing` ⇄ ``TimingPattern``. DSTU2 has no `dayOfWeek`, `timeOfDay`, `countMax` or
/// `offset`, and one `when`: `dayOfWeek` and `timeOfDay` travel as R4 cross-version extensions
/// on the repeat; writing a pattern with the others reports them as not representable.
public enum DSTU2TimingAdapter {
  /// Reads a DSTU2 timing: its `event`, `code`, `timezone` extension and `repeat`, with the
  /// R4 `timeOfDay` and `dayOfWeek` carried as cross-version extensions on the repeat.
  public static func pattern(_ timing: Timing) -> TimingPattern {
    var p = TimingPattern()
    p.unitNameSuffix = "s"
    p.events = timing.event
    p.codeText = timing.code?.text?.string
    if let codings = timing.code?.coding, !codings.isEmpty { p.codeCodes = codings.compactMap { $0.code?.string } }
    if !timing.extension.isEmpty { TimingExtensions.readTimeZone(timing.extension, into: &p) }
    if let r = timing.repeat {
      p.hasRepeat = true
      p.bounds = bounds(r.bounds, into: &p)
      p.count = p.number(r.count, .count)
      p.duration = p.number(r.duration, .duration)
      p.durationMax = r.durationMax?.value?.doubleValue
      p.durationUnit = r.durationUnits?.string
      p.frequency = p.number(r.frequency, .frequency)
      p.frequencyMax = r.frequencyMax?.value.map { Int($0.int) }
      p.period = p.number(r.period, .period)
      p.periodMax = r.periodMax?.value?.doubleValue
      p.periodUnit = r.periodUnits?.string
      if let when = r.when?.string { p.when = [when] }
      if !r.extension.isEmpty {
        p.timeOfDay = TimingExtensions.r4Values(r.extension, "timeOfDay")
        p.dayOfWeek = TimingExtensions.r4Values(r.extension, "dayOfWeek")
        p.repeatExtensionsRead = p.timeOfDay.count + p.dayOfWeek.count == r.extension.count
      }
    }
    return p
  }

  /// Writes a DSTU2 timing.
  public static func timing(_ p: TimingPattern, path: String, report: inout ConversionReport) -> Timing {
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
    r.count = integer(p.count)
    r.duration = decimal(p.duration)
    r.durationMax = decimal(p.durationMax)
    r.durationUnits = p.durationUnit.map { Primitive(FHIRCode(uncheckedString: $0)) }
    r.frequency = integer(p.frequency)
    r.frequencyMax = integer(p.frequencyMax)
    r.period = decimal(p.period)
    r.periodMax = decimal(p.periodMax)
    r.periodUnits = p.periodUnit.map { Primitive(FHIRCode(uncheckedString: $0)) }
    r.when = p.when.first.map { Primitive(FHIRCode(uncheckedString: $0)) }
    if p.when.count > 1 { report.unrepresentable(path + ".repeat.when") }
    // R4 elements DSTU2 lacks, as the release conversion writes them.
    for day in p.dayOfWeek {
      r.extension.append(Extension(
        url: FHIRURI(uncheckedString: TimingExtensions.r4Prefix + "dayOfWeek"), value: .code(Primitive(FHIRCode(uncheckedString: day)))))
    }
    for time in p.timeOfDay {
      r.extension.append(Extension(
        url: FHIRURI(uncheckedString: TimingExtensions.r4Prefix + "timeOfDay"), value: .time(Primitive(FHIRTime(uncheckedString: time)))))
    }
    if p.countMax != nil { report.unrepresentable(path + ".repeat.countMax") }
    if p.offset != nil { report.unrepresentable(path + ".repeat.offset") }
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

  static func integer(_ value: Int?) -> Primitive<FHIRInteger>? {
    value.map { Primitive(FHIRInteger(uncheckedInt: Int32(clamping: $0))) }
  }
}
