import Foundation

extension MergeRun {
  /// Records that the entity with `uuid` came (partly) from `resource` (`PipelineResult.sources`).
  mutating func addSource(_ uuid: UUID, _ resource: IndexedResource) {
    let release: SourceReference.Release
    switch resource.resource {
    case .r4: release = .r4
    case .dstu2: release = .dstu2
    }
    let reference = SourceReference(
      resourceType: resource.type, resourceID: resource.id, fullUrl: resource.fullUrl,
      versionID: resource.resource.version.versionId, release: release)
    if !(result.sources[uuid]?.contains(reference) ?? false) { result.sources[uuid, default: []].append(reference) }
  }
}
