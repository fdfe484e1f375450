import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import SystemPackage

/// Streams the resources of sources: NDJSON line by line, Bundles entry by entry, single
/// resources whole. Each resource is decoded in its release (given, or detected per resource)
/// and handed out with its entry's `fullUrl`; nested Bundles are flattened. Bad records go to
/// `onIssue` and are skipped; in strict mode the first one is thrown instead.
struct SourceReader {
  let options: Pipeline.ReadOptions
  /// Takes a record before it is decoded (tokens, index of the resource, release, `fullUrl`)
  /// and returns whether it took it; a record it does not take is decoded and added. Not
  /// called in strict mode, where every record is decoded to check it.
  var raw: ((JSONTokens, Int, FHIRRelease, String?) throws -> Bool)? = nil

  /// One record found in a file, before decoding.
  private struct Record {
    var tokens: JSONTokens
    var index: Int
    var line: Int?
    var entry: Int?
    var fullUrl: String?
    var pathPrefix: JSONPath
  }

  /// Reads every file of `sources` in order.
  /// - Throws: ``InputIssue`` in strict mode, or what `add` throws.
  func read(
    _ sources: [PipelineSource], add: (PipelineInput.Entry) throws -> Void, onIssue: (InputIssue) throws -> Void
  ) throws {
    for source in sources {
      let files: [PipelineSource.File]
      do {
        files = try source.files()
      } catch let issue as InputIssue {
        try report(issue, onIssue)
        continue
      }
      for file in files { try read(file, add: add, onIssue: onIssue) }
    }
  }

  private func read(
    _ file: PipelineSource.File, add: (PipelineInput.Entry) throws -> Void, onIssue: (InputIssue) throws -> Void
  ) throws {
    var lastRelease: FHIRRelease?
    func take(_ record: Record) throws {
      if let entry = try decode(record, file: file.name, lastRelease: &lastRelease, onIssue: onIssue) {
        try PipelineInput.flatten(entry, add)
      }
    }
    do {
      // The framing every reader shares: a Bundle is split by its `resourceType`, never by
      // an `entry` array alone (a List keeps its entries).
      try ResourceFramer.read(
        framing: file.framing, source: file.name, chunks: { feed in try read(file, into: feed) },
        handler: { event in
          switch event {
          case .record(let record):
            try take(
              Record(
                tokens: record.tokens, index: record.index, line: record.line, entry: record.entry,
                fullUrl: record.fullUrl, pathPrefix: record.resourcePath))
          case .entryWithoutResource(let entry):
            try report(
              InputIssue(
                .notAResource, source: file.name, entry: entry.entry, path: entry.path.description,
                message: "entry without resource (\(entry.summary))"), onIssue)
          case .topLevelValue, .inputIdle, .restNotRead:
            // What a JSON error leaves unread is said by its issue (``InputIssue/Kind/invalidJSON``).
            break
          case .note(let note):
            if note == .byteOrderMark {
              try onIssue(InputIssue(.byteOrderMark, source: file.name, message: note.description))
            }
          case .invalidJSON(let error):
            try report(InputIssue(error, source: file.name, entry: nil), onIssue)
          }
        })
    } catch let error as JSONError {
      try report(InputIssue(.unreadable, source: file.name, message: error.message), onIssue)
    }
  }

  /// Decodes one record in its release; `nil` (after reporting) when it is not a resource.
  private func decode(
    _ record: Record, file: String, lastRelease: inout FHIRRelease?, onIssue: (InputIssue) throws -> Void
  ) throws -> PipelineInput.Entry? {
    var release = options.release
    if release == nil {
      release = ReleaseDetector.detect(record.tokens).release ?? lastRelease ?? .r4
      lastRelease = release
    }
    if !options.strict, let raw, let release, try raw(record.tokens, record.index, release, record.fullUrl) {
      return nil
    }
    // Care entities are a conversion of their own: what the models cannot fit is repaired
    // (as `fhirkit convert --repair` does), so that the coders read Synthea's one-element
    // arrays and the like as values rather than finding nothing.
    let decoding = DecodingOptions(
      mode: options.strict ? .strict : .lenient, pathPrefix: record.pathPrefix, repair: !options.strict)
    let type = record.tokens.memberString("resourceType", ofObjectAt: record.index)
    let id = record.tokens.memberString("id", ofObjectAt: record.index)
    func issue(_ kind: InputIssue.Kind, _ path: String?, _ message: String) -> InputIssue {
      InputIssue(
        kind, source: file, line: record.line, entry: record.entry, path: path, resourceType: type,
        resourceID: id, message: message)
    }
    do {
      let resource: PipelineResource?
      let issues: [ValidationIssue]
      let repairs: [DecodingRepair]
      switch release {
      case .dstu2:
        let decoded = try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: decoding)
        (resource, issues, repairs) = (decoded.value.map(PipelineResource.dstu2), decoded.issues, decoded.repairs)
      default:
        let decoded = try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: decoding)
        (resource, issues, repairs) = (decoded.value.map(PipelineResource.r4), decoded.issues, decoded.repairs)
      }
      guard let resource, resource.resourceType != nil else {
        try report(issue(.notAResource, record.pathPrefix.description, "not a resource the models can read"), onIssue)
        return nil
      }
      // The tokens stay with the resource so that the coders account for its elements from them.
      var entry = PipelineInput.Entry(
        resource: resource, fullUrl: record.fullUrl, decodedFrom: record.tokens, at: record.index, issues: issues,
        repairs: repairs)
      if !repairs.isEmpty, let release {
        entry.originalJSON = try PipelineInput.Entry.jsonAsRead(record.tokens, at: record.index, release: release)
      }
      return entry
    } catch let error as FHIRDecodingError {
      try report(issue(.invalidResource, error.issue.path.description, error.issue.message), onIssue)
      return nil
    }
  }

  private func report(_ issue: InputIssue, _ onIssue: (InputIssue) throws -> Void) throws {
    if options.strict { throw issue }
    try onIssue(issue)
  }

  /// Feeds the framer `file`'s bytes, chunk by chunk, as FHIRJSON reads them.
  private func read(_ file: PipelineSource.File, into feed: ResourceFramer.Feed) throws {
    if let descriptor = file.descriptor {
      try ByteChunks.read(descriptor: FileDescriptor(rawValue: descriptor), source: file.name) { try feed($0) }
    } else {
      try ByteChunks.read(file: file.path ?? FilePath(file.name), source: file.name) { try feed($0) }
    }
  }
}

extension InputIssue {
  /// An issue for a JSON error: the NDJSON line or the JSON path where it was found.
  init(_ error: JSONError, source: String, entry: Int?) {
    self.init(
      .invalidJSON, source: source, line: error.line, entry: entry, path: error.path.description,
      message: error.message)
  }
}
