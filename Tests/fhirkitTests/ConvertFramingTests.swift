import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// Framing on the built binary: a Bundle is told by `resourceType`, never by an `entry`
/// array (a List keeps its entries), and Bundle entries without a resource are never
/// dropped unsaid.
@Suite struct ConvertFramingTests {
  static let list = #"""
    {"resourceType":"List","id":"l1","status":"current","mode":"working",
     "entry":[{"item":{"reference":"Patient/a"}},{"flag":{"text":"x"},"item":{"display":"y"},"deleted":true}]}
    """#

  static let listEntryFirst = #"""
    {"entry":[{"item":{"reference":"Patient/a"}}],"resourceType":"List","status":"current","mode":"working"}
    """#

  /// A transaction: a POST with its resource, a DELETE and a conditional GET without one.
  static let transaction = #"""
    {"resourceType":"Bundle","id":"t","type":"transaction","total":3,
     "link":[{"relation":"self","url":"http://example.org/fhir/Bundle/t"}],
     "entry":[
      {"fullUrl":"urn:uuid:1","resource":{"resourceType":"Patient","id":"p1","birthDate":"1970-01-01"},
       "request":{"method":"POST","url":"Patient"}},
      {"request":{"method":"DELETE","url":"Patient/234"}},
      {"request":{"method":"GET","url":"Patient?name=peter"}}],
     "signature":{"type":[{"system":"urn:iso-astm:E1762-95:2013","code":"1.2.840.10065.1.12.1.1"}],
      "when":"2013-06-08T10:57:34-07:00","who":{"reference":"Patient/p1"},"data":"Li4u"}}
    """#

  static func file(_ name: String, _ text: String) throws -> String {
    let path = TemporaryFolders.make("framing") + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

  @Test(arguments: [list, listEntryFirst])
  func aListKeepsItsEntries(text: String) throws {
    let path = try Self.file("list.json", text)
    let original = try Self.parse(text)
    let json = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--format", "json"])
    #expect(json.exitCode == 0, "\(json.stderr)")
    #expect(original.firstDifference(from: try Self.parse(json.stdout)) == nil)
    let ndjson = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4"])
    let lines = ndjson.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(original.firstDifference(from: try Self.parse(String(lines.first ?? ""))) == nil)
    // From standard input, as NDJSON (two lines) and as one JSON value.
    let line = String(text.filter { $0 != "\n" }) + "\n"
    let piped = try CommandRunner.run(["convert", "-", "--from", "r4", "--to", "r4"], stdin: Array((line + line).utf8))
    let pipedLines = try piped.stdout.split(separator: "\n").map { try Self.parse(String($0)) }
    #expect(pipedLines.count == 2 && pipedLines.allSatisfy { original.firstDifference(from: $0) == nil })
    // `inspect` and `validate` read it the same way: one List.
    let inspect = try CommandRunner.run(["inspect", path])
    #expect(inspect.stdout.contains("1 resource(s)") && inspect.stdout.contains("List"))
  }

  @Test func aTransactionBundleRoundTripsWhole() throws {
    let path = try Self.file("transaction.json", Self.transaction)
    let result = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--format", "json"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let output = try Self.parse(result.stdout)
    #expect(try Self.parse(Self.transaction).firstDifference(from: output) == nil)
    #expect(output["entry"]?.arrayValue?.count == 3)
  }

  @Test func entriesWithoutResourceAreReportedInNDJSON() throws {
    let path = try Self.file("transaction.json", Self.transaction)
    let report = TemporaryFolders.make("framing") + "/report.ndjson"
    let result = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--report", report])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("entry[1]: entry without resource (request DELETE) not written"))
    #expect(result.stderr.contains("entry[2]: entry without resource (request GET) not written"))
    #expect(result.stderr.contains("2 entry(ies) without resource not written"))
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map { try Self.parse(String($0)) }
    let entries = lines.filter { $0["code"]?.stringValue == "entryWithoutResource" }
    #expect(entries.map { $0["path"]?.stringValue } == ["entry[1]", "entry[2]"])
    #expect(entries.map { $0["method"]?.stringValue } == ["DELETE", "GET"])
    // The Bundle's own elements and its entries' are named, by element and count.
    #expect(result.stderr.contains(
      "the own elements of 1 input Bundle(s) are not written (entry.fullUrl, entry.request, id, link, signature, total, type)"))
    let envelope = try #require(lines.first { $0["kind"]?.stringValue == "notWritten" })
    #expect(envelope["paths"]?["Bundle.entry.request"] == 1 && envelope["paths"]?["Bundle.signature"] == 1)
    #expect(!result.stderr.contains("Patient") && !result.stderr.contains("example.org"))
    // A collection Bundle keeps the entries' fullUrl; the input Bundle itself, everything.
    let bundle = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--format", "bundle"])
    #expect(bundle.stderr.contains("are not written (entry.request, id, link, signature, total, type)"), "\(bundle.stderr)")
    let json = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--format", "json"])
    #expect(!json.stderr.contains("not written"), "\(json.stderr)")
  }

  @Test(arguments: [["convert", "--to", "care"], ["import", "--store"]])
  func careCommandsNameEntriesWithoutResource(_ command: [String]) throws {
    let folder = TemporaryFolders.make("framing-care")
    let path = try Self.file("transaction.json", Self.transaction)
    let report = folder + "/report.ndjson"
    var arguments = command
    if command[0] == "import" { arguments.append(folder + "/store.sqlite") }
    let result = try CommandRunner.run(arguments + [path, "--from", "r4", "--report", report])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stderr.contains("entry[1]: entry without resource (request DELETE) skipped"), "\(result.stderr)")
    #expect(result.stderr.contains("entry[2]: entry without resource (request GET) skipped"), "\(result.stderr)")
    #expect(result.stderr.contains("2 ") && result.stderr.contains("without resource skipped"), "\(result.stderr)")
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map { try Self.parse(String($0)) }
    let entries = lines.filter { $0["code"]?.stringValue == "entryWithoutResource" }
    #expect(entries.map { $0["path"]?.stringValue } == ["entry[1]", "entry[2]"])
    #expect(entries.map { $0["method"]?.stringValue } == ["DELETE", "GET"])
    #expect(entries.allSatisfy { $0["severity"]?.stringValue == "information" && $0["action"]?.stringValue == "skipped" })
  }

  /// A JSON error ends a Bundle file: the entries before it are written, and stderr says how
  /// much after it was not read, through a file and through standard input.
  @Test func whatAJSONErrorLeavesUnreadIsSaid() throws {
    let text = #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient","id":"a"}},{"resource":{"resourceType":"Patient","id": tru}},{"resource":{"resourceType":"Patient","id":"c"}}]}"#
    let path = try Self.file("broken-bundle.json", text)
    for run in [
      try CommandRunner.run(["convert", path, "--to", "r4"]), try CommandRunner.run(["convert", "-", "--to", "r4"], stdin: Array(text.utf8)),
    ] {
      #expect(run.exitCode == 1 && run.stdout.split(separator: "\n").count == 1, "\(run.stderr)")
      #expect(run.stderr.contains("the 52 byte(s) after that error are not read"), "\(run.stderr)")
    }
  }

  @Test func aBundleWithEntryBeforeResourceTypeIsStillSplit() throws {
    let text = #"{"entry":[{"resource":{"resourceType":"Patient","id":"a"}},{"resource":{"resourceType":"Patient","id":"b"}}],"resourceType":"Bundle","type":"collection"}"#
    let path = try Self.file("bundle.json", text)
    let ndjson = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4"])
    #expect(ndjson.stdout.split(separator: "\n").count == 2)
    let json = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--format", "json"])
    #expect(try Self.parse(text).firstDifference(from: try Self.parse(json.stdout)) == nil)
  }

  /// Each Bundle's entries are counted with their own Bundle whatever the batches (`--jobs`):
  /// every Synthea entry has a `fullUrl` and a `request`, one per resource written. A Bundle on
  /// an NDJSON line is written whole, as one resource: nothing of it is left out, none is said.
  @Test(arguments: ["1", "2"])
  func everyBundlesOwnElementsAreCountedOnce(jobs: String) throws {
    let run = try CommandRunner.run(["convert", "Fixtures/r4/bundles", "--from", "r4", "--to", "r4", "--jobs", jobs])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let written = run.stdout.split(separator: "\n").count
    #expect(run.stderr.contains("(entry.fullUrl ×\(written), entry.request ×\(written), type ×5)"), "\(run.stderr)")
    let bundle = try Self.parse(String(contentsOfFile: Fixtures.root + "/r4/bundles/" + ConvertInputsTests.synthea.split(separator: "/").last!, encoding: .utf8))
    var writer = JSONWriter(style: .compact)
    writer.value(bundle)
    let line = try Self.file("bundle-line.ndjson", String(decoding: writer.takeOutput(), as: UTF8.self) + "\n")
    let whole = try CommandRunner.run(["convert", line, "--from", "r4", "--to", "r4"])
    #expect(whole.exitCode == 0 && whole.stdout.split(separator: "\n").count == 1, "\(whole.stderr)")
    #expect(!whole.stderr.contains("not written"), "\(whole.stderr)")
  }

  /// A Bundle that gives `entry` twice (invalid JSON for FHIR): every entry is read, and
  /// `--format json` writes one `entry` holding them all (two would read as the last, empty, one).
  @Test func twoEntryArraysComeOutAsOne() throws {
    let text = #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient","id":"a"}}],"entry":[{"resource":{"resourceType":"Patient","id":"b"}}]}"#
    let path = try Self.file("two-entries.json", text)
    let json = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--format", "json"])
    #expect(json.exitCode == 0, "\(json.stderr)")
    #expect(json.stdout.components(separatedBy: #""entry""#).count == 2, "\(json.stdout)")
    let entries = try Self.parse(json.stdout)["entry"]?.arrayValue ?? []
    #expect(entries.map { $0["resource"]?["id"]?.stringValue } == ["a", "b"])
  }

  /// An entry that gives `resource` twice (invalid JSON for FHIR): both resources are read,
  /// in files and through stdin, and go into the store.
  @Test func anEntryWithTwoResourcesLosesNeither() throws {
    let text = #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient","id":"a"},"resource":{"resourceType":"Patient","id":"b"}}]}"#
    let path = try Self.file("two-resources.json", text)
    let file = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4"])
    let piped = try CommandRunner.run(["convert", "-", "--from", "r4", "--to", "r4"], stdin: Array(text.utf8))
    for run in [file, piped] {
      #expect(run.exitCode == 0, "\(run.stderr)")
      #expect(run.stdout.split(separator: "\n").map { try? Self.parse(String($0))["id"]?.stringValue } == ["a", "b"])
    }
    let store = TemporaryFolders.make("framing-two-resources") + "/store.sqlite"
    #expect(try CommandRunner.run(["import", "--store", store, path]).exitCode == 0)
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(exported.stdout.contains(#""id":"a""#) && exported.stdout.contains(#""id":"b""#))
  }

  /// A `resourceType` or `id` given twice: as for every other key, the last one is kept — the
  /// resource is read as that type and named by that id, as the message says.
  @Test func aKeyGivenTwiceKeepsItsLastValueForTypeAndIDToo() throws {
    let text = #"""
      {"resourceType":"Patient","resourceType":"Observation","id":"o1","status":"final","code":{"text":"c"},"valueString":"v"}
      {"resourceType":"Patient","id":"p1","id":"p2"}
      """#
    let path = try Self.file("twice.ndjson", text)
    let run = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4"])
    let resources = try run.stdout.split(separator: "\n").map { try Self.parse(String($0)) }
    #expect(resources.map { $0["resourceType"]?.stringValue } == ["Observation", "Patient"])
    #expect(resources.map { $0["id"]?.stringValue } == ["o1", "p2"])
    #expect(run.stderr.contains("the last one is kept at resourceType (duplicateKey) in Observation/o1"), "\(run.stderr)")
    #expect(run.stderr.contains("the last one is kept at id (duplicateKey) in Patient/p2"), "\(run.stderr)")
  }

  /// `entry` as one object (invalid FHIR), `null` or `[]`: the Bundle comes back as given, the
  /// invalid ones reported; NDJSON writes such a Bundle as one record; nothing is lost silently.
  @Test(arguments: [
    (#"{"resourceType":"Bundle","type":"collection","entry":{"resource":{"resourceType":"Patient","id":"a"}}}"#, true),
    (#"{"resourceType":"Bundle","type":"collection","entry":null}"#, true),
    (#"{"resourceType":"Bundle","type":"collection","entry":[]}"#, false),
  ])
  func aBundleWhoseEntryIsNotAListOfEntriesComesBackAsGiven(text: String, reported: Bool) throws {
    let path = try Self.file("bundle.json", text)
    let json = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4", "--format", "json"])
    #expect(json.exitCode == 0)
    #expect(try Self.parse(text).firstDifference(from: try Self.parse(json.stdout)) == nil, "\(json.stdout)")
    #expect(json.stderr.contains("at entry") == reported, "\(json.stderr)")
    let ndjson = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "r4"])
    let lines = ndjson.stdout.split(separator: "\n")
    #expect(lines.count == (reported ? 1 : 0))
    if reported { #expect(try Self.parse(text).firstDifference(from: try Self.parse(String(lines[0]))) == nil) }
    let validate = try CommandRunner.run(["validate", path])
    #expect(validate.exitCode == (reported ? 1 : 0), "\(validate.stderr)")
  }

  /// Warning-level issues (empty values kept as given) go to `--report` with their path; the
  /// record is written back as it came, and stderr stays for errors.
  @Test func warningsReachTheReport() throws {
    let text = #"{"resourceType":"Patient","id":"a","telecom":[{}],"birthDate":""}"#
    let report = TemporaryFolders.make("framing") + "/issues.ndjson"
    let result = try CommandRunner.run(["convert", "-", "--from", "r4", "--to", "r4", "--report", report], stdin: Array(text.utf8) + [0x0A])
    #expect(result.exitCode == 0)
    #expect(try Self.parse(text).firstDifference(from: try Self.parse(result.stdout)) == nil)
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map { try Self.parse(String($0)) }
    #expect(lines.map { $0["severity"]?.stringValue } == ["warning", "warning"])
    #expect(Set(lines.compactMap { $0["path"]?.stringValue }) == ["telecom[0]", "birthDate"])
    #expect(!result.stderr.contains("warning"))
  }
}
