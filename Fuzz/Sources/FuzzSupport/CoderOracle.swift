import CareModel
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

  /// Checks that a care entity writes as care NDJSON (a non-finite number would not).
  public static func entityWrites(_ entity: Any) {
    let record: CareRecord
    switch entity {
    case let value as CareModel.Patient: record = .patient(value)
    case let value as CareModel.CarePlan: record = .carePlan(value)
    case let value as CareModel.Task: record = .task(value)
    case let value as CareModel.Outcome: record = .outcome(value)
    default: return
    }
    do {
      _ = try CareJSON.ndjson([record])
    } catch {
      Fuzz.fail("a decoded care entity does not write as NDJSON: \(error)")
    }
  }
}
