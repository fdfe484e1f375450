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
}
