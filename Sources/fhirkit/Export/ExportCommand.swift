import ArgumentParser
import CareStore
import CareStoreSQLite
import Foundation

/// `fhirkit export`: care store → FHIR R4 / DSTU2 or care-entity NDJSON.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the store's entities as FHIR R4, DSTU2 or care-entity JSON.",
    discussion: """
      Each entity is written in its newest version (deleted ones are left out), through the \
      coders: care fields FHIR has no element for travel as FHIRKit care extensions. A care \
      plan carries its tasks as activities; a medication order no care plan claimed is written \
      as a MedicationRequest / MedicationOrder with its patient. --patient writes one patient's \
      entities only.

      Exit codes: 0 all good; 1 some entities could not be written (the others are); \
      2 usage error; 3 the store cannot be read.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ndjson
    case bundle
  }

  @Option(help: "The store file.")
  var store: String

  @Option(help: "What to write: r4, dstu2 or care.")
  var to: Target

  @Option(help: "ndjson (one resource per line) or bundle (one collection Bundle).")
  var format: Format = .ndjson

  @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
  var output: String?

  @Option(help: "Write only the entities of the patient with this care id (its plans, their tasks and outcomes).")
  var patient: String?

  @Flag(help: "Write each entity that came from an import as the FHIR resources it came from (converted to the other release if asked).")
  var fromSources = false

  struct Target: ExpressibleByArgument {
    var value: StoreExporter.Target
    init?(argument: String) {
      guard let value = StoreExporter.Target(rawValue: argument.lowercased()) else { return nil }
      self.value = value
    }
    static var allValueStrings: [String] { StoreExporter.Target.allCases.map(\.rawValue) }
  }

  func validate() throws {
    if to.value == .care && format == .bundle { throw ValidationError("--to care writes NDJSON only") }
    if to.value == .care && fromSources { throw ValidationError("--from-sources writes FHIR (r4 or dstu2) only") }
  }

  func run() throws {
    guard FileManager.default.fileExists(atPath: store) else {
      printError("fhirkit: \(store): no such store")
      throw ExitCode(3)
    }
    var failed = 0
    let items: [StoreExporter.Item]
    do {
      let backend = try SQLiteBackend(
        path: store,
        options: {
          var o = SQLiteBackend.Options(); o.readOnly = true; return o
        }())
      var exporter = StoreExporter(store: CareStore(backend: backend), patientID: patient)
      exporter.fromSources = fromSources
      items = try exporter.items(
        to.value,
        failures: { kind, id in
          failed += 1
          printError("fhirkit: \(kind) \(id): the coder could not write it")
        },
        changes: { change in
          printError(
            "fhirkit: \(change.kind) \(change.id): changed since import, written as its source with "
              + (change.elements.isEmpty ? "no element replaced" : change.elements.joined(separator: ", ") + " replaced"))
        })
    } catch let error as StoreError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
    let out = try OutputFile(path: output)
    switch format {
    case .ndjson: for item in items { try out.writeLine(item.json) }
    case .bundle: try out.writeLine(StoreExporter.bundle(items))
    }
    try out.close()
    printError("fhirkit: exported \(items.count) \(to.value == .care ? "records" : "resources")")
    if failed > 0 { throw someRecordsFailed }
  }
}
