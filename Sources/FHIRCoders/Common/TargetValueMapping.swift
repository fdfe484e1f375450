public import CareModel
public import FHIRCore
import FHIRJSON
import Foundation

/// A schedule element's target value ⇄ a FHIR dose `Quantity` (value and unit), shared by both
/// releases. The value's `kind` (when not `"dose"`), `createdDate` and an integer type travel as
/// care extensions on the quantity, so entity → FHIR → entity is exact.
public enum TargetValueMapping {
  /// The `kind` given to doses read from FHIR.
  public static let doseKind = "dose"

  /// A target value from a quantity's `value`, `unit` (else `code`) and care extensions; `nil`
  /// when the quantity has no usable value.
  public static func read(value: Double?, unit: String?, extensions: [Extension]) -> OutcomeValue? {
    guard let value, value.isFinite else { return nil }
    var result = OutcomeValue(.double(value), units: unit, kind: doseKind)
    if CareExtensions.strings(extensions, "valueType").first == "integer", let whole = Int(exactly: value) {
      result.value = .integer(whole)
    }
    if let kind = CareExtensions.strings(extensions, "kind").first { result.kind = kind }
    if CareExtensions.strings(extensions, "kindAbsent").first == "true" { result.kind = nil }
    if let created = CareExtensions.strings(extensions, "createdDate").first { result.createdDate = CareExtensions.parseDate(created) }
    return result
  }

  /// The report paths of a dose quantity's parts a target keeps: its `value`, and its `unit`
  /// or, without one, the `code` the unit is read from. Its `system` (and a `code` beside a
  /// `unit`) is left to the accounting, which reports it dropped.
  struct QuantityPaths: Sendable {
    let value, unit, code: ReportPath

    /// The paths below the quantity at `quantity` (`MedicationRequest.dosageInstruction.doseAndRate.doseQuantity`).
    init(_ quantity: String) {
      value = ReportPath(quantity + ".value")
      unit = ReportPath(quantity + ".unit")
      code = ReportPath(quantity + ".code")
    }
  }

  /// ``read(value:unit:extensions:)`` of a dose's FHIR decimal and its `unit`, else `code`,
  /// reporting the parts read mapped when it gives a target — and the value unrepresentable too
  /// when a `Double` holds its number only rounded or without its trailing zeros
  /// (``DecimalFit/keepsPrecision(_:as:)``: `1.0` tablet becomes 1). A number no `Double` holds
  /// (``DecimalFit``) gives `nil` and an error issue at `location()` (the decimal's JSON path):
  /// the target is skipped.
  static func read(
    decimal: Primitive<FHIRDecimal>?, unit: String?, code: String?, extensions: [Extension], paths: QuantityPaths,
    at location: () -> JSONPath, report: inout ConversionReport
  ) -> OutcomeValue? {
    switch DecimalFit.of(decimal) {
    case .fits(let x):
      guard let target = read(value: x, unit: unit ?? code, extensions: extensions) else { return nil }
      report.mapped(paths.value)
      if unit != nil { report.mapped(paths.unit) } else if code != nil { report.mapped(paths.code) }
      if !DecimalFit.keepsPrecision(decimal, as: x) { report.unrepresentable(paths.value) }
      return target
    case .doesNotFit:
      report.numberDoesNotFit(at: location(), keptAsText: false)
      return nil
    case .absent: return nil
    }
  }

  /// The quantity parts for a target value: its number, unit and care extensions; `nil` for text,
  /// boolean and date values, which a dose cannot hold.
  public static func write(_ target: OutcomeValue) -> (value: Primitive<FHIRDecimal>?, unit: String?, extensions: [Extension])? {
    let number: Double
    var extensions: [Extension] = []
    switch target.value {
    case .double(let x): number = x
    case .integer(let i):
      number = Double(i)
      extensions.append(CareExtensions.string("valueType", "integer"))
    default: return nil
    }
    guard let value = decimal(number) else { return nil }
    if let kind = target.kind {
      if kind != doseKind { extensions.append(CareExtensions.string("kind", kind)) }
    } else {
      extensions.append(CareExtensions.string("kindAbsent", "true"))
    }
    if let created = target.createdDate { extensions.append(CareExtensions.date("createdDate", created)) }
    return (value, target.units, extensions)
  }
}
