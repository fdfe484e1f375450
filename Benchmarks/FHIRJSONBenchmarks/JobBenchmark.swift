import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The job as users run it: the release `fhirkit` binary beside this one, timed as a whole
/// process on a generated Bulk Data folder (R4 Synthea entries flattened, ids suffixed per copy,
/// one NDJSON file per type), each run paired with raw YAJL event counting on the same bytes in
/// the same round. Prints, per command, the median of the pair-by-pair ratios, MB/s,
/// resources/s, CPU seconds and peak resident memory (from `/usr/bin/time`).
struct JobBenchmark {
  var sizeMB: Int
  var runs: Int
  /// The keys of the steps to run (all when nil).
  var only: Set<String>?
  /// A folder to keep the generated export in and reuse on the next run.
  var keep: String?
  /// The `fhirkit` binary timed (default: the one beside this benchmark).
  var fhirkitPath: String?
  /// A PostgreSQL database for the cooperating-importer steps (`pg1`, `pg2`), emptied before
  /// each (`DROP SCHEMA public CASCADE` through `psql`, which must be on `PATH`); without it those
  /// steps are left out.
  var postgresURL: String? = nil

  /// One timed command.
  struct Step {
    var key: String
    var title: String
    var arguments: [String]
    /// Whether the export is piped into standard input as one stream instead of named.
    var standardInput = false
    /// Whether the store is removed before the run.
    var newStore = false
    /// Commands run at the same time instead of `arguments` (cooperating importers), each with
    /// the job name's placeholder `{job}` replaced by one per round.
    var parallel: [[String]] = []
    /// Whether the PostgreSQL database is emptied before the run.
    var newDatabase = false
    /// Whether the step reads the folder of Bundles (``BundleCopies``) instead of the export.
    var onBundles = false
  }

  /// What a step reads: the bytes raw YAJL counts, and how many resources they hold.
  struct Input {
    var bytes: [UInt8]
    var resources: Int
    var megabytes: Double { Double(bytes.count) / Double(1 << 20) }
  }

  /// What one run of a step gave.
  struct Sample {
    var wall: Double
    var cpu: Double
    var peakMB: Int
    /// Raw YAJL's wall and CPU seconds on the same bytes, just before (``rawYAJLSeconds(_:)``).
    var yajl: Double
    var yajlCPU: Double
  }

  func run() throws {
    let folder = keep ?? NSTemporaryDirectory() + "fhirkit-bench-job-\(getpid())"
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: folder) } }
    let export = folder + "/export"
    let flat = folder + "/flat.ndjson"
    if !FileManager.default.fileExists(atPath: flat) {
      try? FileManager.default.removeItem(atPath: export)
      let (bytes, resources, copies) = try PipelineMemoryBenchmark.writeExport(atLeast: sizeMB << 20, to: export)
      try Self.concatenate(folder: export, into: flat)
      print("generated \(bytes >> 20) MB: \(resources) resources, \(copies) copies of the R4 Synthea patients")
    }
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: flat)))
    let ndjson = Input(bytes: bytes, resources: bytes.count { $0 == 0x0A })
    print("input: \(String(format: "%.1f", ndjson.megabytes)) MB R4 NDJSON, \(ndjson.resources) resources: \(export)/ (one file per type), same bytes as \(flat)")
    let store = folder + "/store.sqlite"
    let out = folder + "/out.ndjson"
    let bundlesFolder = folder + "/bundles"
    var steps = Self.steps(export: export, bundles: bundlesFolder, store: store, output: out)
    if let postgresURL {
      let halves = try Self.halves(of: export, in: folder)
      steps += Self.postgresSteps(export: export, halves: halves, url: postgresURL)
    }
    steps = steps.filter { only?.contains($0.key) ?? true }
    var bundles = ndjson
    if steps.contains(where: \.onBundles) {
      bundles = try Self.bundles(in: bundlesFolder, sizeMB: sizeMB)
      print("input: \(String(format: "%.1f", bundles.megabytes)) MB of R4 Bundles, \(bundles.resources) resources: \(bundlesFolder)/")
    }
    let fhirkit =
      fhirkitPath.map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fhirkit")
    print("binary: \(fhirkit.path)")
    var samples: [String: [Sample]] = [:]
    for round in 1...runs {
      for step in steps {
        let (yajl, yajlCPU) = Self.rawYAJLSeconds(step.onBundles ? bundles.bytes : ndjson.bytes)
        if step.newStore {
          for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        }
        if step.newDatabase, let postgresURL { try Self.emptyDatabase(postgresURL) }
        let sample =
          step.parallel.isEmpty
          ? try Self.time(fhirkit, step, input: flat, folder: folder, yajl: (yajl, yajlCPU))
          : try Self.timeTogether(fhirkit, step, job: "bench-\(getpid())-\(round)", folder: folder, yajl: (yajl, yajlCPU))
        samples[step.key, default: []].append(sample)
        print(
          "round \(round) \(step.title): \(String(format: "%.2f", sample.wall)) s wall, \(String(format: "%.2f", sample.cpu)) s CPU, \(sample.peakMB) MB peak; raw YAJL \(String(format: "%.3f", yajl)) s: \(String(format: "%.3f", yajl / sample.wall))× (by CPU \(String(format: "%.3f", yajlCPU / sample.cpu))×)"
        )
        fflush(nil)
      }
    }
    print("\nmedians of \(runs) rounds (each ratio taken pair by pair against raw YAJL in the same round):")
    print("| command | wall | MB/s | resources/s | × raw YAJL | CPU s | × raw YAJL by CPU | peak RSS |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for step in steps {
      let (megabytes, resources) = step.onBundles ? (bundles.megabytes, bundles.resources) : (ndjson.megabytes, ndjson.resources)
      let list = samples[step.key] ?? []
      let wall = Self.median(list.map(\.wall))
      let ratio = Self.median(list.map { $0.yajl / $0.wall })
      print(
        "| `\(step.title)` | \(String(format: "%.2f", wall)) s | \(String(format: "%.1f", megabytes / wall)) | \(Int(Double(resources) / wall)) | \(String(format: "%.3f", ratio)) | \(String(format: "%.2f", Self.median(list.map(\.cpu)))) | \(String(format: "%.3f", Self.median(list.map { $0.yajlCPU / $0.cpu }))) | \(list.map(\.peakMB).max() ?? 0) MB |"
      )
    }
    let ndjsonYAJL = steps.filter { !$0.onBundles }.flatMap { samples[$0.key] ?? [] }.map(\.yajl)
    if !ndjsonYAJL.isEmpty {
      print("raw YAJL on the NDJSON (median over its pairs): \(String(format: "%.0f", ndjson.megabytes / Self.median(ndjsonYAJL))) MB/s")
    }
    for (first, second, title) in [
      ("care1", "care2", "convert --to care"), ("import", "import2", "import"), ("pg1", "pg2", "PostgreSQL import"),
    ] {
      if let one = samples[first], let two = samples[second], one.count == two.count {
        let speedup = Self.median(zip(one, two).map { $0.wall / $1.wall })
        let what = first == "pg1" ? "--workers 2 / --workers 1" : "--jobs 2 / --jobs 1"
        print("\(title): \(what) wall (pair by pair, median): \(String(format: "%.2f", speedup))×")
      }
    }
  }

  /// The commands timed, in order (the re-import follows the import into a new store).
  static func steps(export: String, bundles: String, store: String, output: String) -> [Step] {
    [
      Step(key: "r4", title: "convert --from r4 --to r4 --jobs 1", arguments: ["convert", export, "--from", "r4", "--to", "r4", "--jobs", "1", "-o", output]),
      Step(key: "care1", title: "convert --to care --jobs 1", arguments: ["convert", export, "--to", "care", "--jobs", "1", "-o", output]),
      Step(key: "care2", title: "convert --to care --jobs 2", arguments: ["convert", export, "--to", "care", "--jobs", "2", "-o", output]),
      Step(key: "stdin", title: "convert - --to care --jobs 1 (stdin)", arguments: ["convert", "-", "--to", "care", "--jobs", "1", "-o", output], standardInput: true),
      Step(key: "import", title: "import --jobs 1 (new store)", arguments: ["import", export, "--store", store, "--jobs", "1"], newStore: true),
      Step(key: "reimport", title: "import --jobs 1 again (unchanged)", arguments: ["import", export, "--store", store, "--jobs", "1"]),
      Step(
        key: "recheck", title: "import --jobs 1 --recheck (unchanged, merged again)",
        arguments: ["import", export, "--store", store, "--jobs", "1", "--recheck"]),
      Step(key: "import2", title: "import --jobs 2 (new store)", arguments: ["import", export, "--store", store, "--jobs", "2"], newStore: true),
      Step(key: "bundles1", title: "convert bundles/ --to care --jobs 1", arguments: ["convert", bundles, "--to", "care", "--jobs", "1", "-o", output], onBundles: true),
      Step(key: "bundles-import", title: "import bundles/ --jobs 1 (new store)", arguments: ["import", bundles, "--store", store, "--jobs", "1"], newStore: true, onBundles: true),
    ]
  }

  /// The cooperating-importer steps: one worker on the whole export, and two workers at once on
  /// its halves, each into an emptied PostgreSQL database (`{job}` becomes a job name per round).
  static func postgresSteps(export: String, halves: [String], url: String) -> [Step] {
    let job = ["--store", url, "--job", "{job}", "--jobs", "1"]
    return [
      Step(
        key: "pg1", title: "import --job --workers 1 --jobs 1 (PostgreSQL, new store)", arguments: [],
        parallel: [["import", export] + job + ["--workers", "1"]], newDatabase: true),
      Step(
        key: "pg2", title: "import --job --workers 2 --jobs 1, two processes (PostgreSQL, new store)", arguments: [],
        parallel: halves.map { ["import", $0] + job + ["--workers", "2"] }, newDatabase: true),
    ]
  }

  /// Two folders beside `export`, each with the first or second half of every file's lines.
  static func halves(of export: String, in folder: String) throws -> [String] {
    let halves = [folder + "/half1", folder + "/half2"]
    if FileManager.default.fileExists(atPath: halves[1]) { return halves }
    for half in halves { try FileManager.default.createDirectory(atPath: half, withIntermediateDirectories: true) }
    for name in try FileManager.default.contentsOfDirectory(atPath: export).sorted() {
      let lines = try Data(contentsOf: URL(fileURLWithPath: export + "/" + name)).split(separator: 0x0A)
      let middle = (lines.count + 1) / 2
      for (half, part) in zip(halves, [lines[..<middle], lines[middle...]]) where !part.isEmpty {
        try Data(part.flatMap { $0 + [0x0A] }).write(to: URL(fileURLWithPath: half + "/" + name))
      }
    }
    return halves
  }

  /// Empties the database `url` names: drops and creates its `public` schema through `psql`.
  static func emptyDatabase(_ url: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", "SET client_min_messages = warning; DROP SCHEMA public CASCADE; CREATE SCHEMA public"]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      print("psql could not empty the benchmark database")
      throw CocoaError(.executableLoad)
    }
  }

  /// Runs the step's commands at once, each under `/usr/bin/time`, and returns the wall time of
  /// all, their CPU time added up, and the largest peak memory.
  static func timeTogether(_ fhirkit: URL, _ step: Step, job: String, folder: String, yajl: (wall: Double, cpu: Double))
    throws -> Sample
  {
    let stopwatch = Stopwatch()
    var processes: [(Process, String)] = []
    for (i, arguments) in step.parallel.enumerated() {
      let usageFile = folder + "/usage-\(i).txt"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
      process.arguments =
        ["-f", "%U %S %M", "-o", usageFile, fhirkit.path] + arguments.map { $0 == "{job}" ? job : $0 } + ["--quiet"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      processes.append((process, usageFile))
    }
    var cpu = 0.0
    var peak = 0
    for (process, usageFile) in processes {
      process.waitUntilExit()
      guard process.terminationStatus <= 1 else { Self.stop(step.title, status: process.terminationStatus) }
      let usage = try Self.usage(usageFile)
      cpu += usage.cpu
      peak = max(peak, usage.peakMB)
    }
    let wall = stopwatch.elapsed().wall
    return Sample(wall: wall, cpu: cpu, peakMB: peak, yajl: yajl.wall, yajlCPU: yajl.cpu)
  }

  /// Runs `step` under `/usr/bin/time` and returns its wall time, CPU time and peak memory.
  static func time(_ fhirkit: URL, _ step: Step, input: String, folder: String, yajl: (wall: Double, cpu: Double)) throws
    -> Sample
  {
    let usageFile = folder + "/usage.txt"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%U %S %M", "-o", usageFile, fhirkit.path] + step.arguments + ["--quiet"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    if step.standardInput { process.standardInput = FileHandle(forReadingAtPath: input) }
    let stopwatch = Stopwatch()
    try process.run()
    process.waitUntilExit()
    let wall = stopwatch.elapsed().wall
    // 0, or 1 when some records failed (the others are written); anything else is a failure.
    guard process.terminationStatus <= 1 else { Self.stop(step.title, status: process.terminationStatus) }
    let (cpu, peakMB) = try usage(usageFile)
    return Sample(wall: wall, cpu: cpu, peakMB: peakMB, yajl: yajl.wall, yajlCPU: yajl.cpu)
  }

  /// Ends the benchmark: a step failed (an exit code other than 0, or 1 for some records), so its
  /// figures would mean nothing. Its output went to /dev/null: run its command by hand to see why.
  static func stop(_ title: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("\(title): fhirkit exited with \(status); the benchmark stops\n".utf8))
    exit(2)
  }

  /// The CPU seconds (user and system) and peak memory `/usr/bin/time -f "%U %S %M"` wrote.
  static func usage(_ file: String) throws -> (cpu: Double, peakMB: Int) {
    let fields = try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isWhitespace).suffix(3)
    let numbers = fields.compactMap { Double($0) }
    guard numbers.count == 3 else { throw CocoaError(.fileReadCorruptFile) }
    return (numbers[0] + numbers[1], Int(numbers[2]) / 1024)
  }

  /// Wall and CPU seconds raw YAJL takes to count the events of `bytes` (64 KiB chunks): the
  /// median of three counts one after the other (each of wall and CPU). On this noisy machine a
  /// single count of the same 50 MB took 0.13 to 0.24 s from one pair to the next, which moved a
  /// pair's ratio as much as the changes it was meant to measure.
  static func rawYAJLSeconds(_ bytes: [UInt8]) -> (wall: Double, cpu: Double) {
    let counts = (0..<3).map { _ in
      let stopwatch = Stopwatch()
      let tokens = bytes.withUnsafeBytes { RawYAJL.countTokens($0, chunkSize: 1 << 16) }
      precondition(tokens > 0)
      return stopwatch.elapsed()
    }
    return (median(counts.map(\.wall)), median(counts.map(\.cpu)))
  }

  /// The folder of Bundles (written by ``BundleCopies`` when missing, as large as the export),
  /// its files' bytes one after the other, and the resources in them.
  static func bundles(in folder: String, sizeMB: Int) throws -> Input {
    let countFile = folder + ".resources"
    if !FileManager.default.fileExists(atPath: countFile) {
      try? FileManager.default.removeItem(atPath: folder)
      let (bytes, resources, copies) = try BundleCopies.write(atLeast: sizeMB << 20, to: folder)
      try "\(resources)".write(toFile: countFile, atomically: true, encoding: .utf8)
      print("generated \(bytes >> 20) MB of Bundles: \(resources) resources, \(copies) copies of the R4 Synthea Bundles")
    }
    var bytes: [UInt8] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
      bytes += try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) + [0x0A]
    }
    return Input(bytes: bytes, resources: Int(try String(contentsOfFile: countFile, encoding: .utf8)) ?? 0)
  }

  /// Writes the export's files, in name order, one after the other into `path`.
  static func concatenate(folder: String, into path: String) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
      handle.write(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
}
