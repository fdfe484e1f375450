/// A ``ResourceCoder`` whose decode and encode run the mapping both releases share, with the
/// coder's own closures: ``PatientCoder``, ``CarePlanCoder``, ``CarePlanActivityCoder``,
/// ``ObservationCoder``, ``MedicationTaskCoder``. The release is fixed by the coder's initializer (``ReleaseMapping``).
public protocol MappedResourceCoder: ResourceCoder {
  /// The shared mapping for the coder's release, as its initializer set it.
  var mapping: ReleaseMapping<Self> { get }
}

extension MappedResourceCoder {
  /// The entity of `resource`, through this coder's `get…` closures, with the report.
  /// - Throws: ``CoderError`` when the resource cannot become an entity at all.
  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    try mapping.decode(self, resource, nil)
  }

  /// ``ResourceCoder/decode(_:)``, accounting for the elements from `source` (the tokens
  /// `resource` was decoded from, see ``ResourceSource``) instead of writing `resource` again;
  /// same report.
  /// - Throws: as ``ResourceCoder/decode(_:)``.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    try mapping.decode(self, resource, source)
  }

  /// The resource of `entity`, through this coder's `set…` closures, with the report.
  /// - Throws: ``CoderError`` when the entity cannot be written.
  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    mapping.encode(self, entity)
  }
}
