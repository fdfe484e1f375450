public import Foundation

/// Writes care entities as CareKit's JSON, one object per entity, as CareKitStore's `Codable`
/// would (``CareKitJSON``), and reads them back.
///
/// Writing cannot fail: the objects hold only values ``CareKitJSON/makeEncoder()`` accepts.
public struct CareKitJSONWriter: Sendable {
  /// Whether each line is the bare object (`OCKTask`'s JSON; default) or CareKit's envelope
  /// `{"type": …, "object": …}` (``CareKitEntity``).
  public var envelope: Bool

  /// A writer.
  /// - Parameter envelope: Whether to wrap each object as `{"type": …, "object": …}`.
  public init(envelope: Bool = false) {
    self.envelope = envelope
  }

  /// One entity as compact CareKit JSON (no newline).
  /// - Parameter record: The entity.
  public func bytes(_ record: CareRecord) -> [UInt8] {
    let encoder = CareKitJSON.makeEncoder()
    do {
      if envelope { return Array(try encoder.encode(CareKitEntity(record))) }
      return Array(try encoder.encode(Bare(record: record)))
    } catch {
      preconditionFailure("a care record threw while encoding as CareKit JSON: \(type(of: error))")
    }
  }

  /// The bare object of one entity.
  private struct Bare: Encodable {
    var record: CareRecord
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch record {
      case .patient(let e): try container.encode(CareKitPatient(e))
      case .carePlan(let e): try container.encode(CareKitCarePlan(e))
      case .contact(let e): try container.encode(CareKitContact(e))
      case .task(let e): try container.encode(CareKitTask(e))
      case .outcome(let e): try container.encode(CareKitOutcome(e))
      }
    }
  }

  /// Reads one bare CareKit object of the given type (`patient`, `carePlan`, `contact`, `task`, `outcome`).
  /// - Parameters:
  ///   - data: The object's JSON.
  ///   - type: CareKit's entity type.
  /// - Throws: ``CareKitFormatError`` with the JSON path of the problem.
  public static func record(_ data: Data, type: String) throws -> CareRecord {
    let envelope = #"{"type":"# + String(decoding: try JSONEncoder().encode(type), as: UTF8.self) + #","object":"#
    var wrapped = Data(envelope.utf8)
    wrapped.append(data)
    wrapped.append(UInt8(ascii: "}"))
    return try entity(wrapped).record
  }

  /// Reads one entity in CareKit's envelope `{"type": …, "object": …}`.
  /// - Parameter data: The JSON.
  /// - Throws: ``CareKitFormatError`` with the JSON path of the problem.
  public static func entity(_ data: Data) throws -> CareKitEntity {
    do {
      return try CareKitJSON.makeDecoder().decode(CareKitEntity.self, from: data)
    } catch {
      throw CareKitFormatError.from(error)
    }
  }
}
