import CareModel

extension MergeRun {
  /// Keeps a CarePlan's or an order's `status` other than `active` in the entity's `userInfo`
  /// under ``Pipeline/statusKey``, so that a stopped, completed or cancelled order or plan does not
  /// look active on the care side (and export writes it back). `active` and no status leave
  /// `userInfo` as it is.
  static func keep<E: CareEntity>(status: String?, in entity: inout E) {
    guard let status, !status.isEmpty, status != "active" else { return }
    entity.userInfo = (entity.userInfo ?? [:]).merging([Pipeline.statusKey: status]) { _, new in new }
  }

  /// Keeps an order's `status` (as ``keep(status:in:)``) and its R4 `intent` other than `order`
  /// (`proposal`, `plan`, …) under ``Pipeline/intentKey``, so that export writes it back instead
  /// of turning a proposal into an order.
  static func keep(order facts: ResourceFacts.Order, in task: inout TaskEntity) {
    keep(status: facts.status, in: &task)
    guard let intent = facts.intent, !intent.isEmpty, intent != "order" else { return }
    task.userInfo = (task.userInfo ?? [:]).merging([Pipeline.intentKey: intent]) { _, new in new }
  }
}
