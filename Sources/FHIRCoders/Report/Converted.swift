/// A converted value and the report of how it was converted.
public struct Converted<Value> {
  /// The value.
  public var value: Value
  /// What was mapped, dropped, defaulted or left unrepresentable.
  public var report: ConversionReport

  public init(_ value: Value, report: ConversionReport) {
    self.value = value
    self.report = report
  }
}

extension Converted: Sendable where Value: Sendable {}
extension Converted: Equatable where Value: Equatable {}

/// A coder between a FHIR resource and a care entity (the shape of CareKitFHIR's
/// `OCKFHIRResourceCoder`, without prefixes or completion handlers).
public protocol ResourceCoder: Sendable {
  associatedtype Resource
  associatedtype Entity

  /// Converts a resource to an entity.
  /// - Throws: ``CoderError`` when the resource cannot become an entity at all.
  func decode(_ resource: Resource) throws -> Converted<Entity>

  /// Converts a resource decoded from `source` (see ``ResourceSource``) to an entity, with the
  /// same result as ``decode(_:)``; element accounting may walk `source` instead of the resource.
  /// - Throws: ``CoderError`` when the resource cannot become an entity at all.
  func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity>

  /// Converts an entity to a resource.
  /// - Throws: ``CoderError`` when the entity cannot be written.
  func encode(_ entity: Entity) throws -> Converted<Resource>
}

extension ResourceCoder {
  /// By default the source is not used.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    try decode(resource)
  }
}
