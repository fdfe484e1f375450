// libFuzzer target: the care pipeline on small inputs. The first byte picks the release
// (even R4, odd DSTU2); the rest is NDJSON, each line a resource or a Bundle. The
// pipeline's result must write as care NDJSON (the bytes JSONEncoder gives), and a good
// patient added among the records must still become its entity. Built by Scripts/fuzz.sh; libFuzzer
// provides `main`.

import CareModel
import CarePipeline
import FHIRDSTU2
import FHIRKit
import FHIRR4
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCarePipeline(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = Fuzz.bytes(start, count)
  guard let selector = bytes.first else { return 0 }
  var input = PipelineInput()
  let reader = NDJSONReader()
  let handle: (NDJSONReader.Event) -> Void = { event in
    guard case .record(let tokens, _) = event else { return }
    if selector & 1 == 0 {
      if let resource = try? FHIRR4.AnyResource.decode(from: tokens).value { input.add(resource) }
    } else {
      if let resource = try? FHIRDSTU2.AnyResource.decode(from: tokens).value { input.add(resource) }
    }
  }
  try? reader.feed(UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), handle)
  try? reader.finish(handle)
  // Containment: a good patient among the input's records still becomes its entity.
  let good = #"{"resourceType":"Patient","id":"fuzz-contained-good","name":[{"family":"Good"}]}"#
  good.utf8.withContiguousStorageIfAvailable { utf8 in
    guard let tokens = try? JSONTokens(parsing: UnsafeRawBufferPointer(utf8)) else { return }
    if selector & 1 == 0 {
      if let resource = try? FHIRR4.AnyResource.decode(from: tokens).value { input.add(resource) }
    } else {
      if let resource = try? FHIRDSTU2.AnyResource.decode(from: tokens).value { input.add(resource) }
    }
  }
  let result = Pipeline().run(input)
  if !result.patients.contains(where: { $0.id == "fuzz-contained-good" }) {
    Fuzz.fail("a good patient among the input's records did not become an entity")
  }
  // Every entity writes as care JSON, with the bytes JSONEncoder gives (no non-finite number).
  for record in result.records { CoderOracle.recordWrites(record) }
  return 0
}
