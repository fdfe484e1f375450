import FHIRTestSupport
import Foundation
import Testing

/// The built `fhirkit` with a PostgreSQL store: `import --store postgresql://…` then
/// `export --store postgresql://… --to care` gives what the same commands give with an SQLite
/// file, on the package's Synthea fixtures. The server is the test process's throwaway cluster;
/// when it cannot start, these tests fail with the reason.
@Suite("import and export with a PostgreSQL store", .serialized)
struct PostgresCommandTests {
  /// The Synthea Bundles of both releases in the package's Fixtures.
  static let bundles: [String] = ["r4", "dstu2"].flatMap { release in
    Fixtures.files(extensions: ["json"], under: release + "/bundles")
      .filter { ($0 as NSString).lastPathComponent.hasPrefix("synthea__") }
      .map { Fixtures.root + "/" + $0 }
  }

  @Test("import then export --to care through a postgresql:// URL equals the same through SQLite")
  func sameAsSQLite() throws {
    #expect(Self.bundles.count >= 12)
    let cluster = try PostgresTestCluster.shared()
    let url = cluster.url(database: try cluster.makeDatabase())
    let sqlite = TemporaryFolders.make("pg-cli") + "/store.sqlite"

    let viaSQLite = try CommandRunner.run(["import"] + Self.bundles + ["--store", sqlite])
    let viaPostgres = try CommandRunner.run(["import"] + Self.bundles + ["--store", url])
    #expect(viaSQLite.exitCode == 0, "\(viaSQLite.stderr)")
    #expect(viaPostgres.exitCode == 0, "\(viaPostgres.stderr)")
    #expect(viaPostgres.stderr == viaSQLite.stderr)

    let expected = try CommandRunner.run(["export", "--store", sqlite, "--to", "care"])
    let exported = try CommandRunner.run(["export", "--store", url, "--to", "care"])
    #expect(exported.exitCode == 0, "\(exported.stderr)")
    let lines = exported.stdout.split(separator: "\n").sorted()
    #expect(lines.count > 1000)
    #expect(lines == expected.stdout.split(separator: "\n").sorted())

    // The same inputs again: nothing added.
    let again = try CommandRunner.run(["import"] + Self.bundles + ["--store", url])
    #expect(again.exitCode == 0)
    #expect(again.stderr.contains("patient         0"))
    #expect(try CommandRunner.run(["export", "--store", url, "--to", "care"]).stdout == exported.stdout)
  }

  @Test("a store that cannot be opened: exit code 3, the URL without its password, never the password")
  func refusedLogin() throws {
    let cluster = try PostgresTestCluster.shared()
    let database = try cluster.makeDatabase()
    let url = "postgresql://\(cluster.user):wrong-secret-77@127.0.0.1:\(cluster.port)/\(database)"
    for arguments in [["import", Self.bundles[0], "--store", url], ["export", "--store", url, "--to", "r4"]] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 3)
      #expect(result.stderr.contains("postgresql://\(cluster.user)@127.0.0.1:\(cluster.port)/\(database)"))
      #expect(!result.stderr.contains("wrong-secret-77") && !result.stdout.contains("wrong-secret-77"))
    }
  }
}
