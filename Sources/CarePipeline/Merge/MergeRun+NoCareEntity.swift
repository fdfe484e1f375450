import FHIRCoders
import FHIRJSON

extension MergeRun {
  /// Whether `resource` becomes no care entity though it decodes (``noCareEntity(_:)``): then
  /// reported with the coders' refusals (``PipelineReport/failures``) and converted to nothing.
  mutating func skipsNoCareEntity(_ resource: IndexedResource) -> Bool {
    guard let error = Self.noCareEntity(resource) else { return false }
    result.report.failures.append(error)
    return true
  }

  /// Why `resource` becomes no care entity, if it does: a plan, order or observation whose
  /// `status` is `entered-in-error` (recorded by mistake), or an order whose `doNotPerform` is
  /// true (a task would tell the patient to take what is prohibited).
  static func noCareEntity(_ resource: IndexedResource) -> CoderError? {
    if resource.resource.status == "entered-in-error" {
      return CoderError(
        .enteredInError, path: resource.type + ".status", resourceType: resource.type, resourceID: resource.id,
        message: "recorded by mistake (entered-in-error): it becomes no care entity")
    }
    if resource.resource.doNotPerform {
      return CoderError(
        .doNotPerform, path: resource.type + ".doNotPerform", resourceType: resource.type, resourceID: resource.id,
        message: "a prohibition (doNotPerform): a care task would tell the patient to do it; it becomes no care entity")
    }
    return nil
  }

  /// Whether activity `position` of `plan` becomes no task: a prohibited activity (R4
  /// `detail.doNotPerform`, DSTU2 `detail.prohibited`), or one whose order becomes no care entity
  /// (``noCareEntity(_:)``: its title and schedule are the order's). The plan itself converts:
  /// a warning issue at the activity, and the element `unrepresentable`, in the plan's report.
  mutating func skipsActivity(_ activity: ResourceFacts.Activity, at position: Int, of plan: IndexedResource, order: IndexedResource?) -> Bool {
    var report = ConversionReport()
    let at = JSONPath([.key("activity"), .index(position)])
    if activity.prohibited {
      var element = "prohibited"
      if case .r4 = plan.resource { element = "doNotPerform" }
      report.unrepresentable("CarePlan.activity.detail." + element)
      report.approximation(
        .invalidValue, "a prohibited activity (\(element)) becomes no task: a care task would tell the patient to do it",
        at: at.appending(key: "detail").appending(key: element))
    } else if let order, let refused = Self.noCareEntity(order) {
      report.unrepresentable("CarePlan.activity.reference")
      report.approximation(
        .invalidValue, "the activity's order becomes no care entity (\(refused.code.rawValue)); nor does the activity",
        at: at.appending(key: "reference"))
    } else {
      return false
    }
    report.locateIssues(resourceType: plan.type, id: plan.id)
    record(report, for: plan)
    return true
  }
}
