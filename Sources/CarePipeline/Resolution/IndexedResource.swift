/// A resource kept after de-duplication, with the identity it is found by.
struct IndexedResource {
  /// `Type/id`; without an id `url:<fullUrl>`; without either, `anon:<Type>:<hash of its JSON>`.
  var key: String
  /// The Bundle entry's `fullUrl`, if any.
  var fullUrl: String?
  /// The resource.
  var resource: PipelineResource

  /// The resource's type (`"?"` when it has none).
  var type: String { resource.resourceType ?? "?" }
  /// The resource's id.
  var id: String? { resource.id }
}
