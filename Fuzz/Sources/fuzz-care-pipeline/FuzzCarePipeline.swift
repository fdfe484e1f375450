// libFuzzer target: the care pipeline on small inputs. The first byte picks the release
// (even R4, odd DSTU2); the rest is NDJSON, each line a resource or a Bundle. The
// pipeline's result must write as care NDJSON (the bytes JSONEncoder gives), and a good
// patient added among the records must still become its entity; staged from each resource's
// compact JSON, or as `fhirkit` stages what it reads (unmodelled types from their tokens), the
// entities are those of the decoded resources staged. Built by Scripts/fuzz.sh; libFuzzer
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
  var records: [JSONTokens] = []
  let reader = NDJSONReader()
  let handle: (NDJSONReader.Event) -> Void = { event in
    guard case .record(let tokens, _) = event else { return }
    records.append(tokens)
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
    records.append(tokens)
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
  // Staged from each resource's compact JSON (as a cooperating importer stages the rows other
  // workers stored), the entities are those of the decoded resources staged.
  let decoded = stagedDecoded(input)
  if stagedFromJSON(input) != decoded {
    Fuzz.fail("staging from compact JSON gave other entities than staging the decoded resources")
  }
  // Staged as `fhirkit` stages what it reads (a type the models do not know from its tokens,
  // without decoding it), the entities are those of the decoded resources staged.
  if stagedAsRead(records, release: selector & 1 == 0 ? .r4 : .dstu2) != decoded {
    Fuzz.fail("staging unmodelled resources from their tokens gave other entities than decoding them")
  }
  return 0
}

/// The care NDJSON lines, sorted, of `input` staged as decoded entries.
func stagedDecoded(_ input: PipelineInput) -> [[UInt8]] {
  staged { conversion in for entry in input.entries { try conversion.add(entry) } }
}

/// The care NDJSON lines, sorted, of `input` staged from each resource's compact JSON.
func stagedFromJSON(_ input: PipelineInput) -> [[UInt8]] {
  staged { conversion in
    for entry in input.entries {
      switch entry.resource {
      case .r4(let resource):
        try conversion.add(canonicalJSON: resource.jsonBytes(), release: .r4, fullUrl: entry.fullUrl)
      case .dstu2(let resource):
        try conversion.add(canonicalJSON: resource.jsonBytes(), release: .dstu2, fullUrl: entry.fullUrl)
      }
    }
  }
}

/// The care NDJSON lines, sorted, of `records` staged as `fhirkit` stages them: a resource of a
/// type the models do not know from its tokens (`Preparer.prepare(unmodelled:)`), any other
/// decoded, with its tokens.
func stagedAsRead(_ records: [JSONTokens], release: FHIRRelease) -> [[UInt8]] {
  staged { conversion in
    for tokens in records {
      if let prepared = conversion.preparer.prepare(unmodelled: tokens, at: 0, release: release, fullUrl: nil) {
        try conversion.add(prepared)
        continue
      }
      let resource: PipelineResource?
      let (issues, repairs): ([ValidationIssue], [DecodingRepair])
      switch release {
      case .r4:
        guard let result = try? FHIRR4.AnyResource.decode(from: tokens) else { continue }
        (resource, issues, repairs) = (result.value.map(PipelineResource.r4), result.issues, result.repairs)
      case .dstu2:
        guard let result = try? FHIRDSTU2.AnyResource.decode(from: tokens) else { continue }
        (resource, issues, repairs) = (result.value.map(PipelineResource.dstu2), result.issues, result.repairs)
      }
      guard let resource else { continue }
      let entry = PipelineInput.Entry(
        resource: resource, fullUrl: nil, decodedFrom: tokens, at: 0, issues: issues, repairs: repairs)
      try conversion.add(conversion.preparer.prepare(entry))
    }
  }
}

/// Stages with `add` (small partitions) and returns the entities' care JSON, sorted.
func staged(_ add: (StagedConversion) throws -> Void) -> [[UInt8]] {
  do {
    let conversion = try StagedConversion(pipeline: Pipeline(), staging: .init(partitionBytes: 4 << 10, jobs: 1))
    try add(conversion)
    var lines: [[UInt8]] = []
    _ = try conversion.finish { lines.append(CareJSONWriter().bytes($0)) }
    return lines.sorted { $0.lexicographicallyPrecedes($1) }
  } catch {
    Fuzz.fail("staging failed: \(type(of: error))")
  }
}
