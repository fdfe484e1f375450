public import FHIRCore
import FHIRJSON

/// Accounts for every element of a resource: each leaf of its JSON that the coder did not
/// record as mapped (itself or an ancestor) is recorded as dropped.
///
/// The walk reads the tokens the resource was decoded from (``ResourceSource``) when the coder
/// has them, else the resource written again (compact, by the models' own writer) and read back
/// into tokens: the same report either way. A leaf is a string, number or boolean (`null` is
/// none); its path is the member keys from the root, joined by `.` (array positions are not
/// part of it). A mapped element's subtree is skipped; so is the root's `resourceType` and any
/// object whose first `url` member starts with ``CareExtensions/base`` (a care extension, read
/// by the coder itself).
public enum ElementAccounting {
  /// Walks `resource`'s JSON and records unmapped leaves as dropped under `root`.
  /// - Parameters:
  ///   - resource: The FHIR value that was decoded.
  ///   - root: The path prefix (`"Patient"`, `"CarePlan.activity"`).
  ///   - report: The report holding what was mapped; dropped paths are added to it.
  public static func account<R: FHIREncodable>(_ resource: R, root: String, in report: inout ConversionReport) {
    account(resource, root: ReportPath(root), in: &report)
  }

  /// Walks the input tokens a value was decoded from (see ``ResourceSource``) and records
  /// unmapped leaves as dropped under `root`: the same report as accounting for the decoded
  /// value gives, without writing it again.
  /// - Parameters:
  ///   - source: The tokens and index of the value's object.
  ///   - root: The path prefix (`"Patient"`, `"CarePlan.activity"`).
  ///   - report: The report holding what was mapped; dropped paths are added to it.
  public static func account(_ source: ResourceSource, root: String, in report: inout ConversionReport) {
    account(source, root: ReportPath(root), in: &report)
  }

  /// Accounts from `source` under a coder's root path.
  static func account(_ source: ResourceSource, root: ReportPath, in report: inout ConversionReport) {
    account(source.tokens, at: source.index, root: root, in: &report)
  }

  /// Accounts from `source` when there is one, else by writing `resource`.
  static func account<R: FHIREncodable>(
    _ resource: R, _ source: ResourceSource?, root: ReportPath, in report: inout ConversionReport
  ) {
    if let source {
      account(source.tokens, at: source.index, root: root, in: &report)
    } else {
      account(resource, root: root, in: &report)
    }
  }

  /// Accounts for `resource` written again, under a coder's root path.
  static func account<R: FHIREncodable>(_ resource: R, root: ReportPath, in report: inout ConversionReport) {
    guard !report.isMapped(id: root.id, in: PathRegistry.shared.table) else { return }
    var writer = JSONWriter(style: .compact)
    resource.encode(to: &writer)
    // The writer's JSON is well formed and no deeper than the input the value came from; no
    // string in it is longer than the whole.
    let options = JSONTokenizer.Options(maxDepth: 10_000, maxStringLength: writer.output.count)
    guard let tokens = try? JSONTokens(parsing: writer.output, options: options), !tokens.isEmpty,
      tokens[0].kind == .objectStart
    else { return }
    account(tokens, at: 0, root: root, in: &report)
  }

  /// Records the unmapped leaves of the object at `index` of `tokens` as dropped under `root`.
  /// A path reported `unrepresentable` is accounted for as a mapped one is: the coder read it and
  /// said what became of it (`frequencyMax`, whose lower value is used), so its leaves are not
  /// also counted dropped.
  static func account(_ tokens: JSONTokens, at index: Int, root: ReportPath, in report: inout ConversionReport) {
    var accounted = report.table(.mapped)
    let unrepresentable = report.table(.unrepresentable)
    if !unrepresentable.isEmpty { accounted.merge(unrepresentable) }
    var walk = AccountingWalk(tokens: tokens, mapped: accounted)
    guard !walk.isMapped(root.id) else { return }
    walk.walkObject(at: index, node: root.id, isRoot: true)
    report.record(.dropped, each: walk.leaves)
  }

}
