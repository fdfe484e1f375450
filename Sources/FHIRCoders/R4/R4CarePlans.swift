import FHIRCore
public import FHIRR4

/// The R4 side of the CarePlan coder (see ``CarePlanRelease``).
enum R4CarePlans: CarePlanRelease {
  typealias Plan = FHIRR4.CarePlan
  typealias Activities = R4Activities

  static var release: String { "R4" }
  static func empty() -> Plan {
    Plan(status: "active", intent: "plan")
  }
  static func id(_ r: Plan) -> String? { r.id?.string }
  static func setID(_ id: String, in r: inout Plan) { r.id = Primitive(FHIRID(uncheckedString: id)) }
  static func versionID(_ r: Plan) -> String? { r.meta?.versionId?.string }
  static func extensions(_ r: Plan) -> [Extension] { r.extension }
  static func append(_ extensions: [Extension], to r: inout Plan) { r.extension += extensions }
  static func title(_ r: Plan) -> (title: String?, description: String?) { (r.title?.string, r.description?.string) }
  static func setTitle(_ title: String, in r: inout Plan) { r.title = Primitive(FHIRString(uncheckedString: title)) }
  static func categoryTexts(_ r: Plan) -> [String?] {
    r.category.map { c in c.text?.string ?? c.coding.lazy.compactMap({ $0.display?.string }).first }
  }
  static func subjectReference(_ r: Plan) -> String? { r.subject?.reference?.string }
  static func setSubject(_ reference: String, in r: inout Plan) {
    r.subject = Reference(reference: Primitive(FHIRString(uncheckedString: reference)))
  }
  static func periodStart(_ r: Plan) -> Primitive<FHIRDateTime>? { r.period?.start }
  static func fallbackDate(_ r: Plan) -> (value: Primitive<FHIRDateTime>?, element: String) { (r.created, "created") }
  static func activities(_ r: Plan) -> [Plan.Activity] { r.activity }
  static func append(_ activity: Plan.Activity, to r: inout Plan) { r.activity.append(activity) }
}

/// The R4 `CarePlan` coder: ``CarePlanCoder`` over the R4 models.
public typealias R4CarePlanCoder = CarePlanCoder<FHIRR4.CarePlan, FHIRR4.CarePlan.Activity>

extension CarePlanCoder where Resource == FHIRR4.CarePlan, Activity == FHIRR4.CarePlan.Activity {
  /// The R4 coder with the default closures.
  public init() { self.init(R4CarePlans.self) }
}
