import ArgumentParser
import FHIRKit
import Foundation

/// `fhirkit inspect`: what FHIR JSON files hold, streamed, without converting.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show the resource types, counts, releases and bytes in FHIR JSON inputs.",
    discussion: """
      Streams each input (Bundles entry by entry, NDJSON line by line) and prints \
      resource counts by type, and by release (R4, DSTU2, or unknown when a resource \
      carries no release-specific element). Bad records are reported on stderr with file, line, \
      byte offset and JSON path, never with their values.

      Examples:
        fhirkit inspect Fixtures/r4/bundles
        cat export/Patient.ndjson | fhirkit inspect -

      Exit codes: 0 all records read; 1 some records could not be read (counts on stderr); \
      2 usage error; 3 input unreadable; 129/130/143 interrupted.
      """)

  @Argument(help: "Files, folders or - for standard input.")
  var inputs: [String] = ["-"]

  @Flag(help: "Stop at the first bad record.")
  var strict = false

  @OptionGroup var messages: QuietOption

  func run() throws {
    messages.apply()
    let listing = try InputFiles.expandOrExit(inputs)
    let files = listing.inputs
    let total = ResourceInventory()
    var totalBytes = 0
    var unreadable = 0
    for file in files {
      let inventory = ResourceInventory()
      do {
        let bytes = try read(file, into: inventory)
        totalBytes += bytes
        print(summary(of: inventory, path: file.source, bytes: bytes))
      } catch let error as JSONError {
        printError("fhirkit: \(error)")
        unreadable += 1
      }
      total.merge(inventory)
    }
    if files.count > 1 || !listing.skipped.isEmpty {
      let skipped = listing.skipped.isEmpty ? "" : ", \(listing.skipped.count) file(s) skipped"
      print(summary(of: total, path: "total (\(files.count) inputs\(skipped))", bytes: totalBytes))
    }
    if unreadable > 0 { throw ExitCode(3) }
    if total.errors > 0 {
      printError("fhirkit: \(total.errors) bad record(s), \(total.resources) resource(s) read")
      throw someRecordsFailed
    }
  }

  /// Streams one input into `inventory` and returns its size in bytes as stored, through
  /// the framing every command shares (``ResourceReader``: gzip and byte order marks
  /// undone, standard input's framing sniffed, an input without resources noted).
  /// - Throws: A `readFailed` ``JSONError``, or exit code 1 at the first bad record in strict mode.
  private func read(_ file: InputFiles.Input, into inventory: ResourceInventory) throws -> Int {
    var bytes = 0
    try ResourceReader.read(
      file,
      hooks: ResourceReader.Hooks(
        bytesRead: { bytes += $0 },
        // Top-level resources are counted from their value, with the Bundles.
        topLevelValue: { inventory.addTopLevel($0) }),
      onError: { [strict] error in
        // A bad NDJSON line is skipped; an error in a JSON input ends it (the framer
        // hands out nothing after it).
        printRecordMessage("fhirkit: \(error)")
        inventory.addError()
        if strict { throw someRecordsFailed }
      },
      notAResource: { [strict] record in
        NotAResource.report(record, to: nil)
        inventory.addError()
        if strict { throw someRecordsFailed }
      },
      { record in
        if record.isBundleEntry { inventory.addEntry(record.tokens) }
      })
    return bytes
  }

  private func summary(of inventory: ResourceInventory, path: String, bytes: Int) -> String {
    var lines: [String] = []
    var head = "\(path): \(bytes) bytes,"
    head += " \(inventory.resources) resource(s)"
    let bundles = inventory.bundleCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    if !bundles.isEmpty { head += " in Bundle(s): " + bundles.joined(separator: ", ") }
    if inventory.errors > 0 { head += ", \(inventory.errors) error(s)" }
    lines.append(head)
    if !inventory.releaseCounts.isEmpty {
      let releases = inventory.releaseCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      lines.append("  releases: " + releases.joined(separator: ", "))
    }
    for (type, count) in inventory.resourceCounts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
      lines.append("  \(type.padding(toLength: 28, withPad: " ", startingAt: 0)) \(count)")
    }
    return lines.joined(separator: "\n")
  }
}
