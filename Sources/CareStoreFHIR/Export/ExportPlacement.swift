public import CareStore
public import CareModel
import CarePipeline
public import FHIRCoders
public import Foundation

/// Where a task goes when care entities are written as FHIR — the one rule of the store's
/// export (``StoreExporter``) and `fhirkit convert --from care`:
///
/// - a medication plan the pipeline made (id `medications/<patient>`,
///   `Pipeline.medicationPlanIDPrefix`) is not written; its tasks go out as the orders they came
///   from (MedicationRequest / MedicationOrder, with one dosage per timing);
/// - a task of another plan in the output is one of that plan's activities — unless no one
///   `Timing` holds its schedule (a taper's phases) and it came from an order: then the order is
///   written as its own resource and the activity refers to it, so that no phase is lost;
/// - any other task is an order.
public enum ExportPlacement: Hashable, Sendable {
  /// An activity of the plan with this uuid (in its output: root uuid).
  case activity(plan: UUID)
  /// An order written beside the plan with this uuid, which refers to it from an activity.
  case referencedOrder(plan: UUID)
  /// A MedicationRequest / MedicationOrder of its own.
  case order

  /// Whether a plan with care id `planID` is written as a CarePlan: every plan but the
  /// pipeline's medication plans.
  public static func isWritten(planID: String) -> Bool {
    !planID.hasPrefix(Pipeline.medicationPlanIDPrefix)
  }

  /// Where `task` goes.
  /// - Parameters:
  ///   - task: The task.
  ///   - plans: The plans in the output, by the uuid tasks link to, with their care id.
  ///   - capacity: What the target release's `Timing` holds.
  ///   - fromOrder: Whether the task came from an order (``cameFromOrder(id:uuids:)``).
  public static func of(
    _ task: TaskEntity, plans: [UUID: String], capacity: ScheduleEncoding.Capacity, fromOrder: Bool
  ) -> ExportPlacement {
    guard let plan = task.carePlanUUID, let planID = plans[plan], isWritten(planID: planID) else { return .order }
    if fromOrder && !ScheduleEncoding.isOneTiming(task.schedule.elements, zone: task.timezone, capacity: capacity) {
      return .referencedOrder(plan: plan)
    }
    return .activity(plan: plan)
  }

  /// Whether a task with care id `id` and these uuids (its own, its root's, its previous
  /// versions') came from a MedicationRequest or MedicationOrder: the coders give an order's
  /// task the uuid of its `Type/id` (``StableUUID/forResource(type:id:)``), which it keeps
  /// through care extensions and new versions.
  public static func cameFromOrder(id: String, uuids: [UUID]) -> Bool {
    ["MedicationRequest", "MedicationOrder"].contains { uuids.contains(StableUUID.forResource(type: $0, id: id)) }
  }
}
