import ArgumentParser
import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreLocation
import FHIRKit
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
      entities only. What the coders could not carry exactly is \
      counted in one line on stderr and listed per resource and path with --report.

      Examples:
        fhirkit export --store care.sqlite --to r4 > r4.ndjson
        fhirkit export --store care.sqlite --to dstu2 --format bundle -o bundle.json
        fhirkit export --store care.sqlite --to r4 --patient 1234 --from-sources

      Exit codes: 0 all good; 1 some entities could not be written (the others are), or, with \
      --from-sources, were written through the coders because a stored source is damaged; \
      2 usage error (also: -o naming the store); 3 the store cannot be read, or cannot \
      write the output (NDJSON is written as the store is read: what went to standard output \
      stays, a file named by -o keeps what was there); 129/130/143 interrupted.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ndjson
    case bundle
  }

  @Option(help: "The store: a file or a postgresql:// URL.")
  var store: String

  @Option(help: "What to write: r4, dstu2 or care.")
  var to: Target

  @Option(help: "ndjson (one resource per line) or bundle (one pretty-printed collection Bundle).")
  var format: Format = .ndjson

  @Option(help: CareFormatOption.help)
  var careFormat: CareFormatOption?

  @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
  var output: String?

  @Option(help: "List what the coders approximated, per resource and path, as NDJSON in this file.")
  var report: String?

  @Option(help: "Write only the entities of the patient with this care id (its plans, their tasks and outcomes).")
  var patient: String?

  @Flag(
    help:
      "Write each entity that came from an import as the FHIR resources it came from (converted to the other release if asked)."
  )
  var fromSources = false

  @OptionGroup var messages: QuietOption

  struct Target: ExpressibleByArgument {
    var value: StoreExporter.Target
    init?(argument: String) {
      guard let value = StoreExporter.Target(rawValue: argument.lowercased()) else { return nil }
      self.value = value
    }
    static var allValueStrings: [String] { StoreExporter.Target.allCases.map(\.rawValue) }
  }

  func validate() throws {
    try PathOptions.refuseEmpty(["--store": store, "-o": output, "--report": report])
    if to.value == .care && format == .bundle { throw ValidationError("--to care writes NDJSON only") }
    if to.value == .care && fromSources { throw ValidationError("--from-sources writes FHIR (r4 or dstu2) only") }
    if careFormat != nil && to.value != .care { throw ValidationError("--care-format applies to --to care only") }
  }

  /// Opens the store without writing, unless an earlier FHIRKit wrote it: then its schema is
  /// upgraded first (as any command that writes would), and the upgrade said on stderr.
  static func openForReading(_ location: StoreLocation) throws -> any CareStoreBackend {
    do {
      return try location.open(readOnly: true)
    } catch let error as StoreError where error.kind == .olderSchema {
      let backend = try location.open()
      if !Console.shared.quiet { printError("fhirkit: \(location): store schema upgraded to this FHIRKit's") }
      return backend
    }
  }

  func run() throws {
    messages.apply()
    let location = StoreLocation(store)
    if let path = location.path {
      guard FileManager.default.fileExists(atPath: path) else {
        printError("fhirkit: \(path): no such store")
        throw ExitCode(3)
      }
      try OutputFile.refuseInputs(outputs: [output, report], inputs: [path])
    }
    // Opened before the store is read, so that an interruption while it is read says what
    // was and was not written.
    let out = try OutputFile(path: output)
    let issueReport = try IssueReport(path: report)
    let reportWriter = PipelineReportWriter(issueReport: issueReport)
    var totals = PipelineReportWriter.Approximations()
    var failed = 0
    var written = 0
    // NDJSON is written as the store is read (a page of entities at a time); a Bundle is one
    // document, gathered first.
    var bundled: [StoreExporter.Item] = []
    do {
      let backend = try Self.openForReading(location)
      var exporter = StoreExporter(store: CareStore(backend: backend), patientID: patient)
      exporter.fromSources = fromSources
      exporter.careFormat = careFormat?.value ?? .native
      try exporter.export(
        to.value,
        failures: { kind, id in
          failed += 1
          printRecordMessage(
            kind == "contact"
              ? "fhirkit: contact \(id): not written (contacts have no FHIR coder; --to care writes them)"
              : "fhirkit: \(kind) \(id): the coder could not write it")
        },
        changes: { change in
          printRecordMessage(
            "fhirkit: \(change.kind) \(change.id): changed since import, written as its source with "
              + (change.elements.isEmpty
                ? "no element replaced" : change.elements.joined(separator: ", ") + " replaced"))
        },
        unreadable: { problem in
          failed += 1
          printRecordMessage("fhirkit: \(problem.kind) \(problem.id): \(problem.reason); written through the coders")
          issueReport.write([
            "kind": "sourceUnreadable", "entity": .string(problem.kind), "id": .string(problem.id),
            "severity": "error", "message": .string(problem.reason + "; written through the coders"),
          ])
        },
        item: { item in
          written += 1
          switch format {
          case .ndjson: try out.writeLine(item.json)
          case .bundle: bundled.append(item)
          }
          totals.add(item.report)
          guard issueReport.isEnabled,
            var resource = ResourceConversionReport(item.report, resourceType: item.type, resourceID: nil)
          else { return }
          resource.resourceID = (try? JSONValue(parsing: item.json))?["id"]?.stringValue
          reportWriter.write(resource)
        })
    } catch let error as StoreError {
      // A file named by -o or --report keeps what was there (the temporary file is not renamed).
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
    if format == .bundle {
      // Pretty-printed, as `convert --format bundle` writes it.
      var writer = JSONWriter(style: .pretty)
      writer.value(try JSONValue(parsing: StoreExporter.bundle(bundled)))
      try out.writeDocument(writer.takeOutput())
    }
    try out.close()
    try issueReport.close()
    if !Console.shared.quiet || failed > 0 {
      printError("fhirkit: exported \(written) \(to.value == .care ? "records" : "resources")")
    }
    reportWriter.printApproximations(totals)
    if failed > 0 { throw someRecordsFailed }
  }
}
