import CarePipeline
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation

/// Decoding helpers for the pipeline tests. They decode with `repair`, as the pipeline's own
/// reader does: Synthea's one-element arrays where one value belongs are read as that value
/// (lenient decoding alone would keep them as given and leave the model's property empty).
enum PipelineTestSupport {
  static func r4(_ bytes: [UInt8]) throws -> FHIRR4.AnyResource {
    try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count), options: .repairing).value!
  }

  static func dstu2(_ bytes: [UInt8]) throws -> FHIRDSTU2.AnyResource {
    try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count), options: .repairing).value!
  }

  static func r4(_ json: String) throws -> FHIRR4.AnyResource { try r4(Array(json.utf8)) }
  static func dstu2(_ json: String) throws -> FHIRDSTU2.AnyResource { try dstu2(Array(json.utf8)) }

  /// An input holding the fixture at `path` (relative to `Fixtures`), decoded by its release.
  static func input(fixture path: String) throws -> PipelineInput {
    var input = PipelineInput()
    let bytes = Fixtures.bytes(path)
    if path.hasPrefix("r4/") { input.add(try r4(bytes)) } else { input.add(try dstu2(bytes)) }
    return input
  }

  /// A Bundle of `resources` (JSON objects), each entry with its fullUrl if given.
  static func bundle(_ entries: [(fullUrl: String?, resource: String)]) -> String {
    let items = entries.map { e in
      (e.fullUrl.map { "{\"fullUrl\":\"\($0)\"," } ?? "{") + "\"resource\":" + e.resource + "}"
    }
    return "{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"entry\":[" + items.joined(separator: ",") + "]}"
  }
}

/// A small deterministic random generator (SplitMix64) for shuffling.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
