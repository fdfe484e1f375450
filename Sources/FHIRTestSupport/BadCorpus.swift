import Foundation

/// The bad-input corpus in `Fixtures/bad/` and its expectations (`EXPECTED.json`):
/// for each file, what must be reported, by which layer, where, and how many good
/// records must still come through around the bad ones.
public enum BadCorpus {
  /// The corpus folder, relative to ``Fixtures/root``.
  public static let folder = "bad"

  /// One file of the corpus and what reading it must give.
  public struct Entry: Decodable, Sendable, CustomStringConvertible {
    /// File name in `Fixtures/bad/`.
    public var file: String
    /// The release to read the file as; `nil` detects it per record, as `fhirkit` does.
    public var release: String?
    /// The release ``ReleaseDetector`` must find in every record, when given.
    public var detected: String?
    /// Records that must come through without an error-level issue.
    public var goodRecords: Int
    /// What must be reported. Empty when the file is accepted as it is.
    public var expect: [Report]
    /// Problems the file holds that no layer reports yet, each naming the missing layer.
    public var knownIssues: [KnownIssue]?
    /// What the care pipeline must report (layer `pipeline`: an unresolved reference, `code`
    /// its reason, `entry` the referring Bundle entry, `path` the reference's path in the
    /// referring resource), for files whose problem only the merge can see.
    public var pipelineExpect: [Report]?

    public init(file: String, goodRecords: Int, expect: [Report]) {
      self.file = file
      self.goodRecords = goodRecords
      self.expect = expect
    }

    public var description: String { file }

    /// Whether `fhirkit convert --to r4` must exit with 1 (a record skipped): a record that
    /// is not JSON, not even an object (`wrongType` at `$`), or an object without
    /// `resourceType` (not a FHIR resource) is skipped; one with other model errors is
    /// converted with issues (exit 0). Coder issues do not count: that command does not run
    /// the coders.
    public var failsInCLI: Bool {
      cliExpect.contains {
        $0.severity == "error"
          && ($0.layer == "json" || ($0.path == "$" && $0.code == "wrongType") || $0.isMissingResourceType)
      }
    }

    /// The reports `fhirkit convert --to r4` must print: all but the coders', and but an
    /// input with no JSON value at all (`emptyInput`), which the commands note as an input
    /// with no resource, not an error.
    public var cliExpect: [Report] { expect.filter { $0.layer != "coder" && $0.code != "emptyInput" } }
  }

  /// One expected report.
  public struct Report: Decodable, Sendable, Hashable, CustomStringConvertible {
    /// `json` (a `JSONError` from the tokenizer or a framer), `model` (a `ValidationIssue`
    /// from the models), `coder` (a located issue in a coder's `ConversionReport`) or
    /// `pipeline` (an unresolved reference in a `PipelineReport`).
    public var layer: String
    /// `JSONError.Kind` for `json`, `ValidationIssue.Code` for `model`.
    public var code: String
    /// `error` or `warning` (JSON errors are always errors).
    public var severity: String
    /// NDJSON or document line (1-based): of the error for `json`, of the record for `model` in NDJSON.
    public var line: Int?
    /// Index of the Bundle entry, for `model` issues in a Bundle.
    public var entry: Int?
    /// JSON path, as `JSONPath.description` prints it (`$` for the root).
    public var path: String
    /// The path as messages show it, when they shorten it (`JSONPath.shortDescription`); not
    /// part of what a report is (``==(_:_:)``): readers report paths whole.
    public var shownPath: String?

    public static func == (a: Report, b: Report) -> Bool {
      (a.layer, a.code, a.severity, a.line, a.entry, a.path) == (b.layer, b.code, b.severity, b.line, b.entry, b.path)
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(layer)
      hasher.combine(code)
      hasher.combine(severity)
      hasher.combine(line)
      hasher.combine(entry)
      hasher.combine(path)
    }

    public init(layer: String, code: String, severity: String = "error", line: Int? = nil, entry: Int? = nil, path: String) {
      self.layer = layer
      self.code = code
      self.severity = severity
      self.line = line
      self.entry = entry
      self.path = path
    }

    /// Whether this is the models' report of an object without `resourceType`, which the
    /// commands skip before the models see it (`skipped: no resourceType`).
    public var isMissingResourceType: Bool { layer == "model" && code == "required" && path == "$" }

    public var description: String {
      "\(layer) \(severity) \(code) at \(path)" + (line.map { " line \($0)" } ?? "") + (entry.map { " entry[\($0)]" } ?? "")
    }
  }

  /// A problem that belongs to a layer not built (or not checking it) yet.
  public struct KnownIssue: Decodable, Sendable, Hashable {
    /// The layer that should report it.
    public var layer: String
    /// What is not reported.
    public var problem: String
  }

  /// Every entry of `EXPECTED.json`, in file order.
  public static let entries: [Entry] = {
    let data = Data(Fixtures.bytes(folder + "/EXPECTED.json"))
    struct File: Decodable { var files: [Entry] }
    do {
      return try JSONDecoder().decode(File.self, from: data).files
    } catch {
      fatalError("Fixtures/bad/EXPECTED.json: \(error)")
    }
  }()

  /// The cases too big to commit, generated at run time: nesting past the depth limit,
  /// a string past the string limit, a number too large for its type. Each is an
  /// NDJSON file whose line 2 is bad between two good lines.
  public static let generatedFiles = ["deep-nesting.ndjson", "huge-string.ndjson", "huge-number.ndjson"]

  /// The bytes of a generated case and what reading them must give.
  public static func generated(_ file: String) -> (bytes: [UInt8], entry: Entry) {
    let good1 = Array(#"{"resourceType":"Patient","id":"good-1","active":true}"#.utf8)
    let good2 = Array(#"{"resourceType":"Patient","id":"good-2","gender":"male"}"#.utf8)
    var bad: [UInt8]
    let report: Report
    switch file {
    case "deep-nesting.ndjson":
      // 600 nested arrays in an unknown element; the default limit is 512 levels.
      let depth = 600
      bad = Array(#"{"resourceType":"Patient","id":"bad","deep":"#.utf8)
      bad += [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
      bad += Array("}".utf8)
      // The object is level 1, so the 512th array (level 513), at deep + 511 × [0], is refused.
      var deep = Report(layer: "json", code: "depthLimitExceeded", line: 2, path: "deep" + String(repeating: "[0]", count: 511))
      deep.shownPath = "deep" + String(repeating: "[0]", count: 7) + " … (500 levels) … " + String(repeating: "[0]", count: 4)
      report = deep
    case "huge-string.ndjson":
      // One byte over the default 64 MiB string limit.
      bad = Array(#"{"resourceType":"Patient","id":"bad","name":[{"family":""#.utf8)
      bad += [UInt8](repeating: UInt8(ascii: "Z"), count: (64 << 20) + 1)
      bad += Array(#""}]}"#.utf8)
      report = Report(layer: "json", code: "stringTooLong", line: 2, path: "name[0].family")
    case "huge-number.ndjson":
      // A 1,000-digit integer: valid JSON, kept as text, but no FHIR integer.
      bad = Array(#"{"resourceType":"Patient","id":"bad","extension":[{"url":"http://example.org/n","valueInteger":"#.utf8)
      bad += [UInt8](repeating: UInt8(ascii: "9"), count: 1000)
      bad += Array("}]}".utf8)
      report = Report(layer: "model", code: "invalidValue", line: 2, path: "extension[0].valueInteger")
    default:
      fatalError("no generated case \(file)")
    }
    let bytes = good1 + [0x0A] + bad + [0x0A] + good2 + [0x0A]
    return (bytes, Entry(file: file, goodRecords: 2, expect: [report]))
  }

  /// A value that stands in every bad record of the corpus and must never be printed.
  public static let marker = "Zyxwvut"
}
