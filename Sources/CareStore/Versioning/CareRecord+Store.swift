public import CareModel
import Foundation

extension CareRecord {
  /// The entity's id, whatever its kind.
  public var id: String {
    switch self {
    case .patient(let e): e.id
    case .carePlan(let e): e.id
    case .task(let e): e.id
    case .outcome(let e): e.id
    case .contact(let e): e.id
    }
  }

  var effectiveDate: Date {
    switch self {
    case .patient(let e): e.effectiveDate
    case .carePlan(let e): e.effectiveDate
    case .task(let e): e.effectiveDate
    case .outcome(let e): e.effectiveDate
    case .contact(let e): e.effectiveDate
    }
  }

  /// The one link the record makes (`patientUUID`, `carePlanUUID` or `taskUUID`).
  var link: UUID? { links.first?.uuid }

  /// The record with the version fields the store gives it.
  func versioned(uuid: UUID, previous: [UUID], effectiveDate: Date, deletedDate: Date?) -> CareRecord {
    updating { entity in
      entity.uuid = uuid
      entity.previousVersionUUIDs = previous
      entity.effectiveDate = effectiveDate
      if let deletedDate { entity.deletedDate = deletedDate }
    }
  }
}
