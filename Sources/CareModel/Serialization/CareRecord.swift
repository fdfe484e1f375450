public import Foundation

/// One care entity of any kind, as one NDJSON line: the entity's fields with a `"kind"`
/// member beside them (`patient`, `carePlan`, `task`, `outcome`, `contact`).
public enum CareRecord: Codable, Hashable, Sendable {
  /// A patient (`"kind": "patient"`).
  case patient(PatientEntity)
  /// A care plan (`"kind": "carePlan"`).
  case carePlan(CarePlanEntity)
  /// A task (`"kind": "task"`).
  case task(TaskEntity)
  /// An outcome (`"kind": "outcome"`).
  case outcome(OutcomeEntity)
  /// A contact (`"kind": "contact"`).
  case contact(ContactEntity)

  /// The `"kind"` value.
  public var kind: String {
    switch self {
    case .patient: "patient"
    case .carePlan: "carePlan"
    case .task: "task"
    case .outcome: "outcome"
    case .contact: "contact"
    }
  }

  /// The entity's `uuid`.
  public var uuid: UUID {
    switch self {
    case .patient(let e): e.uuid
    case .carePlan(let e): e.uuid
    case .task(let e): e.uuid
    case .outcome(let e): e.uuid
    case .contact(let e): e.uuid
    }
  }

  /// The entity, whatever its kind, for its common fields (`record.entity.updatedDate`).
  public var entity: any CareEntity {
    switch self {
    case .patient(let e): e
    case .carePlan(let e): e
    case .task(let e): e
    case .outcome(let e): e
    case .contact(let e): e
    }
  }

  /// The record with its entity's common fields changed by `change`.
  public func updating(_ change: (inout any CareEntity) -> Void) -> CareRecord {
    var entity = self.entity
    change(&entity)
    switch entity {
    case let e as PatientEntity: return .patient(e)
    case let e as CarePlanEntity: return .carePlan(e)
    case let e as TaskEntity: return .task(e)
    case let e as OutcomeEntity: return .outcome(e)
    case let e as ContactEntity: return .contact(e)
    default: return self
    }
  }

  /// The links this entity makes to others, by field name (`patientUUID`, `carePlanUUID`, `taskUUID`).
  public var links: [(field: String, uuid: UUID)] {
    switch self {
    case .patient: []
    case .carePlan(let e): e.patientUUID.map { [("patientUUID", $0)] } ?? []
    case .task(let e): e.carePlanUUID.map { [("carePlanUUID", $0)] } ?? []
    case .outcome(let e): e.taskUUID.map { [("taskUUID", $0)] } ?? []
    case .contact(let e): e.carePlanUUID.map { [("carePlanUUID", $0)] } ?? []
    }
  }

  enum KindKey: String, CodingKey { case kind }

  /// Decodes an entity whose `kind` member (`patient`, `carePlan`, `task`, `outcome`, `contact`) says which; throws for
  /// another kind.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: KindKey.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "patient": self = .patient(try PatientEntity(from: decoder))
    case "carePlan": self = .carePlan(try CarePlanEntity(from: decoder))
    case "task": self = .task(try TaskEntity(from: decoder))
    case "outcome": self = .outcome(try OutcomeEntity(from: decoder))
    case "contact": self = .contact(try ContactEntity(from: decoder))
    default:
      throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind")
    }
  }

  /// Encodes the entity's members with a `kind` member saying which entity it is.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: KindKey.self)
    try container.encode(kind, forKey: .kind)
    switch self {
    case .patient(let e): try e.encode(to: encoder)
    case .carePlan(let e): try e.encode(to: encoder)
    case .task(let e): try e.encode(to: encoder)
    case .outcome(let e): try e.encode(to: encoder)
    case .contact(let e): try e.encode(to: encoder)
    }
  }
}
