import FHIRTestSupport
import Foundation
import Testing

/// End-to-end tests of `fhirkit inspect`: the built binary, its stdout, stderr and exit code.
@Suite struct InspectCommandTests {
  @Test func countsTheResourcesOfASyntheaBundle() throws {
    let path = Fixtures.files(extensions: ["json"], under: "r4/bundles").first { $0.contains("Gustavo") }!
    let result = try CommandRunner.run(["inspect", "Fixtures/" + path])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.contains("271417 bytes, 78 resource(s) in Bundle(s): 1 transaction"))
    #expect(result.stdout.contains(#/Observation +44/#))
    #expect(result.stdout.contains(#/Patient +1/#))
    #expect(result.stdout.contains(#/releases: R4 \d+/#))
    #expect(!result.stdout.contains("DSTU2"))
    #expect(result.stderr.isEmpty)
  }

  @Test func readsFoldersOfNDJSON() throws {
    let result = try CommandRunner.run(["inspect", "Fixtures/r4/ndjson"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let lines = Fixtures.ndjsonFiles.reduce(0) { total, path in
      total + Fixtures.bytes(path).split(separator: 0x0A).count
    }
    #expect(result.stdout.contains("total (\(Fixtures.ndjsonFiles.count) inputs)"))
    #expect(result.stdout.contains("\(lines) resource(s)"))
  }

  @Test func badRecordsOnStdinAreReportedWithoutTheirValues() throws {
    let input = "{\"resourceType\":\"Patient\",\"id\":\"1\"}\n{\"resourceType\":\"Bundle\",\"entry\":[{\"resource\":{\"resourceType\":\"Patient\",\"name\":[{\"family\":\"Chalmers\"}]}},{\"resource\":{\"name\":[{\"given\":[\"Peter\" \"James\"]}]}}]}\n{\"resourceType\":\"Patient\",\"id\":\"3\"}\n"
    let result = try CommandRunner.run(["inspect", "-"], stdin: Array(input.utf8))
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("<stdin>:2:"))
    #expect(result.stderr.contains("entry[1].resource.name[0].given"))
    #expect(!result.stderr.contains("Peter") && !result.stderr.contains("James") && !result.stdout.contains("Chalmers"))
    // Standard input is sniffed as NDJSON, as for every command: the bad line is skipped
    // whole and the lines around it are counted.
    #expect(result.stdout.contains("2 resource(s), 1 error(s)"), "\(result.stdout)")
  }

  @Test func exitCodes() throws {
    #expect(try CommandRunner.run(["inspect", "no/such/file.json"]).exitCode == 3)
    #expect(try CommandRunner.run(["inspect", "--no-such-option"]).exitCode == 2)
    #expect(try CommandRunner.run(["--version"]).exitCode == 0)
    let help = try CommandRunner.run(["inspect", "--help"])
    #expect(help.exitCode == 0 && help.stdout.contains("Examples:"))
  }
}
