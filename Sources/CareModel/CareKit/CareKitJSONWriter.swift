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

  /// Reads NDJSON of entities in CareKit's envelope (`{"type": …, "object": …}` per line);
  /// blank lines are skipped.
  /// - Parameter data: The lines.
  /// - Throws: ``CareKitFormatError`` with the 1-based line number and the JSON path.
  public static func entities(fromNDJSON data: Data) throws -> [CareKitEntity] {
    var entities: [CareKitEntity] = []
    for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
      do {
        entities.append(try entity(Data(line)))
      } catch var error as CareKitFormatError {
        error.line = index + 1
        throw error
      }
    }
    return entities
  }
}
