import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Testing

@testable import CarePipeline

/// `StagedConversion.Preparer.prepare(unmodelled:at:release:fullUrl:)`: what `fhirkit` stages
/// for a resource of a type the models do not know without decoding it whole. It must be
/// what preparing the decoded resource gives — key, what the staged bytes decode to, the bytes
/// it counts for in a partition, and every fact staging keeps (identifiers for logical
/// references, an event's requests) — and `nil` wherever decoding it could tell more. It is
/// staged as its JSON as read, where preparing the decoded resource stages its tokens packed.
@Suite("staging unmodelled resources from their tokens")
struct StagedUnmodelledTests {
  /// What staging keeps of a prepared item, comparable.
  private struct Kept: Equatable {
    var key: String
    var fullUrl: String?
    /// The staged bytes decoded again, as the model's compact JSON.
    var decodedJSON: [UInt8]
    var weight: Int
    var type: String
    var isDSTU2: Bool
    var sites: [String]
    var identifiers: [String]

    init(_ item: StagedEntry.Item) throws {
      (key, fullUrl) = (item.key, item.fullUrl)
      decodedJSON = try StagedMerge.decode(
        item.bytes, isCanonical: item.isCanonical, isSourceText: item.isSourceText, repairs: false,
        isDSTU2: item.facts.isDSTU2, type: item.facts.type, path: "test"
      ).resource.canonicalBytes
      weight = item.weight ?? item.bytes.count
      (type, isDSTU2, identifiers) = (item.facts.type, item.facts.isDSTU2, item.facts.identifiers)
      sites = item.facts.sites.map { "\($0.kind) \($0.text)" }
      #expect(!item.facts.patientConverts && item.facts.plan == nil)
    }
  }

  @Test(
    "an unmodelled resource prepared from its tokens is prepared as decoding it gives", arguments: FHIRRelease.allCases)
  func sameAsDecoded(release: FHIRRelease) throws {
    let folders = release == .r4 ? ["r4/examples", "r4/bundles", "pipeline"] : ["dstu2/examples", "dstu2/bundles"]
    let paths = folders.flatMap { Fixtures.files(extensions: ["json", "ndjson"], under: $0) }
    let input = try Pipeline().read(paths.map { .path(Fixtures.root + "/" + $0) }, reading: .init(release: release))
      .input
    let preparer = try StagedConversion(pipeline: Pipeline()).preparer
    var types = Set<String>()
    var (withIdentifiers, withRequests, modelled, asRead) = (0, 0, 0, 0)
    for entry in input.entries {
      try PipelineInput.flatten(entry) { flat in
        guard let source = flat.source else {
          // Decoded with issues or repaired: only a model finds or repairs anything.
          #expect(flat.resource.isModelled)
          modelled += 1
          return
        }
        guard
          let fromTokens = preparer.prepare(
            unmodelled: source.tokens, at: source.index, release: release, fullUrl: flat.fullUrl)
        else {
          modelled += 1
          return
        }
        let decoded = preparer.prepare(flat)
        guard fromTokens.items.count == 1, decoded.items.count == 1 else {
          Issue.record("one resource prepared as several items")
          return
        }
        let kept = try Kept(fromTokens.items[0])
        let expected = try Kept(decoded.items[0])
        #expect(kept == expected, "\(kept.key)")
        // Staged as read where the tokens hold what was read (not in a Bundle held whole to be
        // split, its `entry` before its `resourceType`), counting for what its tokens packed take.
        let holdsSource = source.tokens.sourceBytes(ofValueAt: source.index) != nil
        #expect(fromTokens.items[0].isSourceText == holdsSource && !decoded.items[0].isSourceText)
        #expect(kept.weight == decoded.items[0].bytes.count)
        if holdsSource { asRead += 1 }
        types.insert(kept.type)
        if !kept.identifiers.isEmpty { withIdentifiers += 1 }
        if !kept.sites.isEmpty { withRequests += 1 }
      }
    }
    #expect(types.count >= 8 && modelled > 10 && asRead > 10)
    #expect(withIdentifiers > 10)
    if release == .r4 { #expect(withRequests > 0) }  // event resources (Immunization, Procedure)
  }

  @Test("a modelled or unknown type, a resource without id or fullUrl, or no resource object is decoded instead")
  func decodedInstead() throws {
    let preparer = try StagedConversion(pipeline: Pipeline()).preparer
    func prepared(_ json: String, _ release: FHIRRelease = .r4, fullUrl: String? = nil) throws -> StagedEntry? {
      let tokenizer = JSONTokenizer(source: "test")
      try tokenizer.feed(Array(json.utf8))
      try tokenizer.finish()
      guard case .value(let tokens)? = tokenizer.nextOutput() else { throw StagingError(path: "test", message: "") }
      return preparer.prepare(unmodelled: tokens, at: 0, release: release, fullUrl: fullUrl)
    }
    for type in ["Patient", "Observation", "CarePlan", "MedicationRequest", "Medication", "Bundle"] {
      #expect(try prepared(#"{"resourceType":"\#(type)","id":"a"}"#) == nil, "\(type)")
    }
    #expect(try prepared(#"{"resourceType":"MedicationOrder","id":"a"}"#, .dstu2) == nil)
    #expect(try prepared(#"{"resourceType":"MedicationOrder","id":"a"}"#, .r4) == nil)  // not an R4 type
    #expect(try prepared(#"{"resourceType":"Frobnicator","id":"a"}"#) == nil)
    #expect(try prepared(#"{"resourceType":"Encounter"}"#) == nil)
    #expect(try prepared(#"{"resourceType":7,"id":"a"}"#) == nil)
    #expect(try prepared(#"{"id":"a"}"#) == nil)
    #expect(try prepared(#"["Encounter"]"#) == nil)

    let byURL = try #require(try prepared(#"{"resourceType":"Encounter"}"#, fullUrl: "urn:uuid:1"))
    #expect(byURL.items.map(\.key) == ["url:urn:uuid:1"])
    let byID = try #require(try prepared(#"{"resourceType":"Encounter","id":"e1","status":"finished"}"#))
    #expect(byID.items.map(\.key) == ["Encounter/e1"])
    #expect(
      try prepared(#"{"resourceType":"MedicationStatement","id":"a"}"#, .dstu2)?.items.first?.facts.isDSTU2 == true)
  }
}

extension PipelineResource {
  /// Whether the resource decoded into one of its release's models.
  fileprivate var isModelled: Bool {
    switch self {
    case .r4(.other), .dstu2(.other): false
    default: true
    }
  }
}
