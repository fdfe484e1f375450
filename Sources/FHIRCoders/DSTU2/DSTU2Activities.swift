import FHIRCore
import FHIRDSTU2

/// The DSTU2 side of the CarePlan activity coder (see ``ActivityRelease``).
enum DSTU2Activities: ActivityRelease {
  typealias Activity = FHIRDSTU2.CarePlan.Activity
  typealias Detail = FHIRDSTU2.CarePlan.Activity.Detail

  static var release: String { "DSTU2" }
  static var timingCapacity: ScheduleEncoding.Capacity { .dstu2 }
  static let paths = ActivityPaths(timingUnitNameSuffix: "s")
  static func empty() -> Activity { Activity() }
  static func id(_ activity: Activity) -> String? { activity.id }
  static func setID(_ id: String?, in activity: inout Activity) { activity.id = id }
  static func extensions(_ activity: Activity) -> [Extension] { activity.extension }
  static func append(_ extensions: [Extension], to activity: inout Activity) { activity.extension += extensions }

  static func text(_ activity: UnsafePointer<Activity>) -> ActivityTextElements {
    // Each element read in place: `let d = activity.pointee.detail` would copy the whole detail.
    ActivityTextElements(
      codeText: activity.pointee.detail?.code?.text?.string,
      codeDisplay: activity.pointee.detail?.code?.coding.lazy.compactMap({ $0.display?.string }).first,
      hasCode: activity.pointee.detail?.code.isPresent == true, description: activity.pointee.detail?.description?.string,
      detailExtensions: activity.pointee.detail?.extension ?? [], referenceDisplay: activity.pointee.reference?.display?.string)
  }

  static func writeText(code: String?, description: String?, detailExtension: Extension?, to activity: inout Activity) {
    var d = activity.detail ?? Detail(prohibited: false)
    if let code { d.code = CodeableConcept(text: Primitive(FHIRString(uncheckedString: code))) }
    if let detailExtension { d.extension.append(detailExtension) }
    d.description = description.map { Primitive(FHIRString(uncheckedString: $0)) }
    activity.detail = d
  }

  static func quantity(_ activity: UnsafePointer<Activity>) -> (value: Primitive<FHIRDecimal>?, unit: String?, extensions: [Extension])? {
    guard activity.pointee.detail?.quantity.isPresent == true else { return nil }
    return (
      activity.pointee.detail?.quantity?.value,
      activity.pointee.detail?.quantity?.unit?.string ?? activity.pointee.detail?.quantity?.code?.string,
      activity.pointee.detail?.quantity?.extension ?? []
    )
  }

  static func scheduled(_ activity: UnsafePointer<Activity>) -> ActivityScheduled? {
    switch activity.pointee.detail?.scheduled {
    case .timing: .timing
    case .period(let p): .period(start: p.start, end: p.end)
    case .string(let s): .string(s.string)
    case nil: nil
    }
  }

  static func setReference(_ reference: String, in activity: inout Activity) {
    activity.reference = FHIRDSTU2.Reference(reference: Primitive(FHIRString(uncheckedString: reference)))
    activity.detail = nil
  }

  static func timing(_ activity: Activity) -> TimingPattern? {
    guard case .timing(let t)? = activity.detail?.scheduled else { return nil }
    return DSTU2TimingAdapter.pattern(t)
  }

  static func writeSchedule(
    _ timing: TimingPattern, quantity: (value: Primitive<FHIRDecimal>?, unit: String?, extensions: [Extension])?,
    path: String, to activity: inout Activity, report: inout ConversionReport
  ) -> Bool {
    var d = activity.detail ?? Detail(prohibited: false)
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
