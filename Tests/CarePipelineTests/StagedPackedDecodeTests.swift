import FHIRJSON
import Foundation
import Testing

@testable import CarePipeline

/// What a partition's merge reads back from the staging file: a resource staged as its tokens,
/// packed, decodes again; damaged bytes are a ``StagingError`` naming the staging file and the
/// resource's type, never a crash or a resource made of other bytes.
@Suite struct StagedPackedDecodeTests {
  static let observation = #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"weight"},"valueQuantity":{"value":72.5,"unit":"kg"}}"#

  static func packed(_ json: String) throws -> [UInt8] {
    try JSONTokens(parsing: json).packed()
  }

  @Test func packedResourceDecodesAgainWithItsTokensAsSource() throws {
    let staged = try StagedMerge.decode(
      Self.packed(Self.observation), isCanonical: false, repairs: true, isDSTU2: false, type: "Observation", path: "/tmp/staging.tmp")
    #expect(staged.resource.resourceType == "Observation" && staged.resource.id == "o1")
    #expect(staged.source != nil)
  }

  @Test func damagedPackingIsAStagingErrorNamingFileAndType() throws {
    let bytes = try Self.packed(Self.observation)
    for damaged in [Array(bytes.dropLast()), Array(bytes.prefix(10)), [], bytes + [0], Array(bytes[..<20]) + Array(bytes[24...])] {
      do {
        _ = try StagedMerge.decode(damaged, isCanonical: false, repairs: true, isDSTU2: false, type: "Observation", path: "/tmp/staging.tmp")
        Issue.record("damaged bytes (\(damaged.count) of \(bytes.count)) decoded")
      } catch let error as StagingError {
        #expect(error.description == "/tmp/staging.tmp: a staged Observation is not one packed JSON value")
      }
    }
  }

  @Test func packedValueThatIsNoResourceIsAStagingError() throws {
    #expect(throws: StagingError.self) {
      try StagedMerge.decode(Self.packed("[1,2]"), isCanonical: false, repairs: true, isDSTU2: false, type: "Observation", path: "/tmp/s")
    }
  }
}
