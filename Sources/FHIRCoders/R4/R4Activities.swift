import FHIRCore
public import FHIRR4

/// The R4 side of the CarePlan activity coder (see ``ActivityRelease``).
enum R4Activities: ActivityRelease {
  typealias Activity = FHIRR4.CarePlan.Activity
  typealias Detail = FHIRR4.CarePlan.Detail

  static var release: String { "R4" }
  static var timingCapacity: ScheduleEncoding.Capacity { .r4 }
  static let paths = ActivityPaths(timingUnitNameSuffix: "")
  static func empty() -> Activity { Activity() }

  static func writeText(code: String?, description: String?, detailExtension: Extension?, to activity: inout Activity) {
    var d = activity.detail ?? Detail(status: "scheduled")
    if let code { d.code = CodeableConcept(text: Primitive(FHIRString(uncheckedString: code))) }
    if let detailExtension { d.extension.append(detailExtension) }
    d.description = description.map { Primitive(FHIRString(uncheckedString: $0)) }
    activity.detail = d
  }

  static func scheduled(_ activity: borrowing Activity) -> ActivityScheduled? {
    switch activity.detail?.scheduled {
    case .timing: .timing
    case .period(let p): .period(start: p.start, end: p.end)
    case .string(let s): .string(s.string)
    case nil: nil
    }
  }

  static func timing(_ activity: Activity) -> TimingPattern? {
    guard case .timing(let t)? = activity.detail?.scheduled else { return nil }
    return R4TimingAdapter.pattern(t)
  }

  static func writeSchedule(
    _ timing: TimingPattern, quantity: (value: Primitive<FHIRDecimal>?, unit: String?, extensions: [Extension])?,
    path: String, to activity: inout Activity, report: inout ConversionReport
  ) -> Bool {
    var d = activity.detail ?? Detail(status: "scheduled")
    d.scheduled = .timing(R4TimingAdapter.timing(timing))
    if let quantity {
      var q = Quantity()
      q.value = quantity.value
      q.unit = quantity.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
      q.extension = quantity.extensions
      d.quantity = q
    }
    activity.detail = d
    return d.quantity != nil
  }
}

/// The R4 `CarePlan.activity` coder: ``CarePlanActivityCoder`` over the R4 model.
public typealias R4CarePlanActivityCoder = CarePlanActivityCoder<FHIRR4.CarePlan.Activity>

extension CarePlanActivityCoder where Activity == FHIRR4.CarePlan.Activity {
  /// The R4 coder with the default closures.
  public init() { self.init(R4Activities.self) }
}
