import CareModel
import Foundation

extension MergeRun {
  /// Records that the entity with `uuid` came (partly) from `resource` (`PipelineResult.sources`),
  /// with the resource's JSON when ``Pipeline/Options/keepsSourceJSON`` (written once per resource).
  mutating func addSource(_ uuid: UUID, _ resource: IndexedResource) {
    let release: SourceReference.Release
    switch resource.resource {
    case .r4: release = .r4
    case .dstu2: release = .dstu2
    }
    var json: Data?
    if pipeline.options.keepsSourceJSON {
      if let known = sourceJSON[resource.key] {
        json = known
      } else {
        let bytes: [UInt8]
        switch resource.resource {
        case .r4(let r): bytes = resource.originalJSON ?? resource.compactJSON ?? r.jsonBytes()
        case .dstu2(let r): bytes = resource.originalJSON ?? resource.compactJSON ?? r.jsonBytes()
        }
        json = Data(bytes)
        sourceJSON[resource.key] = json
      }
    }
    let reference = SourceReference(
      resourceType: resource.type, resourceID: resource.id, fullUrl: resource.fullUrl,
      versionID: resource.resource.version.versionId, release: release, json: json)
    if !(result.sources[uuid]?.contains(reference) ?? false) { result.sources[uuid, default: []].append(reference) }
  }
}
