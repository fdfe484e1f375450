import CareModel
public import FHIRCore
import FHIRCoders
public import FHIRJSON
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
    /// The tokens the resource was read from, when the reader holds them and they account for
    /// it exactly (see ``ResourceSource``); the coders then account for its elements from them
    /// instead of writing the resource again. Set by the pipeline's own reading only.
    var source: ResourceSource?
    /// The resource's compact JSON as it was read, when decoding repaired it to fit the models
    /// (`DecodingOptions.repair`): the source kept with its entities (``SourceReference/json``)
    /// is then the input, not the repair. `nil` otherwise.
    public var originalJSON: [UInt8]?

    /// The compact JSON of the resource at `index` of `tokens` as read in `release` without
    /// repairs (what it came with kept as given, see `docs/models.md`): the value for
    /// ``originalJSON`` when a repairing decode changed the resource; `nil` when it is not a
    /// resource. Decodes the resource again, so call it only for repaired ones (they are few).
    /// - Throws: What the models throw for tokens they cannot walk.
    public static func jsonAsRead(_ tokens: JSONTokens, at index: Int, release: FHIRRelease) throws -> [UInt8]? {
      switch release {
      case .r4: try FHIRR4.AnyResource.decode(from: tokens, at: index).value?.jsonBytes()
      case .dstu2: try FHIRDSTU2.AnyResource.decode(from: tokens, at: index).value?.jsonBytes()
      }
    }

    public init(resource: PipelineResource, fullUrl: String? = nil) {
      self.resource = resource
      self.fullUrl = fullUrl
    }

    /// An entry for a resource decoded from the value at `index` of `tokens` (a reader's
    /// record) with `issues` and `repairs`: when these leave the model holding exactly the
    /// elements read (``ResourceSource``), the pipeline keeps the tokens, to account for the
    /// resource's elements and to stage it without encoding it again.
    public init(
      resource: PipelineResource, fullUrl: String?, decodedFrom tokens: JSONTokens, at index: Int,
      issues: [ValidationIssue], repairs: [DecodingRepair]
    ) {
      self.init(
        resource: resource, fullUrl: fullUrl,
        source: ResourceSource(tokens: tokens, at: index, issues: issues, repairs: repairs))
    }

    init(resource: PipelineResource, fullUrl: String?, source: ResourceSource?) {
      self.resource = resource
      self.fullUrl = fullUrl
      self.source = source
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

  /// Adds an entry (keeping its ``Entry/source`` and ``Entry/originalJSON``); a Bundle adds
  /// its entries.
  public mutating func add(_ entry: Entry) {
    Self.flatten(entry) { entries.append($0) }
  }

  /// Calls `body` with `resource`, or with each resource of a Bundle (nested Bundles too) and
  /// its entry's `fullUrl`.
  static func flatten(_ resource: PipelineResource, fullUrl: String?, _ body: (Entry) throws -> Void) rethrows {
    try flatten(Entry(resource: resource, fullUrl: fullUrl), body)
  }

  /// Calls `body` with `entry`, or with each resource of a Bundle (nested Bundles too), its
  /// entry's `fullUrl` and its part of the Bundle's source.
  static func flatten(_ entry: Entry, _ body: (Entry) throws -> Void) rethrows {
    func inner(_ index: Int) -> ResourceSource? { entry.source?.element("entry", index)?.member("resource") }
    switch entry.resource {
    case .r4(.bundle(let bundle)):
      for (index, item) in bundle.entry.enumerated() {
        guard let resource = item.resource else { continue }
        try flatten(Entry(resource: .r4(resource), fullUrl: item.fullUrl?.string, source: inner(index)), body)
      }
    case .dstu2(.bundle(let bundle)):
      for (index, item) in bundle.entry.enumerated() {
        guard let resource = item.resource else { continue }
        try flatten(Entry(resource: .dstu2(resource), fullUrl: item.fullUrl?.string, source: inner(index)), body)
      }
    default:
      try body(entry)
    }
  }
}
