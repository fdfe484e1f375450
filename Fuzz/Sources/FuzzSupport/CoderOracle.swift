public import CareModel
public import FHIRCoders
public import FHIRKit
import Foundation

/// The checks a coder goes through: decoding throws only `CoderError`; what it decodes
/// encodes back to a resource that writes valid JSON and decodes again; the entity
/// writes as care NDJSON.
public enum CoderOracle {
  /// Runs `coder` over `resource` both ways.
  public static func check<C: ResourceCoder>(_ coder: C, _ resource: C.Resource)
  where C.Resource: FHIREncodable {
    guard let entity = decode(coder, resource) else { return }
    entityWrites(entity.value)
    guard let back = encode(coder, entity.value) else { return }
    Fuzz.reparse(back.value.jsonBytes(), "the coder's encoded resource")
    _ = decode(coder, back.value)
  }

  /// Decodes with `coder`; nil when it throws `CoderError` (any other error is a finding).
  public static func decode<C: ResourceCoder>(_ coder: C, _ resource: C.Resource) -> Converted<C.Entity>? {
    do {
      return try coder.decode(resource)
    } catch is CoderError {
      return nil
    } catch {
      Fuzz.fail("coder decode threw something other than CoderError")
    }
  }

  /// Encodes with `coder`; nil when it throws `CoderError` (any other error is a finding).
  public static func encode<C: ResourceCoder>(_ coder: C, _ entity: C.Entity) -> Converted<C.Resource>? {
    do {
      return try coder.encode(entity)
    } catch is CoderError {
      return nil
    } catch {
      Fuzz.fail("coder encode threw something other than CoderError")
    }
  }

  /// Checks that a care entity writes as care JSON: ``CareJSONWriter``'s bytes parse, and are
  /// the bytes Foundation's `JSONEncoder` writes — which throws on a non-finite number, so an
  /// entity holding one (a number the coders should have kept as text or skipped, and reported)
  /// is a finding.
  public static func entityWrites(_ entity: Any) {
    let record: CareRecord
    switch entity {
    case let value as PatientEntity: record = .patient(value)
    case let value as CarePlanEntity: record = .carePlan(value)
    case let value as TaskEntity: record = .task(value)
    case let value as OutcomeEntity: record = .outcome(value)
    default: return
    }
    recordWrites(record)
  }

  /// ``entityWrites(_:)`` for a record of any kind.
  public static func recordWrites(_ record: CareRecord) {
    let written = CareJSONWriter().bytes(record)
    Fuzz.reparse(written, "the care JSON writer")
    let foundation: Data
    do {
      foundation = try CareJSON.makeEncoder().encode(record)
    } catch {
      Fuzz.fail("a care entity holds a value JSON cannot hold (\(record.kind)): \(type(of: error))")
    }
    if Array(foundation) != written { Fuzz.fail("the care JSON writer and JSONEncoder differ (\(record.kind))") }
  }

  /// A good Observation (valid in both releases) with a quantity and a component: the record
  /// the coder targets put beside every input (``goodRecordUnaffected(_:expected:)``).
  public static let goodObservationTokens: JSONTokens? = {
    let json = #"{"resourceType":"Observation","id":"fuzz-good","status":"final","code":{"text":"weight"},"effectiveDateTime":"2020-01-02T03:04:05Z","valueQuantity":{"value":72.5,"unit":"kg"},"component":[{"code":{"text":"a"},"valueQuantity":{"value":1.50}}]}"#
    return Array(json.utf8).withUnsafeBytes { try? JSONTokens(parsing: $0) }
  }()

  /// Containment: a good resource converted after the fuzzed one gives the same entity as when
  /// it is converted alone (nothing the bad one did leaks into the next record).
  /// - Parameters:
  ///   - convert: Converts the good resource (the same coder as the fuzzed one).
  ///   - expected: What `convert` gave before any fuzz input.
  public static func goodRecordUnaffected<Entity: Equatable>(_ convert: () throws -> Entity, expected: Entity) {
    do {
      if try convert() != expected { Fuzz.fail("a good record converted after the input gives another entity") }
    } catch {
      Fuzz.fail("a good record converted after the input failed: \(type(of: error))")
    }
  }
}
