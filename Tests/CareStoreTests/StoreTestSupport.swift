import CarePipeline
import CareStore
import CareStorePostgres
import CareStoreSQLite
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation

/// Fixtures, temporary stores and the pipeline for the store tests.
enum StoreTestSupport {
  /// Every Synthea bundle in Fixtures (both releases), relative to `Fixtures`.
  static let syntheaBundles: [String] =
    Fixtures.files(extensions: ["json"], under: "r4/bundles")
    + Fixtures.files(extensions: ["json"], under: "dstu2/bundles")

  /// The input for `paths`, each decoded leniently by its release; `replace` swaps a file's bytes.
  static func input(_ paths: [String], replace: [String: [UInt8]] = [:]) throws -> PipelineInput {
    var input = PipelineInput()
    for path in paths {
      let bytes = replace[path] ?? Fixtures.bytes(path)
      let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
      if path.hasPrefix("r4/") {
        if let value = try FHIRR4.AnyResource.decode(from: tokens).value { input.add(value) }
      } else {
        if let value = try FHIRDSTU2.AnyResource.decode(from: tokens).value { input.add(value) }
      }
    }
    return input
  }

  /// The pipeline's result for every Synthea bundle (computed once).
  static let allResult: PipelineResult = { Pipeline().run(try! input(syntheaBundles)) }()

  /// A fresh folder for store files (removed when the test process exits).
  static func folder(_ name: String = #function) -> String {
    TemporaryFolders.make("carestore-" + name.filter(\.isLetter))
  }

  /// A new store file in a fresh folder.
  static func newStore(_ name: String = #function, options: SQLiteBackend.Options = .init()) throws -> SQLiteBackend {
    try SQLiteBackend(path: folder(name) + "/store.sqlite", options: options)
  }

  /// A new empty store of `kind`: an SQLite file in a fresh folder, or a fresh database on the
  /// test process's PostgreSQL server (``PostgresTestCluster``; its failure to start fails the test).
  static func newStore(_ kind: StoreBackendKind, _ name: String = #function) throws -> any CareStoreBackend {
    switch kind {
    case .sqlite: return try newStore(name)
    case .postgres:
      let cluster = try PostgresTestCluster.shared()
      return try PostgresBackend(url: cluster.url(database: try cluster.makeDatabase(name)))
    }
  }

  /// Rows per entity table.
  static func entityRows(_ backend: any CareStoreBackend) throws -> [EntityKind: Int] {
    let counts = try backend.read { try $0.rowCounts() }
    return [
      .patient: counts["patient"] ?? -1, .carePlan: counts["care_plan"] ?? -1, .task: counts["task"] ?? -1,
      .outcome: counts["outcome"] ?? -1, .contact: counts["contact"] ?? -1,
    ]
  }

  /// The pipeline's entity counts.
  static func counts(_ result: PipelineResult) -> [EntityKind: Int] {
    [
      .patient: result.patients.count, .carePlan: result.carePlans.count, .task: result.tasks.count,
      .outcome: result.outcomes.count, .contact: 0,
    ]
  }

  /// `bytes` of a fixture with `insertion` placed right after the member `"id": "<id>"`.
  static func inserting(_ insertion: String, afterID id: String, in path: String) -> [UInt8] {
    let text = String(decoding: Fixtures.bytes(path), as: UTF8.self)
    guard let range = text.range(of: "\"id\": \"\(id)\"") ?? text.range(of: "\"id\":\"\(id)\"") else {
      fatalError("no id \(id) in \(path)")
    }
    return Array((text[..<range.upperBound] + ", " + insertion + text[range.upperBound...]).utf8)
  }
}

/// The backends the shared store suite runs against: every test that takes one runs on both.
enum StoreBackendKind: String, CaseIterable, Sendable {
  case sqlite
  case postgres
}
