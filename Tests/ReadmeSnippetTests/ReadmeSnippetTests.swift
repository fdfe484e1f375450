import FHIRKit
import FHIRTestSupport
import Foundation
import Testing

/// The snippets of README.md's "Using the library" are the code of `ReadmeSnippets.swift`,
/// word for word, and do what the README says on real fixtures.
@Suite struct ReadmeSnippetTests {
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()
  static let bundle = Fixtures.root + "/r4/bundles/synthea__Chauncey_Johnston_f4673866-81fb-411a-8486-0c27f2a5b480.json"
  static let ndjsonPatients = Fixtures.root + "/r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson"
  static let patientExample = "r4/examples/Patient/patient-example-a.json"

  /// The code of each block, without its `import` lines, and the imports.
  static func split(_ code: String) -> (body: String, imports: Set<String>) {
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let imports = Set(lines.filter { $0.hasPrefix("import ") })
    let body = lines.filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
    return (body.trimmingCharacters(in: .newlines), imports)
  }

  /// The ```swift blocks of the README section "Using the library".
  static func readmeBlocks() throws -> [String] {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    guard let start = readme.range(of: "## Using the library\n") else { return [] }
    let section = readme[start.upperBound...]
    let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
    var blocks: [String] = []
    var rest = section[..<end]
    while let open = rest.range(of: "```swift\n"), let close = rest[open.upperBound...].range(of: "```") {
      blocks.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return blocks
  }

  @Test func snippetsMatchTheReadme() throws {
    let blocks = try Self.readmeBlocks()
    #expect(blocks.count == 4)
    let source = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("Tests/ReadmeSnippetTests/ReadmeSnippets.swift"),
      encoding: .utf8)
    // The file's header comment, then its imports, then the blocks' code in README order.
    let code = source.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }
    let file = Self.split(code.joined(separator: "\n"))
    let readme = blocks.map(Self.split)
    #expect(file.body == readme.map(\.body).joined(separator: "\n\n"))
    for block in readme { #expect(block.imports.isSubset(of: file.imports)) }
    // Every block starts with the one import a user needs.
    for block in blocks { #expect(block.hasPrefix("import FHIRKit\n")) }
  }

  /// A fresh folder for stores and scratch files.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func leadSnippetImportsABundleWithTheOverride() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let storePath = folder.appendingPathComponent("care.sqlite").path

    let first = try importFHIR(from: Self.bundle, into: storePath)
    #expect(first.counts[.patient]?.added == 1)
    #expect(first.versionsWritten > 1)

    let store = CareStore(backend: try SQLiteBackend(path: storePath))
    let patients = try store.patients()
    #expect(patients.count == 1)
    // The override kept the family name only; the default coder would have a given name.
    let name = try #require(patients.first?.name)
    #expect(name.familyName?.isEmpty == false)
    #expect(name.givenName == nil)
    let defaults = try Pipeline().run([.path(Self.bundle)])
    #expect(defaults.patients.first?.name.givenName != nil)
    #expect(defaults.patients.first?.name.familyName == name.familyName)

    let again = try importFHIR(from: Self.bundle, into: storePath)
    #expect(again.versionsWritten == 0)
    #expect(again.counts[.patient]?.unchanged == 1)
  }

  @Test func leadSnippetReadsABundleOnStandardInput() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let storePath = folder.appendingPathComponent("care.sqlite").path
    // The bundle file becomes this process's standard input for the call (no other test reads it).
    let saved = dup(0)
    let file = open(Self.bundle, O_RDONLY)
    try #require(saved >= 0 && file >= 0)
    dup2(file, 0)
    close(file)
    defer {
      dup2(saved, 0)
      close(saved)
    }
    let summary = try importFHIR(from: "-", into: storePath)
    #expect(summary.counts[.patient]?.added == 1)
    let fromFile = try importFHIR(from: Self.bundle, into: storePath)
    #expect(fromFile.versionsWritten == 0)
  }

  @Test func leadSnippetRejectsATruncatedFile() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let truncated = folder.appendingPathComponent("truncated.json")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.bundle))
    try bytes.prefix(bytes.count / 2).write(to: truncated)
    let storePath = folder.appendingPathComponent("care.sqlite").path

    #expect { try importFHIR(from: truncated.path, into: storePath) } throws: { error in
      (error as? InputIssue)?.kind == .invalidJSON
    }
    #expect(!FileManager.default.fileExists(atPath: storePath))
  }

  @Test func framerSnippetReadsBundlesAndNDJSON() throws {
    let fromBundle = try r4Patients(in: Self.bundle)
    #expect(fromBundle.count == 1)
    let fromNDJSON = try r4Patients(in: Self.ndjsonPatients)
    let lines = Fixtures.bytes("r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson").split(separator: UInt8(ascii: "\n"))
    #expect(fromNDJSON.count == lines.count)
    #expect(fromNDJSON.count > 1)
  }

  @Test func framerSnippetRejectsATruncatedBundle() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let truncated = folder.appendingPathComponent("truncated.json")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.bundle))
    try bytes.dropLast(2).write(to: truncated)
    #expect { try r4Patients(in: truncated.path) } throws: { error in
      (error as? JSONError)?.kind == .unexpectedEnd
    }
  }

  @Test func modelSnippetRoundTrips() throws {
    let bytes = Fixtures.bytes(Self.patientExample)
    let pretty = try #require(try prettyPatient(Data(bytes)))
    let original = try FHIRR4.Patient.decode(from: JSONTokens(parsing: bytes)).value
    let back = try FHIRR4.Patient.decode(from: JSONTokens(parsing: pretty)).value
    #expect(original != nil)
    #expect(back == original)
    #expect(pretty.contains(UInt8(ascii: "\n")))
  }

  @Test func coderSnippetChangesOneField() throws {
    let bytes = Fixtures.bytes(Self.patientExample)
    let patient = try #require(try FHIRR4.Patient.decode(from: JSONTokens(parsing: bytes)).value)
    let renamed = try renamed(patient)
    #expect(renamed.name.first?.family?.value?.string == "—")
    #expect(renamed.name.first?.given.isEmpty == true)
    // Other fields go through the default closures.
    #expect(renamed.gender?.value == patient.gender?.value)
    #expect(renamed.birthDate?.value == patient.birthDate?.value)
  }
}
