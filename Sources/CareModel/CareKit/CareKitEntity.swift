import Foundation

/// One entity in CareKit's JSON envelope (`OCKEntity`): `{"type": "task", "object": {…}}`,
/// the object written as CareKitStore's `Codable` would write the entity. Types are
/// `patient`, `carePlan`, `contact`, `task` and `outcome`; CareKit's `healthKitTask` has no
/// counterpart in our model and is refused with ``CareKitFormatError/Code/unsupportedType``.
public struct CareKitEntity: Codable, Hashable, Sendable {
  /// The entity.
  public var record: CareRecord

  /// Wraps a care record.
  /// - Parameter record: The entity.
  public init(_ record: CareRecord) {
    self.record = record
  }

  /// CareKit's `type` (`OCKEntity.EntityType`), which for our kinds is ``CareRecord/kind``.
  public var type: String { record.kind }

  enum CodingKeys: String, CodingKey { case type, object }

  /// Decodes `{"type": …, "object": …}`.
  /// - Throws: ``CareKitFormatError`` for an unknown or unsupported `type`, an outcome value
  ///   of a type we cannot hold, or a missing or mistyped member (with its JSON path).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    do {
      switch type {
      case "patient": record = .patient(try container.decode(CareKitPatient.self, forKey: .object).entity)
      case "carePlan": record = .carePlan(try container.decode(CareKitCarePlan.self, forKey: .object).entity)
      case "contact": record = .contact(try container.decode(CareKitContact.self, forKey: .object).entity)
      case "task": record = .task(try container.decode(CareKitTask.self, forKey: .object).entity)
      case "outcome": record = .outcome(try container.decode(CareKitOutcome.self, forKey: .object).entity)
      default:
        throw CareKitFormatError(.unsupportedType, "entity type has no counterpart in the care model", path: "type")
      }
    } catch {
      var failure = CareKitFormatError.from(error, entityType: type)
      failure.entityType = type
      throw failure
    }
  }

  /// Encodes `{"type": …, "object": …}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(type, forKey: .type)
    try Self.encodeObject(record, into: &container, forKey: .object)
  }

  /// Encodes the entity's CareKit object alone (without the envelope).
  static func encodeObject<Key: CodingKey>(
    _ record: CareRecord, into container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws {
    switch record {
    case .patient(let e): try container.encode(CareKitPatient(e), forKey: key)
    case .carePlan(let e): try container.encode(CareKitCarePlan(e), forKey: key)
    case .contact(let e): try container.encode(CareKitContact(e), forKey: key)
    case .task(let e): try container.encode(CareKitTask(e), forKey: key)
    case .outcome(let e): try container.encode(CareKitOutcome(e), forKey: key)
    }
  }
}
