import FHIRCoders

/// A resource kept after de-duplication, with the identity it is found by.
struct IndexedResource {
  /// `Type/id`; without an id `url:<fullUrl>`; without either, `anon:<Type>:<hash of its JSON>`.
  var key: String
  /// The Bundle entry's `fullUrl`, if any.
  var fullUrl: String?
  /// The resource.
  var resource: PipelineResource
  /// The tokens the resource was decoded from, when the pipeline holds them and they account
  /// for it exactly (``ResourceSource``): the coders then account for its elements from them.
  var source: ResourceSource? = nil
  /// The resource's JSON as read, when decoding repaired it (``PipelineInput/Entry/originalJSON``).
  var originalJSON: [UInt8]? = nil
  /// The resource's compact JSON when the pipeline already holds it (the bytes it was staged as),
  /// so that a source's JSON is not encoded again.
  var compactJSON: [UInt8]? = nil

  /// The resource's type (`"?"` when it has none).
  var type: String { resource.resourceType ?? "?" }
  /// The resource's id.
  var id: String? { resource.id }
}
