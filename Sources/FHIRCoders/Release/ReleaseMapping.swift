/// The shared mapping of one release, as a ``MappedResourceCoder`` runs it: decode and encode
/// through the coder's closures. Made by the coders' initializers only.
public struct ReleaseMapping<Coder: ResourceCoder>: Sendable {
  let decode: @Sendable (Coder, Coder.Resource, ResourceSource?) throws -> Converted<Coder.Entity>
  let encode: @Sendable (Coder, Coder.Entity) -> Converted<Coder.Resource>
}
