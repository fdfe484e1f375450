import CareModel
import FHIRCore
import FHIRJSON

/// A dose range (`doseRange`, R4 `doseAndRate.doseRange`) as targets: CareKit has no range, so
/// its bounds become two targets of kind `dose.low` and `dose.high`, reported unrepresentable
/// and as a warning located in the resource; written back as a range.
enum DoseRangeTargets {
  static let lowKind = "dose.low"
  static let highKind = "dose.high"

  /// The targets of a range's bounds (each its FHIR decimal and unit). A bound whose number no
  /// `Double` holds (``DecimalFit``) is skipped, with an error issue at its JSON path
  /// (`location`.low.value or .high.value).
  static func read(
    low: (Primitive<FHIRDecimal>?, String?)?, high: (Primitive<FHIRDecimal>?, String?)?, path: ReportPath,
    at location: JSONPath, report: inout ConversionReport
  ) -> [OutcomeValue] {
    var targets: [OutcomeValue] = []
    for (bound, kind, key) in [(low, lowKind, "low"), (high, highKind, "high")] {
      guard let (decimal, unit) = bound else { continue }
      switch DecimalFit.of(decimal) {
      case .fits(let value):
        targets.append(OutcomeValue(.double(value), units: unit, kind: kind))
      case .doesNotFit:
        report.numberDoesNotFit(at: location.appending(key: key).appending(key: "value"), keptAsText: false)
      case .absent:
        break
      }
    }
    report.mapped(path)
    report.unrepresentable(path)
    report.approximation(
      .invalidValue, "a dose range is kept as two targets (dose.low, dose.high); a care task has no dose range",
      at: location)
    return targets
  }

  /// The range a task's targets stand for, when they are exactly the targets ``read`` makes.
  static func write(_ targets: [OutcomeValue]) -> (low: (value: Double, unit: String?)?, high: (value: Double, unit: String?)?)? {
    guard !targets.isEmpty, targets.count <= 2, targets.allSatisfy({ $0.kind == lowKind || $0.kind == highKind }),
      Set(targets.map(\.kind)).count == targets.count
    else { return nil }
    var low: (Double, String?)?
    var high: (Double, String?)?
    for target in targets {
      guard case .double(let value) = target.value, target.createdDate == nil else { return nil }
      if target.kind == lowKind { low = (value, target.units) } else { high = (value, target.units) }
    }
    return (low, high)
  }
}
