// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FHIRKit",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "FHIRKit", targets: ["FHIRKit"]),
    .library(name: "FHIRJSON", targets: ["FHIRJSON"]),
    .library(name: "FHIRR4", targets: ["FHIRR4"]),
    .library(name: "FHIRDSTU2", targets: ["FHIRDSTU2"]),
    .library(name: "CareModel", targets: ["CareModel"]),
    .library(name: "FHIRCoders", targets: ["FHIRCoders"]),
    .library(name: "CarePipeline", targets: ["CarePipeline"]),
    .library(name: "CareStore", targets: ["CareStore"]),
    .library(name: "CareStoreFHIR", targets: ["CareStoreFHIR"]),
    .library(name: "CareStoreSQLite", targets: ["CareStoreSQLite"]),
    .library(name: "CareStorePostgres", targets: ["CareStorePostgres"]),
    .library(name: "CareStoreLocation", targets: ["CareStoreLocation"]),
    .library(name: "CareSync", targets: ["CareSync"]),
    .library(name: "CareServer", targets: ["CareServer"]),
    .library(name: "FHIRReleaseConversion", targets: ["FHIRReleaseConversion"]),
    .executable(name: "fhirkit", targets: ["fhirkit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
  ],
  targets: [
    // C library
    .systemLibrary(
      name: "CYAJL",
      pkgConfig: "yajl",
      providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),

    // Core libraries, each depending only on the ones above it
    .target(
      name: "FHIRJSON",
      dependencies: [
        "CYAJL", "CZlib", "CZstd",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .target(
      name: "FHIRCore",
      dependencies: ["FHIRJSON"]),
    .target(
      name: "FHIRR4",
      dependencies: ["FHIRCore"]),
    .target(
      name: "FHIRDSTU2",
      dependencies: ["FHIRCore"]),
    .target(
      name: "CareModel",
      dependencies: ["FHIRJSON"]),
    .target(
      name: "FHIRCoders",
      dependencies: ["CareModel", "FHIRJSON", "FHIRCore", "FHIRR4", "FHIRDSTU2"]),
    .target(
      name: "CarePipeline",
      dependencies: [
        "CareModel", "FHIRCoders", "FHIRCore", "FHIRJSON", "FHIRR4", "FHIRDSTU2",
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "HeapModule", package: "swift-collections"),
      ],
      exclude: ["README.md"]),
    // The store knows care entities only: not the pipeline, the coders or the FHIR models.
    .target(
      name: "CareStore",
      dependencies: ["CareModel", "FHIRCore", "FHIRJSON"]),
    .target(
      name: "CareStoreSQLite",
      dependencies: ["CareStore", "CareModel", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(
      name: "CareStorePostgres",
      dependencies: [
        "CareStore", "CareModel", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The store's FHIR side: a pipeline's result into the store, the store's versions out as FHIR.
    .target(
      name: "CareStoreFHIR",
      dependencies: [
        "CareStore", "CareModel", "CarePipeline", "FHIRCoders", "FHIRCore", "FHIRJSON", "FHIRR4", "FHIRDSTU2",
        "FHIRReleaseConversion", .product(name: "Crypto", package: "swift-crypto"),
      ]),
    // Above both backends: opens the one a location names (a path or a postgresql:// URL).
    .target(
      name: "CareStoreLocation",
      dependencies: ["CareStore", "CareStoreSQLite", "CareStorePostgres"]),
    .target(
      name: "FHIRReleaseConversion",
      dependencies: ["FHIRJSON", "FHIRCore", "FHIRR4", "FHIRDSTU2"]),
    .target(
      name: "CareSync",
      dependencies: ["CareStore", "CareModel"]),
    .target(
      name: "CareServer",
      dependencies: [
        "CareSync", "CareStore", "CareModel", "CarePipeline", "CareStoreFHIR",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .target(
      name: "FHIRKit",
      dependencies: [
        "FHIRJSON", "FHIRCore", "FHIRR4", "FHIRDSTU2", "FHIRReleaseConversion", "CareModel", "FHIRCoders",
        "CarePipeline", "CareStore", "CareStoreFHIR", "CareStoreSQLite", "CareStorePostgres", "CareStoreLocation",
        "CareSync",
      ]),

    // Tools
    .executableTarget(
      name: "fhirkit",
      dependencies: [
        "FHIRKit", "FHIRR4", "FHIRDSTU2", "FHIRReleaseConversion", "CareModel", "FHIRCoders", "CarePipeline",
        "CareStore", "CareStoreFHIR", "CareStoreSQLite", "CareStorePostgres", "CareStoreLocation", "CareSync", "CareServer",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      // jemalloc instead of glibc's malloc: decoding threads free what the reading thread
      // allocated and back, and glibc's per-arena locks made `convert --to care --jobs 2` wait
      // (docs/benchmarks/job-2026-11-28-sessions-11-13.md, "jemalloc in the fhirkit binary").
      linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]),
    .executableTarget(
      name: "FHIRJSONBenchmarks",
      dependencies: [
        "FHIRJSON", "FHIRCore", "FHIRR4", "FHIRDSTU2", "CYAJL", "FHIRTestSupport", "CareModel", "FHIRCoders",
        "CarePipeline", "CareStore", "CareStoreFHIR", "CareStoreSQLite", "FHIRReleaseConversion",
      ],
      path: "Benchmarks/FHIRJSONBenchmarks"),

    // Test support (not a product)
    .target(
      name: "FHIRTestSupport",
      dependencies: ["FHIRJSON", "FHIRCore", "CareModel"]),

    // Tests
    .testTarget(
      name: "FHIRJSONTests",
      dependencies: ["FHIRJSON", "FHIRTestSupport"]),
    .testTarget(
      name: "FHIRCoreTests",
      dependencies: ["FHIRCore", "FHIRTestSupport"]),
    .testTarget(
      name: "FHIRR4Tests",
      dependencies: ["FHIRR4", "FHIRTestSupport"]),
    .testTarget(
      name: "FHIRDSTU2Tests",
      dependencies: ["FHIRDSTU2", "FHIRTestSupport"]),
    .testTarget(
      name: "CareModelTests",
      dependencies: ["CareModel"]),
    .testTarget(
      name: "FHIRCodersTests",
      dependencies: [
        "FHIRCoders", "CareModel", "FHIRR4", "FHIRDSTU2", "FHIRTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "CarePipelineTests",
      dependencies: ["CarePipeline", "CareModel", "FHIRCoders", "FHIRCore", "FHIRJSON", "FHIRR4", "FHIRDSTU2", "FHIRTestSupport"]),
    .testTarget(
      name: "CareStoreTests",
      dependencies: [
        "CareStore", "CareStoreFHIR", "CareStoreSQLite", "CareStorePostgres", "CareStoreLocation", "CarePipeline", "CareModel",
        "FHIRCoders", "FHIRCore", "FHIRJSON", "FHIRR4", "FHIRDSTU2", "FHIRTestSupport", "fhirkit", "CareSync", "CareServer",
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "FHIRReleaseConversionTests",
      dependencies: ["FHIRReleaseConversion", "FHIRR4", "FHIRDSTU2", "FHIRTestSupport"]),
    .testTarget(
      name: "BadInputCorpusTests",
      dependencies: ["FHIRJSON", "FHIRCore", "FHIRR4", "FHIRDSTU2", "FHIRCoders", "CarePipeline", "FHIRTestSupport"]),
    .testTarget(
      name: "ReadmeSnippetTests",
      dependencies: ["FHIRKit", "FHIRTestSupport"]),
    .testTarget(
      name: "fhirkitTests",
      dependencies: [
        "fhirkit", "FHIRTestSupport", "CareModel", "CarePipeline", "FHIRCoders", "FHIRJSON", "CareStore",
        "CareStoreLocation",
      ]),
  ]
)

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
  target.swiftSettings = settings
}
