public import FHIRDSTU2
public import FHIRR4

/// The resources a ``Pipeline`` merges, of either release and in any order. Bundles are
/// flattened as they are added: each entry's resource is added with the entry's `fullUrl`.
///
/// Everything is held in memory; for inputs larger than memory, read sources with
/// ``Pipeline/convert(_:reading:staging:_:)``, which stages resources on disk.
public struct PipelineInput {
  /// One resource with the `fullUrl` of the Bundle entry it came in, if any.
  public struct Entry: Sendable {
    /// The resource.
    public var resource: PipelineResource
    /// The Bundle entry's `fullUrl`, if the resource came in a Bundle.
    public var fullUrl: String?

    public init(resource: PipelineResource, fullUrl: String? = nil) {
      self.resource = resource
      self.fullUrl = fullUrl
    }
  }

  /// The resources added so far, Bundles flattened.
  public private(set) var entries: [Entry] = []

  /// Creates an empty input.
  public init() {}

  /// Creates an input from entries as they are (no flattening).
  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// Adds an R4 resource; a Bundle adds its entries' resources (nested Bundles too).
  /// - Parameters:
  ///   - resource: The resource or Bundle.
  ///   - fullUrl: The `fullUrl` of the entry the resource came in, if any.
  public mutating func add(_ resource: FHIRR4.AnyResource, fullUrl: String? = nil) {
    Self.flatten(.r4(resource), fullUrl: fullUrl) { entries.append($0) }
  }

  /// Adds a DSTU2 resource; a Bundle adds its entries' resources (nested Bundles too).
  /// - Parameters:
  ///   - resource: The resource or Bundle.
  ///   - fullUrl: The `fullUrl` of the entry the resource came in, if any.
  public mutating func add(_ resource: FHIRDSTU2.AnyResource, fullUrl: String? = nil) {
    Self.flatten(.dstu2(resource), fullUrl: fullUrl) { entries.append($0) }
  }

  /// Adds a resource of either release; a Bundle adds its entries' resources (nested Bundles too).
  public mutating func add(_ resource: PipelineResource, fullUrl: String? = nil) {
    Self.flatten(resource, fullUrl: fullUrl) { entries.append($0) }
  }

  /// Calls `body` with `resource`, or with each resource of a Bundle (nested Bundles too) and
  /// its entry's `fullUrl`.
  static func flatten(_ resource: PipelineResource, fullUrl: String?, _ body: (Entry) throws -> Void) rethrows {
    switch resource {
    case .r4(.bundle(let bundle)):
      for entry in bundle.entry {
        if let inner = entry.resource { try flatten(.r4(inner), fullUrl: entry.fullUrl?.string, body) }
      }
    case .dstu2(.bundle(let bundle)):
      for entry in bundle.entry {
        if let inner = entry.resource { try flatten(.dstu2(inner), fullUrl: entry.fullUrl?.string, body) }
      }
    default:
      try body(Entry(resource: resource, fullUrl: fullUrl))
    }
  }
}
