import CareModel
import FHIRCoders
import FHIRCore
import FHIRJSON
import FHIRR4
import Foundation

/// R4 NDJSON of the converted types (Patient, MedicationRequest, CarePlan, Observation) → care
/// entities, next to decode-only on the same lines in the same run: with element accounting
/// from the input tokens (the coders' default, given the ``ResourceSource`` as the pipeline
/// has it), with accounting by writing each decoded resource again (no source), and without
/// accounting.
struct CareBenchmark {
  var sizeMB: Int
  var runs: Int
  /// Run only the contender at this index (0 decode only, 1 with accounting, 2 without, 3 by
  /// writing), for profiling one of them (`--only N`).
  var only: Int? = nil
  let chunkSize = 1 << 16
  static let types: Set<String> = ["Patient", "MedicationRequest", "CarePlan", "Observation"]

  func run() throws {
    let lines = try Corpus.resourceLines(under: "r4").filter { line in
      guard let type = try? line.withUnsafeBytes({ try JSONValue(parsing: $0) })["resourceType"]?.stringValue
      else { return false }
      return Self.types.contains(type)
    }
    let corpus = Corpus.ndjson(from: lines, atLeast: sizeMB << 20)
    let megabytes = Double(corpus.count) / Double(1 << 20)
    let resources = corpus.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    print("corpus: \(String(format: "%.1f", megabytes)) MB of R4 NDJSON, \(resources) resources")
    print("(\(Self.types.sorted().joined(separator: ", "))), best of \(runs) interleaved rounds\n")

    // Constants, so that the closures below borrow them (a captured `var` is copied out, with
    // every coder closure retained, on each line).
    let quiet = { var c = Coders(); c.setAccounting(false); return c }()
    let coders = Coders()
    var contenders: [(String, (UnsafeRawBufferPointer) throws -> Int)] = [
      ("typed decode only", { try read($0) { try AnyResource.decode(from: $0).value == nil ? 0 : 1 } }),
      ("decode → care entities (accounting)", { try summarized($0, coders, withSource: true) }),
      ("decode → care entities (no accounting)", { try summarized($0, quiet, withSource: true) }),
      ("  accounting by writing (no source)", { try summarized($0, coders, withSource: false) }),
    ]
    if let only { contenders = [contenders[only]] }
    var best = contenders.map { _ in Double.infinity }
    var bestCPU = contenders.map { _ in Double.infinity }
    var counts = contenders.map { _ in 0 }
    try corpus.withUnsafeBytes { bytes in
      for _ in 0..<runs {
        for (index, contender) in contenders.enumerated() {
          let stopwatch = Stopwatch()
          counts[index] = try contender.1(bytes)
          let elapsed = stopwatch.elapsed()
          best[index] = min(best[index], elapsed.wall)
          bestCPU[index] = min(bestCPU[index], elapsed.cpu)
        }
      }
    }
    print("benchmark                                   MB/s   resources/s   ratio to decode-only   by CPU time")
    for (index, contender) in contenders.enumerated() {
      let name = contender.0.padding(toLength: 40, withPad: " ", startingAt: 0)
      print(
        "\(name) \(String(format: "%8.1f", megabytes / best[index]))  \(String(format: "%12.0f", Double(resources) / best[index]))   \(String(format: "%6.2f", best[0] / best[index]))x                \(String(format: "%6.2f", bestCPU[0] / bestCPU[index]))x")
    }
    guard only == nil else { return }
    print("\nentities (or located errors) per run: \(counts[1]); care conversion at \(String(format: "%.2f", best[0] / best[1]))x decode-only with accounting, \(String(format: "%.2f", best[0] / best[2]))x without (target >= 0.70x)")
    print("by this thread's CPU time (leaves out waiting for a core): \(String(format: "%.2f", bestCPU[0] / bestCPU[1]))x with accounting, \(String(format: "%.2f", bestCPU[0] / bestCPU[2]))x without")
  }

  /// The coders used, decoding one line into entities.
  struct Coders {
    var patient = R4PatientCoder()
    var medication = R4MedicationRequestCoder()
    var plan = R4CarePlanCoder()
    var observation = R4ObservationCoder()

    mutating func setAccounting(_ on: Bool) {
      patient.accountsForEveryElement = on
      medication.accountsForEveryElement = on
      plan.accountsForEveryElement = on
      plan.activityCoder.accountsForEveryElement = on
      observation.accountsForEveryElement = on
    }

    /// Entities made (a CarePlan gives the plan and its Tasks); a located error counts as one.
    /// Each entity's report is merged into `summary`, as the pipeline does per resource type.
    func convert(_ tokens: JSONTokens, withSource: Bool, into summary: inout ConversionReport) throws -> Int {
      let decoded = try AnyResource.decode(from: tokens)
      guard let resource = decoded.value else { return 0 }
      let source = withSource ? ResourceSource(tokens: tokens, issues: decoded.issues) : nil
      do {
        switch resource {
        case .patient(let r): summary.merge(try patient.decode(r, from: source).report)
        case .medicationRequest(let r): summary.merge(try medication.decode(r, from: source).report)
        case .observation(let r): summary.merge(try observation.decode(r, from: source).report)
        case .carePlan(let r):
          let converted = try plan.decodeWithTasks(r, from: source)
          summary.merge(converted.plan.report)
          for task in converted.tasks { summary.merge(task.report) }
          return 1 + converted.tasks.count
        default: return 0
        }
      } catch is CoderError {}
      return 1
    }
  }

  /// Converts every line with `coders`, merging the reports into one summary that is read at
  /// the end (its dropped-path counts), so that the cost of a report a caller uses is counted.
  private func summarized(_ bytes: UnsafeRawBufferPointer, _ coders: Coders, withSource: Bool) throws -> Int {
    var summary = ConversionReport()
    let entities = try read(bytes) { try coders.convert($0, withSource: withSource, into: &summary) }
    Self.droppedPaths = summary.dropped.count
    return entities
  }

  /// The number of distinct dropped paths of the last summary (read so that it is computed).
  nonisolated(unsafe) static var droppedPaths = 0

  private func read(_ bytes: UnsafeRawBufferPointer, _ body: (JSONTokens) throws -> Int) throws -> Int {
    try NDJSONRecords.count(bytes, chunkSize: chunkSize, body)
  }
}
