import CareModel
import CarePipeline
import FHIRCore
import FHIRTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Generates a Bulk Data folder of at least `sizeMB` from the R4 Synthea Bundles (each copy
/// with new ids and references rewritten to them, one NDJSON file per type), then converts it
/// to care entities through the staged pipeline in a child process, which prints its
/// throughput and peak resident memory (target < 256 MB).
struct PipelineMemoryBenchmark {
  var sizeMB: Int
  /// Whether the child reads the export as one NDJSON stream on standard input.
  var standardInput: Bool
  /// The staging partition size, if not the default.
  var partitionKB: Int?
  /// Whether the release `fhirkit` binary beside this one converts the stream
  /// (`cat export/*.ndjson | fhirkit convert - --to care`) instead of the library.
  var commandLine = false
  /// Whether the release `fhirkit` binary imports the folder into a new care store
  /// (`fhirkit import export/ --store …`), twice, instead of converting it.
  var importing = false
  /// Whether the child decodes every resource as it is read and again when merged
  /// (`StagingOptions.stagesFromTokens = false`), to compare with staging from tokens.
  var decodeTwice = false

  /// The copy number written into the template; replaced by each copy's own, same width.
  static let marker = Array("-c999999".utf8)

  func run() throws {
    let folder = NSTemporaryDirectory() + "fhirkit-bench-export-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let start = Date()
    let (bytes, resources, copies) = try Self.writeExport(atLeast: sizeMB << 20, to: folder)
    print(
      "generated \(bytes >> 20) MB Bulk Data folder: \(resources) resources, \(copies) copies of the R4 Synthea patients, in \(String(format: "%.1f", Date().timeIntervalSince(start))) s"
    )
    fflush(nil)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    if commandLine {
      try Self.runCommandLine(folder: folder, bytes: bytes)
      return
    }
    if importing {
      try Self.runImport(folder: folder, bytes: bytes)
      return
    }
    if standardInput {
      child.arguments = ["pipeline-staged", "--stdin", "--input-bytes", "\(bytes)"]
      try Self.pipeExport(in: folder, into: child)
    } else {
      child.arguments =
        ["pipeline-staged", "--folder", folder] + (partitionKB.map { ["--partition-kb", "\($0)"] } ?? [])
        + (decodeTwice ? ["--decode-twice"] : [])
      try child.run()
    }
    child.waitUntilExit()
    if child.terminationStatus != 0 { throw CocoaError(.fileReadUnknown) }
  }

  /// Pipes the export through `fhirkit convert - --to care` and prints its wall time and peak
  /// resident memory (`getrusage(RUSAGE_CHILDREN)`: the largest child, which is fhirkit).
  static func runCommandLine(folder: String, bytes: Int) throws {
    let fhirkit = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fhirkit")
    let child = Process()
    child.executableURL = fhirkit
    child.arguments = ["convert", "-", "--to", "care", "--quiet", "-o", "/dev/null"]
    let start = Date()
    try pipeExport(in: folder, into: child)
    child.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    let peak = ChildUsage.peakMB()
    print(
      "cat export/*.ndjson | fhirkit convert - --to care: exit \(child.terminationStatus), \(bytes >> 20) MB in \(String(format: "%.1f", seconds)) s (\(String(format: "%.1f", Double(bytes) / 1_048_576 / seconds)) MB/s)"
    )
    print("peak resident memory of fhirkit (getrusage RUSAGE_CHILDREN ru_maxrss): \(peak) MB; target bounded (< 256 MB): \(peak < 256 ? "met" : "NOT met")")
    if child.terminationStatus > 1 { throw CocoaError(.fileReadUnknown) }
  }

  /// Imports the export folder into a new care store with `fhirkit import`, then again (nothing
  /// changes), printing each run's wall time and the command's peak resident memory (the
  /// largest child so far, from `getrusage(RUSAGE_CHILDREN)`).
  static func runImport(folder: String, bytes: Int) throws {
    let fhirkit = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fhirkit")
    let store = folder + "-store.sqlite"
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
    }
    for run in ["first import", "second import (unchanged)"] {
      let child = Process()
      child.executableURL = fhirkit
      child.arguments = ["import", folder, "--store", store, "--quiet"]
      let start = Date()
      try child.run()
      child.waitUntilExit()
      let seconds = Date().timeIntervalSince(start)
      print(
        "fhirkit import (\(run)): exit \(child.terminationStatus), \(bytes >> 20) MB in \(String(format: "%.1f", seconds)) s (\(String(format: "%.1f", Double(bytes) / 1_048_576 / seconds)) MB/s); peak resident memory of fhirkit so far (getrusage RUSAGE_CHILDREN ru_maxrss): \(ChildUsage.peakMB()) MB"
      )
      fflush(nil)
      if child.terminationStatus > 1 { throw CocoaError(.fileReadUnknown) }
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
    print("store file: \(size >> 20) MB")
  }

  /// Starts `child` with the export's files piped into its standard input by `cat` (one
  /// stream, types interleaved by file, as `cat export/*.ndjson | …` gives), and waits for `cat`.
  static func pipeExport(in folder: String, into child: Process) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
    let cat = Process()
    cat.executableURL = URL(fileURLWithPath: "/bin/cat")
    cat.arguments = files
    let pipe = Pipe()
    cat.standardOutput = pipe
    child.standardInput = pipe
    try cat.run()
    try child.run()
    cat.waitUntilExit()
  }

  /// Writes copies of the R4 Synthea Bundles as `<folder>/<Type>.ndjson` until at least `bytes`.
  static func writeExport(atLeast bytes: Int, to folder: String) throws -> (bytes: Int, resources: Int, copies: Int) {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var template: [String: [UInt8]] = [:]
    for path in Fixtures.files(extensions: ["json"], under: "r4/bundles") where path.contains("synthea__") {
      for (type, lines) in try BulkExport.lines(ofBundle: Fixtures.bytes(path), copy: 999_999) {
        for line in lines { template[type, default: []] += line + [0x0A] }
      }
    }
    let linesPerCopy = template.values.reduce(0) { $0 + $1.count { $0 == 0x0A } }
    let bytesPerCopy = template.values.reduce(0) { $0 + $1.count }
    let copies = max(1, (bytes + bytesPerCopy - 1) / bytesPerCopy)
    var handles: [String: FileHandle] = [:]
    for type in template.keys {
      let path = folder + "/" + type + ".ndjson"
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      handles[type] = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }
    for copy in 0..<copies {
      let number = Array(String(format: "-c%06d", copy).utf8)
      for (type, bytes) in template {
        handles[type]!.write(Data(replacingMarker(in: bytes, with: number)))
      }
    }
    for handle in handles.values { try handle.close() }
    return (bytesPerCopy * copies, linesPerCopy * copies, copies)
  }

  /// `bytes` with every occurrence of ``marker`` replaced by `number` (of the same length).
  static func replacingMarker(in bytes: [UInt8], with number: [UInt8]) -> [UInt8] {
    var output = bytes
    let first = marker[0]
    var i = 0
    while i <= output.count - marker.count {
      if output[i] == first && output[i..<i + marker.count].elementsEqual(marker) {
        output.replaceSubrange(i..<i + marker.count, with: number)
        i += marker.count
      } else {
        i += 1
      }
    }
    return output
  }

  /// Converts the export (a folder, or NDJSON on standard input) and prints entities, MB/s and
  /// peak resident memory.
  static func convertAndReport(
    folder: String?, partitionKB: Int?, inputBytes stdinBytes: Int?, decodeTwice: Bool = false
  ) throws {
    let baseline = peakResidentMB()
    let start = DispatchTime.now().uptimeNanoseconds
    var inputBytes = stdinBytes ?? 0
    let sources: [PipelineSource]
    if let folder {
      sources = [.path(folder)]
      for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
        inputBytes += (try FileManager.default.attributesOfItem(atPath: folder + "/" + file)[.size] as? Int) ?? 0
      }
    } else {
      sources = [.standardInput(framing: .ndjson)]
    }
    let encoder = CareJSON.makeEncoder()
    var outputBytes = 0
    var records = 0
    var staging = Pipeline.StagingOptions()
    if let partitionKB { staging.partitionBytes = partitionKB << 10 }
    staging.stagesFromTokens = !decodeTwice
    let report = try Pipeline().convert(sources, reading: .init(release: .r4), staging: staging) { record in
      outputBytes += try encoder.encode(record).count + 1
      records += 1
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let read = report.resourcesRead.values.reduce(0, +)
    let megabytes = Double(inputBytes) / Double(1 << 20)
    let peak = peakResidentMB()
    let entities = report.entities.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    print(
      "converted \(read) resources (\(Int(megabytes)) MB\(folder == nil ? " on standard input" : "")) into \(records) care records (\(entities); \(outputBytes >> 20) MB NDJSON) in \(String(format: "%.1f", seconds)) s: \(String(format: "%.1f", megabytes / seconds)) MB/s, \(Int(Double(read) / seconds)) resources/s"
    )
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    print(
      "CPU time \(String(format: "%.1f", cpu)) s (\(String(format: "%.1f", megabytes / cpu)) MB/s of CPU); \(decodeTwice ? "every resource decoded when read and again when merged" : "Observations and unmodelled types staged from tokens, decoded once")"
    )
    print(
      "unresolved references \(report.unresolvedReferences.count), failures \(report.failures.count), bad records \(report.inputIssues.count)"
    )
    print(
      "peak resident memory (getrusage ru_maxrss): \(peak) MB (baseline before converting: \(baseline) MB); target < 256 MB: \(peak < 256 ? "met" : "NOT met")"
    )
  }

  /// ru_maxrss of this process, in MB (Linux reports kilobytes).
  static func peakResidentMB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss / 1024
  }
}
