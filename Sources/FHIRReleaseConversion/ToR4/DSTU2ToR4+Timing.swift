import FHIRCore
import FHIRDSTU2
import FHIRR4

/// `Timing`, DSTU2 → R4: `durationUnits` / `periodUnits` become `durationUnit` /
/// `periodUnit`, `when` becomes a list, `boundsQuantity` becomes `boundsDuration`,
/// `count` and `frequency` become positive integers. `countMax`, `dayOfWeek`, `timeOfDay`,
/// `offset` and further `when` codes carried by the R4 → DSTU2 conversion come back.
extension DSTU2ToR4 {
  /// Converts a DSTU2 `Timing` at `path`.
  mutating func timing(_ source: FHIRDSTU2.Timing, _ path: String) -> FHIRR4.Timing {
    var target = FHIRR4.Timing()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.event = primitives(source.event, path, "event")
    target.repeat = one(source.repeat, path, "repeat") { $0.timingRepeat($1, $2) }
    target.code = codeableConcept(source.code, path, "code")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Timing.repeat`.
  mutating func timingRepeat(_ source: FHIRDSTU2.Timing.Repeat, _ path: String) -> FHIRR4.Timing.Repeat {
    var target = FHIRR4.Timing.Repeat()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    switch source.bounds {
    case .duration(let duration)?: target.bounds = .duration(quantity(duration, Self.at(path, "boundsQuantity")))
    case .range(let range)?: target.bounds = .range(self.range(range, Self.at(path, "boundsRange")))
    case .period(let period)?: target.bounds = .period(self.period(period, Self.at(path, "boundsPeriod")))
    case nil: break
    }
    target.count = integer(source.count, path, "count", as: FHIRPositiveInt.self)
    target.countMax = restore(&extensions, "Timing.repeat.countMax", Self.positiveInt).first
    target.duration = primitive(source.duration, path, "duration")
    target.durationMax = primitive(source.durationMax, path, "durationMax")
    target.durationUnit = primitive(source.durationUnits, path, "durationUnits")
    target.frequency = integer(source.frequency, path, "frequency", as: FHIRPositiveInt.self)
    target.frequencyMax = integer(source.frequencyMax, path, "frequencyMax", as: FHIRPositiveInt.self)
    target.period = primitive(source.period, path, "period")
    target.periodMax = primitive(source.periodMax, path, "periodMax")
    target.periodUnit = primitive(source.periodUnits, path, "periodUnits")
    target.dayOfWeek = restore(&extensions, "Timing.repeat.dayOfWeek", Self.code)
    target.timeOfDay = restore(&extensions, "Timing.repeat.timeOfDay", Self.time)
    if let when = primitive(source.when, path, "when") { target.when = [when] }
    target.when += restore(&extensions, "Timing.repeat.when", Self.code)
    target.offset = restore(&extensions, "Timing.repeat.offset", Self.unsignedInt).first
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
