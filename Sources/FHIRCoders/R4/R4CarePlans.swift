import FHIRCore
public import FHIRR4

/// The R4 side of the CarePlan coder (see ``CarePlanRelease``).
enum R4CarePlans: CarePlanRelease {
  typealias Resource = FHIRR4.CarePlan
  typealias Activities = R4Activities

  static var release: String { "R4" }
  static func empty() -> Resource {
    Resource(status: "active", intent: "plan")
  }
  static func title(_ r: Resource) -> (title: String?, description: String?) { (r.title?.string, r.description?.string) }
  static func setTitle(_ title: String, in r: inout Resource) { r.title = Primitive(FHIRString(uncheckedString: title)) }
  static func fallbackDate(_ r: Resource) -> (value: Primitive<FHIRDateTime>?, element: String) { (r.created, "created") }
  static func intent(_ r: Resource) -> String? { r.intent?.string }
}

/// The R4 `CarePlan` coder: ``CarePlanCoder`` over the R4 models.
public typealias R4CarePlanCoder = CarePlanCoder<FHIRR4.CarePlan, FHIRR4.CarePlan.Activity>

extension CarePlanCoder where Resource == FHIRR4.CarePlan, Activity == FHIRR4.CarePlan.Activity {
  /// The R4 coder with the default closures.
  public init() { self.init(R4CarePlans.self) }
}
