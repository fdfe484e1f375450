import ArgumentParser
import CareModel

/// `--care-format`: with `--to care`, FHIRKit's care JSON or CareKit's.
struct CareFormatOption: ExpressibleByArgument {
  var value: CareFormat

  init?(argument: String) {
    guard let value = CareFormat(rawValue: argument.lowercased()) else { return nil }
    self.value = value
  }

  static var allValueStrings: [String] { CareFormat.allCases.map(\.rawValue) }

  static let help: ArgumentHelp =
    "With --to care: native (FHIRKit's care JSON, the default) or carekit (each entity as CareKit's Codable writes it, one object per line, no \"kind\")."

  /// The writer of one entity's line in `format`; `native` writes it with `nativeWriter`.
  static func encoder(_ format: CareFormat, native nativeWriter: CareJSONWriter) -> @Sendable (CareRecord) -> [UInt8] {
    switch format {
    case .native: return { nativeWriter.bytes($0) }
    case .carekit:
      let writer = CareKitJSONWriter()
      return { writer.bytes($0) }
    }
  }
}
