public import Foundation

/// CareKit's revision record (`OCKRevisionRecord`), what a device and a sync server exchange:
/// `{"entities": [{"type": …, "object": …}, …], "knowledgeVector": {"processes": […]}}`,
/// entities oldest first.
public struct CareKitRevisionRecord: Codable, Hashable, Sendable {
  /// The changed entities, oldest first.
  public var entities: [CareKitEntity]
  /// What the author knew of every process when it wrote the record.
  public var knowledgeVector: KnowledgeVector

  /// Creates a record.
  /// - Parameters:
  ///   - entities: The changed entities, oldest first.
  ///   - knowledgeVector: What the author knew of every process.
  public init(entities: [CareKitEntity], knowledgeVector: KnowledgeVector) {
    self.entities = entities
    self.knowledgeVector = knowledgeVector
  }

  /// Reads a record from CareKit's JSON.
  /// - Parameter data: The JSON.
  /// - Throws: ``CareKitFormatError`` with the JSON path of the problem.
  public init(json data: Data) throws {
    do {
      self = try CareKitJSON.makeDecoder().decode(CareKitRevisionRecord.self, from: data)
    } catch {
      throw CareKitFormatError.from(error)
    }
  }

  /// The record as CareKit's JSON (keys sorted).
  public func json() -> Data {
    do {
      return try CareKitJSON.makeEncoder().encode(self)
    } catch {
      // The mirrors throw only what the encoder throws, and this one accepts every value.
      preconditionFailure("a CareKit revision record threw while encoding: \(type(of: error))")
    }
  }
}
