import FHIRCore
import FHIRDSTU2
import FHIRR4

/// Timing, R4 → DSTU2: `durationUnit` / `periodUnit` become `durationUnits` /
/// `periodUnits`, `boundsDuration` becomes `boundsQuantity`, `when` keeps one code;
/// `countMax`, `dayOfWeek`, `timeOfDay`, `offset` and the other `when` codes become
/// extensions; `Timing.modifierExtension` (new in R4) is dropped.
extension R4ToDSTU2 {
  mutating func timing(_ source: FHIRR4.Timing, _ path: String) -> FHIRDSTU2.Timing {
    var target = FHIRDSTU2.Timing()
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    conversion.drop(source.modifierExtension, Self.join(path, "modifierExtension"), "no home in DSTU2")
    target.event = keep(source.event, path, "event")
    target.repeat = source.repeat.map { self.repeat($0, Self.join(path, "repeat")) }
    target.code = codeableConcept(source.code, path, "code")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func `repeat`(_ source: FHIRR4.Timing.Repeat, _ path: String) -> FHIRDSTU2.Timing.Repeat {
    var target = FHIRDSTU2.Timing.Repeat()
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    switch source.bounds {
    case .duration(let duration)?: target.bounds = .duration(quantity(duration, Self.join(path, "boundsDuration")))
    case .range(let range)?: target.bounds = .range(self.range(range, Self.join(path, "boundsRange")))
    case .period(let period)?: target.bounds = .period(self.period(period, Self.join(path, "boundsPeriod")))
    case nil: break
    }
    target.count = keep(Self.retype(source.count))
    target.duration = keep(source.duration, path, "duration")
    target.durationMax = keep(source.durationMax, path, "durationMax")
    target.durationUnits = keep(source.durationUnit, path, "durationUnit")
    target.frequency = keep(Self.retype(source.frequency))
    target.frequencyMax = keep(Self.retype(source.frequencyMax))
    target.period = keep(source.period, path, "period")
    target.periodMax = keep(source.periodMax, path, "periodMax")
    target.periodUnits = keep(source.periodUnit, path, "periodUnit")
    carry(
      source.countMax, Extension.Value.positiveInt, element: "Timing.repeat.countMax", path: path, key: "countMax",
      into: &extensions)
    carry(
      source.dayOfWeek, Extension.Value.code, element: "Timing.repeat.dayOfWeek", path: path, key: "dayOfWeek",
      into: &extensions)
    carry(
      source.timeOfDay, Extension.Value.time, element: "Timing.repeat.timeOfDay", path: path, key: "timeOfDay",
      into: &extensions)
    carry(
      source.offset, Extension.Value.unsignedInt, element: "Timing.repeat.offset", path: path, key: "offset",
      into: &extensions)
    target.when = when(source.when, path, into: &extensions)
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// R4 `Timing.repeat.when` (a list) → DSTU2 (one code): the first code DSTU2 knows
  /// stays; the other codes become extensions `Timing.repeat.when` (their `_when` data is
  /// dropped). When the code that stays was not the first, the round trip reorders the list.
  mutating func when(
    _ codes: [Primitive<FHIRCode>], _ path: String, into extensions: inout [Extension]
  ) -> Primitive<FHIRCode>? {
    guard !codes.isEmpty else { return nil }
    let kept = codes.firstIndex { code in
      code.value.map { ReleaseConverter.dstu2EventTimings.contains($0.string) } ?? false
    }
    let rest = codes.indices.filter { $0 != kept }.map { codes[$0] }
    carry(rest, Extension.Value.code, element: "Timing.repeat.when", path: path, key: "when", into: &extensions)
    guard let kept else { return nil }
    if kept != 0 { conversion.reordered(Self.join(path, "when"), "the code DSTU2 knows comes first") }
    return keep(codes[kept])
  }
}
