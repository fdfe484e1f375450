import CarePipeline
import FHIRTestSupport
import Testing

/// The corpus files whose problem only the care pipeline can see (a reference to no entry of
/// the Bundle, `hasMember` references that go round in a circle), through the library: the
/// pipeline reports exactly the unresolved references `EXPECTED.json` lists, at the
/// referring entry and path, in memory and staged on disk alike, with the same entities.
@Suite struct PipelineCorpusTests {
  @Test(arguments: BadCorpus.entries.filter { $0.pipelineExpect != nil })
  func pipelineReportsTheReferenceProblem(_ entry: BadCorpus.Entry) throws {
    let path = Fixtures.root + "/" + BadCorpus.folder + "/" + entry.file
    let (input, issues) = try Pipeline().read([.path(path)])
    #expect(issues.isEmpty)
    let inMemory = Pipeline().run(input)
    var staged: [String] = []
    let stagedReport = try Pipeline().convert(input) { staged.append($0.uuid.uuidString) }
    for report in [inMemory.report, stagedReport] {
      let reported = report.unresolvedReferences.map { reference in
        BadCorpus.Report(
          layer: "pipeline", code: reference.reason.rawValue, severity: "warning",
          entry: input.entries.firstIndex { $0.resource.id == reference.resourceID }, path: reference.path)
      }
      #expect(reported == entry.pipelineExpect)
    }
    #expect(staged.sorted() == inMemory.records.map(\.uuid.uuidString).sorted())
  }
}
