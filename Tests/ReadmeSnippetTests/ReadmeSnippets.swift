// The "Using the library" snippets of README.md, word for word (ReadmeSnippetTests checks
// it): edit both together. Only the imports are gathered here, once.

import FHIRKit
import Foundation

/// Imports a Bundle, an NDJSON file or a folder of them ("-": a Bundle on standard input)
/// into a SQLite care store, created if missing; importing again adds nothing.
func importFHIR(from path: String, into storePath: String) throws -> ImportSummary {
  var pipeline = Pipeline()
  pipeline.coders.r4Patient.getCareName = { patient, _ in   // override one closure: family names only
    NameComponents(familyName: patient.name.first?.family?.value?.string)
  }
  let source: PipelineSource = path == "-" ? .standardInput(framing: .json) : .path(path)
  let result = try pipeline.run([source])
  if let issue = result.report.inputIssues.first { throw issue }   // bad JSON, a truncated file
  return try CareStore(backend: SQLiteBackend(path: storePath)).importResult(result)
}

/// The R4 Patients of a Bundle, an NDJSON file or a single resource ("-": standard input).
func r4Patients(in path: String) throws -> [FHIRR4.Patient] {
  var patients: [FHIRR4.Patient] = []
  try ResourceFramer.read(framing: nil, source: path, chunks: { feed in try ByteChunks.read(path: path) { try feed($0) } }) { event in
    switch event {
    case .record(let record):
      let decoded = try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index)
      if case .patient(let patient)? = decoded.value { patients.append(patient) }
    case .invalidJSON(let error): throw error   // bad JSON ends the input: a truncated file ends here
    case .entryWithoutResource, .topLevelValue, .note, .inputIdle, .restNotRead: break
    }
  }
  return patients
}

/// Decodes one R4 Patient held in memory and writes it back.
func prettyPatient(_ data: Data) throws -> [UInt8]? {
  let result = try FHIRR4.Patient.decode(from: JSONTokens(parsing: data))   // lenient: value + issues
  return result.value?.jsonBytes(style: .pretty)                            // lossless round trip
}

/// A care Patient made from an R4 Patient with one field changed, written back to FHIR.
func renamed(_ patient: FHIRR4.Patient) throws -> FHIRR4.Patient {
  var coder = R4PatientCoder()
  coder.getCareName = { _, _ in NameComponents(familyName: "—") }   // change one field only
  let converted = try coder.decode(patient)        // care Patient + ConversionReport
  return try coder.encode(converted.value).value   // and back to FHIR
}
