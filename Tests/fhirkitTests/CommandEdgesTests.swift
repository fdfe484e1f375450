import FHIRTestSupport
import Foundation
import Testing

/// The same rules at the edges of every command, on the built binary: `--quiet`, empty
/// inputs, records that are not FHIR resources, care NDJSON without `--from care`.
@Suite struct CommandEdgesTests {
  static let bundle = "Fixtures/bad/reference-to-nowhere.json"
  static let clean = Array(#"{"resourceType":"Patient","id":"a","gender":"female"}"#.utf8) + [0x0A]
  static let withError = Array(#"{"resourceType":"Patient","id":"a","gender":"femme"}"#.utf8) + [0x0A]

  /// A store holding the fixture Bundle, made with `import --quiet`.
  static func store() throws -> String {
    let store = TemporaryFolders.make("fhirkit-edges") + "/s.sqlite"
    let made = try CommandRunner.run(["import", "--store", store, "--quiet", bundle])
    #expect(made.exitCode == 0 && made.stderr.isEmpty, "\(made.stderr)")
    return store
  }

  /// Staging files that cannot be made stop `convert --to care` and `import` with exit 3, saying
  /// where; nothing about `--strict`, which was not given.
  @Test func stagingThatCannotStartIsSaidOnce() throws {
    let folder = TemporaryFolders.make("fhirkit-edges")
    let missing = ["TMPDIR": folder + "/missing"]
    let convert = try CommandRunner.run(["convert", "--to", "care", "-o", folder + "/out.ndjson", Self.bundle], environment: missing)
    let imported = try CommandRunner.run(["import", "--store", folder + "/s.sqlite", Self.bundle], environment: missing)
    for run in [convert, imported] {
      #expect(run.exitCode == 3, "\(run.stderr)")
      #expect(run.stderr.contains(folder + "/missing/fhirkit-staging-") && run.stderr.contains("cannot create the staging file"))
      #expect(!run.stderr.contains("--strict"), "\(run.stderr)")
    }
  }

  @Test func quietOnEveryCommandPrintsNothingWhenAllIsWell() throws {
    let store = try Self.store()
    let runs: [([String], [UInt8])] = [
      (["inspect", "--quiet", Self.bundle], []),
      (["validate", "--quiet", "-"], Self.clean),
      (["convert", "--to", "r4", "--quiet", "-"], Self.clean),
      (["import", "--store", store, "--quiet", Self.bundle], []),
      (["export", "--store", store, "--to", "r4", "--quiet"], []),
      (["export", "--store", store, "--to", "care", "-q"], []),
    ]
    for (arguments, stdin) in runs {
      let result = try CommandRunner.run(arguments, stdin: stdin)
      #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
      if ["inspect", "convert", "export"].contains(arguments[0]) { #expect(!result.stdout.isEmpty, "\(arguments)") }
    }
  }

  @Test func quietStillSaysWhatFailed() throws {
    let validate = try CommandRunner.run(["validate", "--quiet", "-"], stdin: Self.withError)
    #expect(validate.exitCode == 1)
    #expect(validate.stderr == "fhirkit: 1 resource(s) checked, 1 with errors\n")
    #expect(validate.stdout.contains("invalidCode"))  // the issues are validate's output
    let bad = Array("{\"resourceType\":\"Patient\",\"id\":\"a\"}\n{\"resourceType\":\n".utf8)
    let inspect = try CommandRunner.run(["inspect", "-q", "-"], stdin: bad)
    #expect(inspect.exitCode == 1)
    #expect(inspect.stderr == "fhirkit: 1 bad record(s), 1 resource(s) read\n")
    let convert = try CommandRunner.run(["convert", "--to", "r4", "-q", "-"], stdin: bad)
    #expect(convert.exitCode == 1)
    #expect(convert.stderr == "fhirkit: 1 resource(s) written; 1 converted, 1 skipped\n")
  }

  /// An input with no resource is not an error, whatever its form and command: exit 0 and a
  /// note naming it.
  @Test(arguments: [
    ["inspect"], ["validate"], ["convert", "--to", "r4"], ["convert", "--to", "care"], ["import"],
    ["convert", "--from", "care", "--to", "r4"], ["import", "--from", "care"],
  ])
  func anInputWithNoResourceIsNotAnError(_ command: [String]) throws {
    let folder = TemporaryFolders.make("fhirkit-edges")
    let care = command.contains("care") && command.contains("--from")
    let arguments = command + (command[0] == "import" ? ["--store", folder + "/s.sqlite"] : [])
    try Data().write(to: URL(fileURLWithPath: folder + "/empty.json"))
    try Data().write(to: URL(fileURLWithPath: folder + "/empty.ndjson"))
    try Data("\n \n\n".utf8).write(to: URL(fileURLWithPath: folder + "/blank.ndjson"))
    try Data("\u{FEFF}".utf8).write(to: URL(fileURLWithPath: folder + "/bom.json"))
    try FileManager.default.createDirectory(atPath: folder + "/none", withIntermediateDirectories: false)
    let runs: [(inputs: [String], stdin: [UInt8], named: String)] = [
      ([folder + "/empty.json"], [], folder + "/empty.json"),
      ([folder + "/empty.ndjson"], [], folder + "/empty.ndjson"),
      ([folder + "/blank.ndjson"], [], folder + "/blank.ndjson"),
      ([folder + "/bom.json"], [], folder + "/bom.json"),
      ([folder + "/none"], [], folder + "/none"),
      (["-"], [], "<stdin>"),
      (["-"], Array("\n\n  \n".utf8), "<stdin>"),
    ]
    for run in runs {
      let result = try CommandRunner.run(arguments + run.inputs, stdin: run.stdin)
      let what = run.inputs[0] == folder + "/none" || !care ? "no resources" : "no care records"
      #expect(result.exitCode == 0, "\(arguments) \(run.inputs) \(run.stdin): \(result.stderr)")
      #expect(
        result.stderr.contains("fhirkit: \(run.named): \(what)\n"), "\(arguments) \(run.inputs): \(result.stderr)")
      #expect(!result.stderr.contains("emptyInput") && !result.stderr.contains("1 skipped"), "\(result.stderr)")
      #expect(!result.stderr.contains("1 with errors") && !result.stderr.contains("bad record"), "\(result.stderr)")
      let quiet = try CommandRunner.run(arguments + ["--quiet"] + run.inputs, stdin: run.stdin)
      #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty, "\(arguments) --quiet \(run.inputs): \(quiet.stderr)")
    }
    // Among other inputs, the empty one is named and the others are read as before.
    if !care {
      let mixed = try CommandRunner.run(arguments + [folder + "/empty.json", Self.bundle])
      #expect(mixed.exitCode == 0, "\(mixed.stderr)")
      #expect(mixed.stderr.contains("fhirkit: \(folder)/empty.json: no resources\n"))
    }
  }

  /// An object without `resourceType` is not a FHIR resource: every command skips it, names
  /// its place (never a value) and ends with exit code 1; the records around it go through.
  @Test(arguments: [
    ["inspect"], ["validate"], ["convert", "--to", "r4"], ["convert", "--from", "r4", "--to", "r4"],
    ["convert", "--to", "dstu2", "--format", "json"], ["convert", "--to", "care"], ["import"],
  ])
  func aRecordWithoutResourceTypeIsSkipped(_ command: [String]) throws {
    let folder = TemporaryFolders.make("fhirkit-edges")
    let arguments = command + (command[0] == "import" ? ["--store", folder + "/s.sqlite"] : [])
    let lines = Array(
      """
      {"resourceType":"Patient","id":"a"}
      {"id":"Zyxwvut-1","name":[{"family":"Zyxwvut"}]}
      {"resourceType":"Patient","id":"c"}

      """.utf8)
    let report = folder + "/r.ndjson"
    let withReport = ["inspect"].contains(command[0]) ? [] : ["--report", report]
    let result = try CommandRunner.run(arguments + withReport + ["-"], stdin: lines)
    #expect(result.exitCode == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("fhirkit: <stdin>:2: skipped: no resourceType (not a FHIR resource)\n"), "\(result.stderr)"
    )
    #expect(!result.stderr.contains("Zyxwvut") && !result.stdout.contains("Zyxwvut"))
    if command[0] == "convert" && !command.contains("care") {
      #expect(result.stdout.contains(#""id": "a""#) || result.stdout.contains(#""id":"a""#))
      #expect(result.stdout.contains(#""id": "c""#) || result.stdout.contains(#""id":"c""#))
      #expect(result.stderr.contains("2 converted, 1 skipped"), "\(result.stderr)")
    }
    if command[0] == "import" {
      #expect(result.stderr.contains("fhirkit: 2 converted, 1 skipped\n"), "\(result.stderr)")
    }
    if !withReport.isEmpty {
      let reported = try String(contentsOfFile: report, encoding: .utf8)
      #expect(reported.contains(#""code":"noResourceType""#) && reported.contains(#""kind":"skipped""#), "\(reported)")
      #expect(!reported.contains("Zyxwvut"))
    }
    // In a Bundle entry, by the entry's place.
    let bundle = Array(
      #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient","id":"a"}},{"resource":{"id":"b"}}]}"#
        .utf8)
    let entry = try CommandRunner.run(arguments + ["-"], stdin: bundle)
    #expect(entry.exitCode == 1)
    #expect(
      entry.stderr.contains("fhirkit: <stdin> entry[1]: skipped: no resourceType (not a FHIR resource)\n"),
      "\(entry.stderr)")
  }

  /// Care NDJSON (`export --to care`) given to `import` or `convert` without `--from care` is
  /// told by its first line and read as care: a store is copied, FHIR is written.
  @Test func careNDJSONWithoutFromIsReadAsCare() throws {
    let folder = TemporaryFolders.make("fhirkit-edges")
    let a = folder + "/a.sqlite"
    #expect(try CommandRunner.run(["import", "--store", a, "--quiet", "Fixtures/r4/bundles"]).exitCode == 0)
    let care = try CommandRunner.run(["export", "--store", a, "--to", "care"]).stdout
    let count = care.split(separator: "\n").count
    #expect(count > 100)
    let imported = try CommandRunner.run(["import", "--store", folder + "/b.sqlite", "-"], stdin: Array(care.utf8))
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    #expect(
      imported.stderr.hasPrefix(
        "fhirkit: <stdin>: information: care NDJSON (as 'export --to care' writes), read as with --from care\n"
          + "care records read: \(count)\n"), "\(imported.stderr)")
    #expect(!imported.stderr.contains("resourceType"))
    let copied = try CommandRunner.run(["export", "--store", folder + "/b.sqlite", "--to", "care"]).stdout
    #expect(copied.split(separator: "\n").sorted() == care.split(separator: "\n").sorted())
    // convert, from standard input and from a file: as with --from care.
    let file = folder + "/care.ndjson"
    try Data(care.utf8).write(to: URL(fileURLWithPath: file))
    let expected = try CommandRunner.run(["convert", "--from", "care", "--to", "r4", file])
    #expect(expected.exitCode == 0 && !expected.stdout.isEmpty, "\(expected.stderr)")
    for (inputs, stdin) in [(["-"], Array(care.utf8)), ([file], [])] {
      let converted = try CommandRunner.run(["convert", "--to", "r4"] + inputs, stdin: stdin)
      #expect(converted.exitCode == 0, "\(converted.stderr)")
      #expect(converted.stdout == expected.stdout)
      let quiet = try CommandRunner.run(["convert", "--to", "r4", "--quiet"] + inputs, stdin: stdin)
      #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty && quiet.stdout == expected.stdout)
    }
  }

  /// Care NDJSON among FHIR inputs, or where care cannot go, stops the command before
  /// anything is written, with exit code 2 and a message suggesting `--from care`.
  @Test func careNDJSONAmongFHIRIsAUsageError() throws {
    let folder = TemporaryFolders.make("fhirkit-edges")
    let converted = try CommandRunner.run(["convert", "--to", "care", Self.bundle])
    let file = folder + "/care.ndjson"
    try Data(converted.stdout.utf8).write(to: URL(fileURLWithPath: file))
    let out = folder + "/out.ndjson"
    for arguments in [
      ["convert", "--to", "r4", "-o", out, file, Self.bundle],
      ["convert", "--to", "r4", "-o", out, Self.bundle, file],
      ["import", "--store", folder + "/s.sqlite", file, Self.bundle],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("fhirkit: \(file): care NDJSON (as 'export --to care' writes) among FHIR inputs"))
      #expect(result.stderr.contains("with --from care"))
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["care.ndjson"])
    let toCare = try CommandRunner.run(["convert", "--to", "care", file])
    #expect(toCare.exitCode == 2)
    #expect(
      toCare.stderr == "fhirkit: the inputs are care entities already: --to r4 or --to dstu2 writes them as FHIR\n")
    // Told to read FHIR, each care line is an object without resourceType.
    let told = try CommandRunner.run(["convert", "--from", "r4", "--to", "r4", file])
    #expect(told.exitCode == 1)
    #expect(told.stderr.contains("\(file):1: skipped: no resourceType (not a FHIR resource)"))
    #expect(!told.stderr.contains("uuid") && told.stdout.isEmpty)
  }
}
