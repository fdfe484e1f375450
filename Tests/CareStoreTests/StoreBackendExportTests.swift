import CareStore
import CareStoreFHIR
import CareStoreSQLite
import Foundation
import Testing

/// Part of the shared store suite: what each backend's store exports in every target equals an
/// SQLite store's, for every Synthea fixture, and `--from-sources` gives back the resources read.
@Suite("Export from either backend")
struct StoreBackendExportTests {
  /// The export of `backend` to `target`, as sorted JSON lines.
  static func lines(_ backend: any CareStoreBackend, _ target: StoreExporter.Target, fromSources: Bool = false) throws
    -> [String]
  {
    var exporter = StoreExporter(store: CareStore(backend: backend))
    exporter.fromSources = fromSources
    return try exporter.items(target).map { String(decoding: $0.json, as: UTF8.self) }.sorted()
  }

  /// Every export of a reference SQLite store holding every fixture (made once).
  static let reference: [String: [String]] = {
    let backend = try! StoreTestSupport.newStore("export-reference")
    try! CareStore(backend: backend).importResult(StoreTestSupport.allResult)
    var exports: [String: [String]] = [:]
    for target in StoreExporter.Target.allCases { exports[target.rawValue] = try! lines(backend, target) }
    exports["r4-sources"] = try! lines(backend, .r4, fromSources: true)
    return exports
  }()

  @Test("R4, DSTU2 and care exports equal an SQLite store's", arguments: StoreBackendKind.allCases)
  func exports(_ kind: StoreBackendKind) throws {
    let backend = try StoreTestSupport.newStore(kind)
    try CareStore(backend: backend).importResult(StoreTestSupport.allResult)
    let entities = try StoreTestSupport.entityRows(backend).values.reduce(0, +)
    for target in StoreExporter.Target.allCases {
      let exported = try Self.lines(backend, target)
      #expect(exported.count > 300, "\(target)")
      #expect(exported == Self.reference[target.rawValue], "\(target)")
    }
    #expect(try Self.lines(backend, .care).count == entities)
    #expect(try Self.lines(backend, .r4, fromSources: true) == Self.reference["r4-sources"])
  }
}
