import FHIRTestSupport
import Foundation
import Testing

@Suite("fhirkit import --staged")
struct ImportStagedCommandTests {
  @Test("stores what the in-memory import stores, for any --jobs; a second staged import finds everything unchanged")
  func stagedEqualsInMemory() throws {
    let folder = ImportExportCommandTests.folder()
    let (memory, staged, oneJob) = (folder + "/memory.sqlite", folder + "/staged.sqlite", folder + "/one.sqlite")
    let inputs = ["Fixtures/r4/bundles", "Fixtures/dstu2/bundles"]
    // The summary table is on stderr, after the per-record messages.
    func table(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.hasPrefix("fhirkit: ") }
    }
    let a = try CommandRunner.run(["import"] + inputs + ["--store", memory])
    let b = try CommandRunner.run(["import"] + inputs + ["--store", staged, "--staged"])
    let c = try CommandRunner.run(["import"] + inputs + ["--store", oneJob, "--jobs", "1"])
    #expect(a.exitCode == b.exitCode && a.exitCode == c.exitCode)
    #expect(table(a.stderr) == table(b.stderr))
    #expect(table(a.stderr) == table(c.stderr))
    #expect(table(b.stderr).contains { $0.hasPrefix("outcome") })
    let exportA = try CommandRunner.run(["export", "--store", memory, "--to", "care"])
    let exportB = try CommandRunner.run(["export", "--store", staged, "--to", "care"])
    let exportC = try CommandRunner.run(["export", "--store", oneJob, "--to", "care"])
    #expect(exportA.stdout.split(separator: "\n").count > 1000)
    #expect(exportA.stdout.split(separator: "\n").sorted() == exportB.stdout.split(separator: "\n").sorted())
    #expect(exportA.stdout == exportC.stdout)
    let again = try CommandRunner.run(["import"] + inputs + ["--store", staged, "--staged"])
    let patient = table(again.stderr).first { $0.hasPrefix("patient") }?.split(separator: " ")
    #expect(patient?.count == 4 && patient?[1] == "0" && patient?[3] == "0")
    #expect(again.stderr.contains("batches committed"))
  }
}
