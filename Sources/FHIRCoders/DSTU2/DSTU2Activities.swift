import FHIRCore
public import FHIRDSTU2

/// The DSTU2 side of the CarePlan activity coder (see ``ActivityRelease``).
enum DSTU2Activities: ActivityRelease {
  typealias Activity = FHIRDSTU2.CarePlan.Activity
  typealias Detail = FHIRDSTU2.CarePlan.Activity.Detail

  static var release: String { "DSTU2" }
  static var timingCapacity: ScheduleEncoding.Capacity { .dstu2 }
  static let paths = ActivityPaths(timingUnitNameSuffix: "s")
  static func empty() -> Activity { Activity() }
  /// A detail as one is written: not prohibited (required), `scheduled` as in R4.
  static func newDetail() -> Detail {
    var d = Detail(prohibited: false)
    d.status = "scheduled"
    return d
  }

  static func writeText(code: String?, description: String?, detailExtension: Extension?, to activity: inout Activity) {
    var d = activity.detail ?? newDetail()
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
    return DSTU2TimingAdapter.pattern(t)
  }

  static func writeSchedule(
    _ timing: TimingPattern, quantity: (value: Primitive<FHIRDecimal>?, unit: String?, extensions: [Extension])?,
    path: String, to activity: inout Activity, report: inout ConversionReport
  ) -> Bool {
    var d = activity.detail ?? newDetail()
    d.scheduled = .timing(DSTU2TimingAdapter.timing(timing, path: path, report: &report))
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

/// The DSTU2 `CarePlan.activity` coder: ``CarePlanActivityCoder`` over the DSTU2 model.
public typealias DSTU2CarePlanActivityCoder = CarePlanActivityCoder<FHIRDSTU2.CarePlan.Activity>

extension CarePlanActivityCoder where Activity == FHIRDSTU2.CarePlan.Activity {
  /// The DSTU2 coder with the default closures.
  public init() { self.init(DSTU2Activities.self) }
}
