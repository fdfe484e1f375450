public import CareModel
public import FHIRCore
public import Foundation
import FHIRJSON

/// A release-neutral Observation `value[x]`, read from and written to each release's value by the
/// Observation coders, and turned into outcome values by ``read(kind:path:zone:report:)``.
public enum ObservedValue: Sendable {
  /// A number and its unit (`unit`, else `code`: then `unitIsCode`); with a `comparator`,
  /// `bound` is the value as a bound's text (`<5`: ``QuantityBound``). Only the parts read are
  /// mapped: a `system` (and a `code` beside a `unit`) is reported dropped.
  case quantity(value: Double?, unit: String?, bound: String?, extensions: [Extension], unitIsCode: Bool = false)
  case integer(Int?)
  case boolean(Bool?)
  case string(String?)
  /// A CodeableConcept's text, else first coding display, else first coding code
  /// (``ConceptText``: only the element it came from is mapped; the codes are reported dropped).
  case concept(ConceptText?)
  case dateTime(Primitive<FHIRDateTime>?)
  case time(String?)
  case period(start: Primitive<FHIRDateTime>?, end: Primitive<FHIRDateTime>?)
  case range(low: (Double, String?)?, high: (Double, String?)?)
  case ratio(numerator: (Double, String?)?, denominator: (Double, String?)?)
  /// `origin` + `factor` × each data point.
  case sampled(origin: Double?, unit: String?, factor: Double?, data: String?)
  /// A value with no outcome form (Attachment); its elements are reported dropped.
  case unsupported

  /// The outcome values for this value; `path` is the FHIR path of the value (`Observation.valueQuantity`).
  /// - Quantity → double with units (with a `comparator`, the bound's text, `<5`, with units);
  ///   integer, boolean, string → the same type; CodeableConcept → text;
  ///   time → text; dateTime → date.
  /// - Period → the start date (`kind`), and the end as a second date of kind `<kind>.end`.
  /// - Range → doubles of kind `<kind>.low` / `<kind>.high`.
  /// - Ratio → one double numerator ÷ denominator with units `<num unit>/<den unit>`; a missing or
  ///   zero denominator is unrepresentable.
  /// - SampledData → one double per data point (`origin + factor × x`); `E`, `L`, `U` points are
  ///   unrepresentable.
  public func read(kind: String?, path: String, zone: TimeZone, report: inout ConversionReport) -> [OutcomeValue] {
    var values: [OutcomeValue] = []
    append(
      kind: kind, paths: ObservedValuePaths(ReportPath(path)), at: { JSONPath.root.appending(key: valueKey) },
      zone: zone, report: &report, to: &values)
    return values
  }

  /// ``read(kind:path:zone:report:)``, appending to `values` (the coders read every value of an
  /// observation into one array, without an array per value).
  /// `location` gives the JSON path of the value element (`component[0].valueSampledData`), made
  /// only for an issue.
  func append(
    kind: String?, paths: ObservedValuePaths, at location: () -> JSONPath, zone: TimeZone, report: inout ConversionReport,
    to values: inout [OutcomeValue]
  ) {
    let path = paths.value
    func suffixed(_ s: String) -> String { kind.map { $0 + "." + s } ?? s }
    switch self {
    case .quantity(let value, let unit, let bound, _, let unitIsCode):
      // The unit's own element: `unit`, else the `code` it came from.
      if unit != nil { report.mapped(unitIsCode ? paths.code : paths.unit) }
      // `<5` is not 5: a bound is kept as its text (its number as written), written back as the
      // same quantity.
      if let bound {
        // Units `""` when it has none: a bound, not a string value, and written back so.
        report.mapped(paths.number)
        report.mapped(paths.comparator)
        values.append(OutcomeValue(.text(bound), units: unit ?? "", kind: kind))
        return
      }
      guard let value, value.isFinite else { report.unrepresentable(path); return }
      report.mapped(paths.number)
      values.append(OutcomeValue(.double(value), units: unit, kind: kind))
    case .integer(let i):
      guard let i else { report.unrepresentable(path); return }
      report.mapped(path)
      values.append(OutcomeValue(.integer(i), kind: kind))
    case .boolean(let b):
      guard let b else { return }
      report.mapped(path)
      values.append(OutcomeValue(.boolean(b), kind: kind))
    case .string(let s), .time(let s):
      guard let s else { return }
      report.mapped(path)
      values.append(OutcomeValue(.text(s), kind: kind))
    case .concept(let concept):
      guard let concept else { return }
      concept.report(paths.concept, in: &report)
      values.append(OutcomeValue(.text(concept.text), kind: kind))
    case .dateTime(let d):
      guard let point = FHIRDates.point(d, zone: zone) else { report.unrepresentable(path); return }
      report.mapped(path)
      values.append(OutcomeValue(.date(point.date), kind: kind))
    case .period(let start, let end):
      if let p = FHIRDates.point(start, zone: zone) {
        values.append(OutcomeValue(.date(p.date), kind: kind))
        report.mapped(paths.start)
      }
      if let p = FHIRDates.point(end, zone: zone) {
        values.append(OutcomeValue(.date(p.date), kind: suffixed("end")))
        report.mapped(paths.end)
      }
    case .range(let low, let high):
      if let low { values.append(OutcomeValue(.double(low.0), units: low.1, kind: suffixed("low"))); report.mapped(paths.low) }
      if let high { values.append(OutcomeValue(.double(high.0), units: high.1, kind: suffixed("high"))); report.mapped(paths.high) }
    case .ratio(let numerator, let denominator):
      guard let numerator, let denominator, denominator.0 != 0 else { report.unrepresentable(path); return }
      let quotient = numerator.0 / denominator.0
      guard quotient.isFinite, quotient != 0 || numerator.0 == 0 else {
        // Both parts fit, their quotient does not (1e300 / 1e-300).
        report.unrepresentable(path)
        report.numberDoesNotFit(at: location(), keptAsText: false)
        return
      }
      report.mapped(path)
      let units = numerator.1 == nil && denominator.1 == nil ? nil : (numerator.1 ?? "1") + "/" + (denominator.1 ?? "1")
      values.append(OutcomeValue(.double(quotient), units: units, kind: kind))
    case .sampled(let origin, let unit, let factor, let data):
      report.mapped(path)
      // Points no `Double` holds (`2014E2027`), or whose value `origin + factor × x` none holds,
      // are skipped; one issue for the value says so.
      var unfit = false
      func add(_ point: DecimalFit?) {
        guard let point else { report.unrepresentable(paths.data); return }
        guard let x = point.double else { unfit = true; return }
        let value = (origin ?? 0) + (factor ?? 1) * x
        guard value.isFinite else { unfit = true; return }
        values.append(OutcomeValue(.double(value), units: unit, kind: kind))
      }
      for point in (data ?? "").split(separator: " ") { add(DecimalFit.of(text: point)) }
      if unfit {
        report.unrepresentable(paths.data)
        report.numberDoesNotFit(at: location().appending(key: "data"), keptAsText: false)
      }
    case .unsupported:
      return
    }
  }

  /// The FHIR path of this value, `Observation.value<Type>` or (in a component)
  /// `Observation.component.value<Type>`.
  func path(inComponent c: Bool) -> String { Self.path(at: pathIndex(inComponent: c)) }

  /// This value's paths (``ObservationPaths/values``), built once: nothing is built per value.
  func paths(inComponent c: Bool) -> ObservedValuePaths { ObservationPaths.values[pathIndex(inComponent: c)] }

  /// The index of ``path(inComponent:)`` among the ``pathCount`` paths of ``path(at:)``.
  func pathIndex(inComponent c: Bool) -> Int {
    let type =
      switch self {
      case .quantity: 0
      case .integer: 1
      case .boolean: 2
      case .string: 3
      case .concept: 4
      case .dateTime: 5
      case .time: 6
      case .period: 7
      case .range: 8
      case .ratio: 9
      case .sampled: 10
      case .unsupported: 11
      }
    return 2 * type + (c ? 1 : 0)
  }

  /// The key of this value's element in a resource or component (`valueQuantity`).
  var valueKey: String { "value" + Self.valueTypes[pathIndex(inComponent: false) / 2] }

  /// The number of value paths (each kind of value, outside and in a component).
  static var pathCount: Int { 2 * valueTypes.count }

  /// The value path with index `index` (``pathIndex(inComponent:)``).
  static func path(at index: Int) -> String {
    (index % 2 == 1 ? "Observation.component.value" : "Observation.value") + valueTypes[index / 2]
  }

  private static let valueTypes = [
    "Quantity", "Integer", "Boolean", "String", "CodeableConcept", "DateTime", "Time", "Period", "Range", "Ratio",
    "SampledData", "Attachment",
  ]

  /// Whether a coding `system` is LOINC's, `http://loinc.org`.
  static func isLOINC(_ system: String?) -> Bool {
    system == "http://loinc.org"
  }

  /// Whether a `kind` is shaped like a LOINC code (`8867-4`: digits, a dash, a check digit), so
  /// that it is written back as a LOINC coding, which reads back as the same kind.
  /// Asked of every Observation's kind, so read as UTF-8 bytes: splitting the string and asking
  /// each `Character` whether it is a number took 1.8 % of `convert --to care`'s instructions
  /// (docs/benchmarks/job-2026-12-01.md, "Plain waste found by instructions").
  static func looksLikeLOINC(_ kind: String) -> Bool {
    let utf8 = kind.utf8
    guard let dash = utf8.firstIndex(of: UInt8(ascii: "-")) else { return false }
    let number = utf8[..<dash]
    let check = utf8[utf8.index(after: dash)...]
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    return (1...7).contains(number.count) && check.count == 1 && number.allSatisfy(isDigit) && check.allSatisfy(isDigit)
  }

  /// The `kind` for a code: the first LOINC coding's code, else the text, else the first coding's code.
  public static func kind(codings: [(system: String?, code: String?)], text: String?) -> String? {
    codings.first { $0.system == "http://loinc.org" && $0.code != nil }?.code ?? text ?? codings.lazy.compactMap({ $0.code }).first
  }
}
