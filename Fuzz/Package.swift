// swift-tools-version:6.0
// libFuzzer targets for FHIRKit. A package of its own, so that the main package's
// `swift build` and `swift test` never build them: each executable gets its `main`
// from libFuzzer and links only with `--sanitize=fuzzer`. Built and run by
// `Scripts/fuzz.sh` (see docs/reliability.md).
import PackageDescription

let package = Package(
  name: "FHIRKitFuzz",
  dependencies: [
    .package(name: "FHIRKit", path: "..")
  ],
  targets: [
    // What every target shares: chunking, parsing, the failure call.
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "FHIRKit", package: "FHIRKit"),
        .product(name: "FHIRCoders", package: "FHIRKit"),
        .product(name: "CareModel", package: "FHIRKit"),
      ]),

    // One executable per target (libFuzzer provides `main`).
    .executableTarget(
      name: "fuzz-fhirjson",
      dependencies: ["FuzzSupport"]),
    .executableTarget(
      name: "fuzz-r4-resource",
      dependencies: ["FuzzSupport", .product(name: "FHIRR4", package: "FHIRKit")]),
    .executableTarget(
      name: "fuzz-dstu2-resource",
      dependencies: ["FuzzSupport", .product(name: "FHIRDSTU2", package: "FHIRKit")]),
    .executableTarget(
      name: "fuzz-r4-coders",
      dependencies: [
        "FuzzSupport", .product(name: "FHIRR4", package: "FHIRKit"),
        .product(name: "FHIRCoders", package: "FHIRKit"), .product(name: "CareModel", package: "FHIRKit"),
      ]),
    .executableTarget(
      name: "fuzz-dstu2-coders",
      dependencies: [
        "FuzzSupport", .product(name: "FHIRDSTU2", package: "FHIRKit"),
        .product(name: "FHIRCoders", package: "FHIRKit"), .product(name: "CareModel", package: "FHIRKit"),
      ]),
    .executableTarget(
      name: "fuzz-release-conversion",
      dependencies: [
        "FuzzSupport", .product(name: "FHIRR4", package: "FHIRKit"),
        .product(name: "FHIRDSTU2", package: "FHIRKit"),
        .product(name: "FHIRReleaseConversion", package: "FHIRKit"),
      ]),
    .executableTarget(
      name: "fuzz-care-pipeline",
      dependencies: [
        "FuzzSupport", .product(name: "FHIRR4", package: "FHIRKit"),
        .product(name: "FHIRDSTU2", package: "FHIRKit"),
        .product(name: "CarePipeline", package: "FHIRKit"), .product(name: "CareModel", package: "FHIRKit"),
      ]),
  ]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
  target.swiftSettings = settings
}
