import CareModel
import FHIRCoders
import FHIRCore

extension MergeRun {
  /// Whether a CarePlan's, an order's or an activity's `status` is kept (``keep(status:in:)``):
  /// any but `active` (and none).
  static func keeps(status: String?) -> Bool {
    guard let status else { return false }
    return !status.isEmpty && status != "active"
  }

  /// Whether an R4 `intent` is kept (``keep(intent:usual:in:)``): any but `usual` (an order's
  /// `order`, a plan's `plan`).
  static func keeps(intent: String?, usual: String) -> Bool {
    guard let intent else { return false }
    return !intent.isEmpty && intent != usual
  }

  /// Keeps a CarePlan's, an order's or an activity's `status` other than `active` in the
  /// entity's `userInfo` under ``Pipeline/statusKey``, so that a stopped, completed or cancelled
  /// order or plan does not look active on the care side (and export writes it back). `active`
  /// and no status leave `userInfo` as it is.
  static func keep<E: CareEntity>(status: String?, in entity: inout E) {
    guard keeps(status: status), let status else { return }
    entity.userInfo = (entity.userInfo ?? [:]).merging([Pipeline.statusKey: status]) { _, new in new }
  }

  /// Keeps an R4 `intent` other than `usual` in the entity's `userInfo` under
  /// ``Pipeline/intentKey``, so that export writes it back instead of turning a proposal into
  /// an order.
  static func keep<E: CareEntity>(intent: String?, usual: String, in entity: inout E) {
    guard keeps(intent: intent, usual: usual), let intent else { return }
    entity.userInfo = (entity.userInfo ?? [:]).merging([Pipeline.intentKey: intent]) { _, new in new }
  }

  /// Keeps an order's `status` (as ``keep(status:in:)``), its R4 `intent` other than `order`
  /// and its DSTU2 `dateEnded` (under ``Pipeline/dateEndedKey``: the schedule ends there, but
  /// only this says the order was stopped then).
  static func keep(order facts: ResourceFacts.Order, in task: inout TaskEntity) {
    keep(status: facts.status, in: &task)
    keep(intent: facts.intent, usual: "order", in: &task)
    if keepsDateEnded(facts), let ended = facts.dateEnded {
      task.userInfo = (task.userInfo ?? [:]).merging([Pipeline.dateEndedKey: ended]) { _, new in new }
    }
  }

  /// Whether an order's `dateEnded` is kept: a valid FHIR dateTime.
  static func keepsDateEnded(_ facts: ResourceFacts.Order) -> Bool {
    facts.dateEnded.map { FHIRDateTime.problem(with: $0) == nil } ?? false
  }

  /// `report` of an order of `type` with what ``keep(order:in:)`` keeps counted mapped, not
  /// dropped (``ConversionReport/kept(_:)``): the coder had no place for it, the pipeline has.
  static func keeping(order facts: ResourceFacts.Order, type: String, in report: ConversionReport) -> ConversionReport {
    var report = report
    if keeps(status: facts.status) { report.kept(type + ".status") }
    if keeps(intent: facts.intent, usual: "order") { report.kept(type + ".intent") }
    return report
  }
}
