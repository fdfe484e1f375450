import FHIRCore
public import FHIRDSTU2

/// The DSTU2 side of the CarePlan coder (see ``CarePlanRelease``).
enum DSTU2CarePlans: CarePlanRelease {
  typealias Resource = FHIRDSTU2.CarePlan
  typealias Activities = DSTU2Activities

  static var release: String { "DSTU2" }
  static func empty() -> Resource {
    var r = Resource()
    r.status = "active"
    return r
  }
  static func title(_ r: Resource) -> (title: String?, description: String?) { (nil, r.description?.string) }
  static func setTitle(_ title: String, in r: inout Resource) { r.description = Primitive(FHIRString(uncheckedString: title)) }
  static func fallbackDate(_ r: Resource) -> (value: Primitive<FHIRDateTime>?, element: String) { (r.modified, "modified") }
  static func intent(_ r: Resource) -> String? { nil }
}

/// The DSTU2 `CarePlan` coder: ``CarePlanCoder`` over the DSTU2 models.
public typealias DSTU2CarePlanCoder = CarePlanCoder<FHIRDSTU2.CarePlan, FHIRDSTU2.CarePlan.Activity>

extension CarePlanCoder where Resource == FHIRDSTU2.CarePlan, Activity == FHIRDSTU2.CarePlan.Activity {
  /// The DSTU2 coder with the default closures.
  public init() { self.init(DSTU2CarePlans.self) }
}
