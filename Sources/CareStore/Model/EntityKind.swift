public import CareModel

/// The kinds of care entity the store keeps, each in a table of its own.
public enum EntityKind: String, CaseIterable, Sendable, Codable, Comparable {
  case patient
  case carePlan
  case task
  case outcome
  /// A care team member (CareKit's `OCKContact`), linked to a care plan. The pipeline makes none
  /// from FHIR; they come from devices (`fhirkit serve`) and care records.
  case contact

  /// The kind an entity of this kind links to (`carePlan` → `patient`), if any.
  public var linkTarget: EntityKind? {
    switch self {
    case .patient: nil
    case .carePlan: .patient
    case .task: .carePlan
    case .outcome: .task
    case .contact: .carePlan
    }
  }

  /// The name of the link field (`patientUUID`, `carePlanUUID`, `taskUUID`).
  public var linkField: String? {
    switch self {
    case .patient: nil
    case .carePlan: "patientUUID"
    case .task: "carePlanUUID"
    case .outcome: "taskUUID"
    case .contact: "carePlanUUID"
    }
  }

  /// The kind of `record`.
  public init(of record: CareRecord) {
    switch record {
    case .patient: self = .patient
    case .carePlan: self = .carePlan
    case .task: self = .task
    case .outcome: self = .outcome
    case .contact: self = .contact
    }
  }

  /// Import order: an entity is written after those it links to.
  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
