extension EntityKind {
  /// The table that holds the versions of this kind in a relational backend (`care_plan`), the
  /// same name in SQLite and PostgreSQL.
  public var tableName: String {
    switch self {
    case .patient: "patient"
    case .carePlan: "care_plan"
    case .task: "task"
    case .outcome: "outcome"
    case .contact: "contact"
    }
  }

  /// The column of ``tableName`` that holds ``linkField`` (`patient_uuid`), `nil` for patients.
  public var linkColumn: String? {
    switch self {
    case .patient: nil
    case .carePlan: "patient_uuid"
    case .task: "care_plan_uuid"
    case .outcome: "task_uuid"
    case .contact: "care_plan_uuid"
    }
  }
}
