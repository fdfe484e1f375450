// FHIRJSON benchmarks: tokenizer throughput against raw YAJL measured in the same
// run, and peak memory while streaming a generated 1 GB Bundle.
//
//   swift run -c release FHIRJSONBenchmarks throughput [--size-mb 128] [--runs 5]
//       [--input FILE.ndjson] [--save-corpus FILE.ndjson] [--tokenizer-only]
//   swift run -c release FHIRJSONBenchmarks bundle-memory [--size-mb 1024]
//   swift run -c release FHIRJSONBenchmarks models [--size-mb 128] [--runs 3]
//   swift run -c release FHIRJSONBenchmarks care [--size-mb 128] [--runs 3] [--only N]
//   swift run -c release FHIRJSONBenchmarks release-conversion [--size-mb 32] [--runs 3]
//   swift run -c release FHIRJSONBenchmarks store [--resources 1000000] [--batch-size 2000]
//   swift run -c release FHIRJSONBenchmarks pipeline-memory [--size-mb 1024] [--stdin | --cli | --import] [--partition-kb N] [--decode-twice]
//   swift build -c release && .build/release/FHIRJSONBenchmarks cli-jobs [--size-mb 128] [--runs 3]
//       (runs the release fhirkit binary next to it with --jobs 1 and --jobs 2)
//   swift build -c release && .build/release/FHIRJSONBenchmarks job [--size-mb 50] [--runs 3]
//       [--postgres postgresql://…/db]   (adds pg1, pg2: cooperating importers into that database, emptied first)
//       [--only r4,care1,care2,stdin,import,reimport,recheck,import2] [--keep FOLDER] [--fhirkit PATH]
//       (the release fhirkit binary as a whole process, each run paired with raw YAJL)
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String, default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(arguments[index + 1])
  else { return value }
  return number
}

func stringOption(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

switch arguments.first ?? "throughput" {
case "throughput":
  try ThroughputBenchmark(
    sizeMB: option("--size-mb", default: 128), runs: option("--runs", default: 5),
    tokenizerOnly: arguments.contains("--tokenizer-only"), input: stringOption("--input"),
    saveCorpus: stringOption("--save-corpus")
  ).run()
case "models":
  try ModelBenchmark(
    sizeMB: option("--size-mb", default: 128), runs: option("--runs", default: 3),
    decodeOnly: arguments.contains("--decode-only")
  ).run()
case "care":
  try CareBenchmark(
    sizeMB: option("--size-mb", default: 128), runs: option("--runs", default: 3),
    only: stringOption("--only").flatMap { Int($0) }
  ).run()
case "release-conversion":
  try ReleaseConversionBenchmark(sizeMB: option("--size-mb", default: 32), runs: option("--runs", default: 3)).run()
case "store":
  try StoreBenchmark(
    resources: option("--resources", default: 1_000_000), batchSize: option("--batch-size", default: 2000)
  ).run()
case "cli-jobs":
  try CLIJobsBenchmark(sizeMB: option("--size-mb", default: 128), runs: option("--runs", default: 3)).run()
case "job":
  try JobBenchmark(
    sizeMB: option("--size-mb", default: 50), runs: option("--runs", default: 3),
    only: stringOption("--only").map { Set($0.split(separator: ",").map(String.init)) }, keep: stringOption("--keep"),
    fhirkitPath: stringOption("--fhirkit"), postgresURL: stringOption("--postgres")
  ).run()
case "bundle-memory":
  try BundleMemoryBenchmark(sizeMB: option("--size-mb", default: 1024)).run()
case "stream-bundle":
  // Child process of bundle-memory: streams one file and reports its own peak memory.
  try BundleMemoryBenchmark.streamAndReport(path: stringOption("--file") ?? "")
case "pipeline-memory":
  try PipelineMemoryBenchmark(sizeMB: option("--size-mb", default: 1024), standardInput: arguments.contains("--stdin"),
    partitionKB: stringOption("--partition-kb").flatMap { Int($0) }, commandLine: arguments.contains("--cli"),
    importing: arguments.contains("--import"), decodeTwice: arguments.contains("--decode-twice")
  ).run()
case "pipeline-staged":
  // Child process of pipeline-memory: converts one export and reports its own peak memory.
  try PipelineMemoryBenchmark.convertAndReport(
    folder: arguments.contains("--stdin") ? nil : stringOption("--folder"),
    partitionKB: stringOption("--partition-kb").flatMap { Int($0) },
    inputBytes: stringOption("--input-bytes").flatMap { Int($0) }, decodeTwice: arguments.contains("--decode-twice"))
default:
  print("usage: FHIRJSONBenchmarks throughput|bundle-memory|models|care|release-conversion|store|pipeline-memory|cli-jobs|job [--size-mb N] [--runs N]")
  exit(2)
}
