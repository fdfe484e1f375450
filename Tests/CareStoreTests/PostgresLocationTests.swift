import CareStoreLocation
import CareStorePostgres
import Foundation
import Testing

/// Reading `postgresql://` URLs as libpq does, and telling them from paths.
@Suite("PostgreSQL URLs")
struct PostgresLocationTests {
  static let noEnvironment: [String: String] = ["HOME": "/nonexistent"]

  @Test("host, port, user, database and TLS mode; the description leaves the password out")
  func parts() throws {
    let location = try PostgresLocation(
      url: "postgresql://ann:s%40cret@db.example:6543/care%20store?sslmode=require", environment: Self.noEnvironment)
    #expect(location.endpoint == .tcp(host: "db.example", port: 6543))
    #expect(location.user == "ann")
    #expect(location.database == "care store")
    #expect(location.tlsMode == .require)
    #expect(location.description == "postgresql://ann@db.example:6543/care store")
    #expect(!location.description.contains("cret"))
    let v6 = try PostgresLocation(url: "postgres://bob@[::1]/db", environment: Self.noEnvironment)
    #expect(v6.endpoint == .tcp(host: "::1", port: 5432))
    #expect(v6.tlsMode == .prefer)
  }

  @Test("a unix socket: a percent-encoded folder as host, or the host parameter; the defaults from PG* variables")
  func sockets() throws {
    let encoded = try PostgresLocation(url: "postgresql://ann@%2Ftmp%2Fpg:5433/care", environment: Self.noEnvironment)
    #expect(encoded.endpoint == .socket(folder: "/tmp/pg", port: 5433))
    let parameter = try PostgresLocation(url: "postgresql:///care?host=/run/pg&user=carl", environment: Self.noEnvironment)
    #expect(parameter.endpoint == .socket(folder: "/run/pg", port: 5432))
    #expect(parameter.user == "carl")
    let defaults = try PostgresLocation(
      url: "postgresql://", environment: ["PGHOST": "10.1.2.3", "PGPORT": "6000", "PGUSER": "dora", "HOME": "/nonexistent"])
    #expect(defaults.endpoint == .tcp(host: "10.1.2.3", port: 6000))
    #expect(defaults.database == "dora")
  }

  @Test("connect_timeout and answer_timeout in whole seconds; 10 and 300 by default")
  func timeouts() throws {
    let plain = try PostgresLocation(url: "postgresql://u@h/db", environment: Self.noEnvironment)
    #expect(plain.connectTimeout == .seconds(10) && plain.answerTimeout == .seconds(300))
    let given = try PostgresLocation(
      url: "postgresql://u@h/db?connect_timeout=3&answer_timeout=45", environment: Self.noEnvironment)
    #expect(given.connectTimeout == .seconds(3) && given.answerTimeout == .seconds(45))
  }

  @Test("malformed URLs are refused, naming the part")
  func malformed() {
    for url in [
      "postgresql://h:99999/db", "postgresql://[::1/db", "postgresql://h/db?sslmode=sometimes",
      "postgresql://h/db?answer_timeout=0", "postgresql://h/db?connect_timeout=1.5",
    ] {
      #expect(throws: PostgresLocation.Error.self) { _ = try PostgresLocation(url: url, environment: Self.noEnvironment) }
    }
  }

  @Test("a path means SQLite, a postgresql:// or postgres:// URL PostgreSQL")
  func kinds() {
    #expect(StoreLocation("care.sqlite").kind == .sqlite)
    #expect(StoreLocation("./postgresql/care.sqlite").kind == .sqlite)
    #expect(StoreLocation("postgresql://u@h/db").kind == .postgres)
    #expect(StoreLocation("POSTGRES://u@h/db").kind == .postgres)
    #expect(StoreLocation("postgresql://u:pw@h/db").description == "postgresql://u@h:5432/db")
  }
}
