import FHIRTestSupport
import Foundation
import Testing

/// What a Patient's names lose on the way to a care name is listed, through the built
/// `fhirkit`: a care name holds a given, middle, family, prefix, suffix and nickname, so a
/// name's `text`, `period`, `id`, extensions (on the name or on its strings) and members the
/// release lacks are each reported `dropped` by path; the parts it holds are not.
@Suite struct NameReportCommandTests {
  @Test func whatANameLosesIsReportedByPath() throws {
    let folder = TemporaryFolders.make("fhirkit-names")
    let input = folder + "/names.ndjson", report = folder + "/report.ndjson"
    let patient = #"""
      {"resourceType":"Patient","id":"nm1","name":[{"use":"official","text":"Dr A B Zyx Jr","family":"Zyx","_family":{"extension":[{"url":"http://x/own","valueString":"VV"}]},"given":["A","B"],"prefix":["Dr"],"suffix":["Jr"],"period":{"start":"2000"},"extension":[{"url":"http://x/n","valueString":"E"}],"id":"nid","unknownInName":"u"},{"use":"nickname","given":["Nicky"]}]}
      """#
    try (patient + "\n").write(toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.run(["convert", "--to", "care", "--report", report, input])
    #expect(run.exitCode == 0, "\(run.stderr)")
    #expect(run.stdout.contains(#""familyName":"Zyx","givenName":"A","middleName":"B""#), "\(run.stdout)")
    let dropped = Set(
      try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
        let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return row?["disposition"] as? String == "dropped" ? row?["path"] as? String : nil
      })
    #expect(
      dropped == [
        "Patient.name.text", "Patient.name.period.start", "Patient.name.id", "Patient.name.unknownInName",
        "Patient.name.extension.url", "Patient.name.extension.valueString", "Patient.name._family.extension.url",
        "Patient.name._family.extension.valueString",
      ], "\(dropped)")
    #expect(!run.stderr.contains("Zyx") && !run.stderr.contains("Nicky"))
  }
}
