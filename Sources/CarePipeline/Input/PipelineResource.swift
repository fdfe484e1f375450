public import FHIRDSTU2
public import FHIRR4
import FHIRCore
import FHIRJSON
import Foundation

/// One FHIR resource of either release, as the pipeline takes it.
public enum PipelineResource: Sendable {
  /// An R4 resource.
  case r4(FHIRR4.AnyResource)
  /// A DSTU2 resource.
  case dstu2(FHIRDSTU2.AnyResource)

  /// The `resourceType`, if known.
  public var resourceType: String? {
    switch self {
    case .r4(let r): r.resourceType
    case .dstu2(let r): r.resourceType
    }
  }

  /// The logical `id`, if any.
  public var id: String? { info.id }

  /// `meta.versionId` and `meta.lastUpdated` (as text), if given.
  var version: (versionId: String?, lastUpdated: String?) { (info.versionId, info.lastUpdated) }

  /// The compact JSON of the resource (a deterministic tie-break between equal versions).
  var canonicalBytes: [UInt8] {
    switch self {
    case .r4(let r): r.jsonBytes()
    case .dstu2(let r): r.jsonBytes()
    }
  }

  /// The `status` of a resource the merge converts (CarePlan, MedicationRequest /
  /// MedicationOrder, Observation), if given; `nil` for other types.
  var status: String? {
    switch self {
    case .r4(let r):
      switch r {
      case .carePlan(let x): x.status?.value?.string
      case .medicationRequest(let x): x.status?.value?.string
      case .observation(let x): x.status?.value?.string
      default: nil
      }
    case .dstu2(let r):
      switch r {
      case .carePlan(let x): x.status?.value?.string
      case .medicationOrder(let x): x.status?.value?.string
      case .observation(let x): x.status?.value?.string
      default: nil
      }
    }
  }

  /// Whether the resource is an order that prohibits what it names (R4 `MedicationRequest.doNotPerform`).
  var doNotPerform: Bool {
    if case .r4(.medicationRequest(let x)) = self { return x.doNotPerform?.value?.bool == true }
    return false
  }

  /// The resources in `contained`.
  var contained: [PipelineResource] {
    switch self {
    case .r4(let r):
      switch r {
      case .carePlan(let x): x.contained.map(PipelineResource.r4)
      case .medication(let x): x.contained.map(PipelineResource.r4)
      case .medicationRequest(let x): x.contained.map(PipelineResource.r4)
      case .observation(let x): x.contained.map(PipelineResource.r4)
      case .patient(let x): x.contained.map(PipelineResource.r4)
      case .bundle, .other: []
      }
    case .dstu2(let r):
      switch r {
      case .carePlan(let x): x.contained.map(PipelineResource.dstu2)
      case .medication(let x): x.contained.map(PipelineResource.dstu2)
      case .medicationOrder(let x): x.contained.map(PipelineResource.dstu2)
      case .observation(let x): x.contained.map(PipelineResource.dstu2)
      case .patient(let x): x.contained.map(PipelineResource.dstu2)
      case .bundle, .other: []
      }
    }
  }

  struct Info {
    var id: String?
    var versionId: String?
    var lastUpdated: String?
  }

  var info: Info {
    switch self {
    case .r4(let r):
      switch r {
      case .bundle(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .carePlan(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .medication(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .medicationRequest(let x):
        Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .observation(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .patient(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .other(let json): Self.info(json)
      }
    case .dstu2(let r):
      switch r {
      case .bundle(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .carePlan(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .medication(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .medicationOrder(let x):
        Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .observation(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .patient(let x): Info(id: x.id?.string, versionId: x.meta?.versionId?.string, lastUpdated: x.meta?.lastUpdated?.string)
      case .other(let json): Self.info(json)
      }
    }
  }

  static func info(_ json: JSONValue) -> Info {
    Info(
      id: json["id"]?.stringValue, versionId: json["meta"]?["versionId"]?.stringValue,
      lastUpdated: json["meta"]?["lastUpdated"]?.stringValue)
  }
}
