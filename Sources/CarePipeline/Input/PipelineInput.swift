public import FHIRDSTU2
public import FHIRR4

/// The resources a ``Pipeline`` merges, of either release and in any order. Bundles are
/// flattened as they are added: each entry's resource is added with the entry's `fullUrl`.
///
/// Everything is held in memory; staging on disk for large Bulk Data exports is still to come.
public struct PipelineInput {
  /// One resource with the `fullUrl` of the Bundle entry it came in, if any.
  public struct Entry {
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
    if case .bundle(let bundle) = resource {
      for entry in bundle.entry {
        if let inner = entry.resource { add(inner, fullUrl: entry.fullUrl?.string) }
      }
    } else {
      entries.append(Entry(resource: .r4(resource), fullUrl: fullUrl))
    }
  }

  /// Adds a DSTU2 resource; a Bundle adds its entries' resources (nested Bundles too).
  /// - Parameters:
  ///   - resource: The resource or Bundle.
  ///   - fullUrl: The `fullUrl` of the entry the resource came in, if any.
  public mutating func add(_ resource: FHIRDSTU2.AnyResource, fullUrl: String? = nil) {
    if case .bundle(let bundle) = resource {
      for entry in bundle.entry {
        if let inner = entry.resource { add(inner, fullUrl: entry.fullUrl?.string) }
      }
    } else {
      entries.append(Entry(resource: .dstu2(resource), fullUrl: fullUrl))
    }
  }
}
