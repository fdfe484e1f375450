import FHIRCore
public import FHIRDSTU2

/// The DSTU2 side of the CarePlan coder (see ``CarePlanRelease``).
enum DSTU2CarePlans: CarePlanRelease {
  typealias Plan = FHIRDSTU2.CarePlan
  typealias Activities = DSTU2Activities

  static var release: String { "DSTU2" }
  static func empty() -> Plan {
    var r = Plan()
    r.status = "active"
    return r
  }
  static func id(_ r: Plan) -> String? { r.id?.string }
  static func setID(_ id: String, in r: inout Plan) { r.id = Primitive(FHIRID(uncheckedString: id)) }
  static func versionID(_ r: Plan) -> String? { r.meta?.versionId?.string }
  static func extensions(_ r: Plan) -> [Extension] { r.extension }
  static func append(_ extensions: [Extension], to r: inout Plan) { r.extension += extensions }
  static func title(_ r: Plan) -> (title: String?, description: String?) { (nil, r.description?.string) }
  static func setTitle(_ title: String, in r: inout Plan) { r.description = Primitive(FHIRString(uncheckedString: title)) }
  static func categoryTexts(_ r: Plan) -> [String?] {
    r.category.map { c in c.text?.string ?? c.coding.lazy.compactMap({ $0.display?.string }).first }
  }
  static func subjectReference(_ r: Plan) -> String? { r.subject?.reference?.string }
  static func setSubject(_ reference: String, in r: inout Plan) {
    r.subject = Reference(reference: Primitive(FHIRString(uncheckedString: reference)))
  }
  static func periodStart(_ r: Plan) -> Primitive<FHIRDateTime>? { r.period?.start }
  static func fallbackDate(_ r: Plan) -> (value: Primitive<FHIRDateTime>?, element: String) { (r.modified, "modified") }
  static func activities(_ r: Plan) -> [Plan.Activity] { r.activity }
  static func append(_ activity: Plan.Activity, to r: inout Plan) { r.activity.append(activity) }
}

/// The DSTU2 `CarePlan` coder: ``CarePlanCoder`` over the DSTU2 models.
public typealias DSTU2CarePlanCoder = CarePlanCoder<FHIRDSTU2.CarePlan, FHIRDSTU2.CarePlan.Activity>

extension CarePlanCoder where Resource == FHIRDSTU2.CarePlan, Activity == FHIRDSTU2.CarePlan.Activity {
  /// The DSTU2 coder with the default closures.
  public init() { self.init(DSTU2CarePlans.self) }
}
