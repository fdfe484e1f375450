import FHIRTestSupport
import Foundation
import Testing

@Suite("fhirkit import: staged and streamed by default")
struct ImportStagedCommandTests {
  @Test("import + export --to care gives what convert --to care gives; --staged changes nothing; a second import finds everything unchanged")
  func importEqualsConvert() throws {
    let folder = ImportExportCommandTests.folder()
    let (plain, staged) = (folder + "/plain.sqlite", folder + "/staged.sqlite")
    let inputs = ["Fixtures/r4/bundles", "Fixtures/dstu2/bundles"]
    // The summary table is on stdout.
    func table(_ text: String) -> [Substring] { text.split(separator: "\n") }
    let a = try CommandRunner.run(["import"] + inputs + ["--store", plain])
    let b = try CommandRunner.run(["import"] + inputs + ["--store", staged, "--staged"])
    #expect(a.exitCode == b.exitCode)
    #expect(table(a.stdout) == table(b.stdout))
    #expect(table(a.stdout).contains { $0.hasPrefix("outcome") })
    let exported = try CommandRunner.run(["export", "--store", plain, "--to", "care"])
    let converted = try CommandRunner.run(["convert"] + inputs + ["--to", "care", "--quiet"])
    #expect(exported.stdout.split(separator: "\n").count > 1000)
    #expect(exported.stdout.split(separator: "\n").sorted() == converted.stdout.split(separator: "\n").sorted())
    let again = try CommandRunner.run(["import"] + inputs + ["--store", plain])
    let patient = table(again.stdout).first { $0.hasPrefix("patient") }?.split(separator: " ")
    #expect(patient?.count == 4 && patient?[1] == "0" && patient?[3] == "0")
    #expect(again.stdout.contains("batches committed"))
  }
}
