import FHIRJSON

extension ElementAccounting {
  /// Walks the input tokens a value was decoded from (see ``ResourceSource``) and records
  /// unmapped leaves as dropped under `root`: the same report as
  /// ``account(_:root:in:)`` gives for the decoded value, without writing it again.
  /// - Parameters:
  ///   - source: The tokens and index of the value's object.
  ///   - root: The path prefix (`"Patient"`, `"CarePlan.activity"`).
  ///   - report: The report holding what was mapped; dropped paths are added to it.
  public static func account(_ source: ResourceSource, root: String, in report: inout ConversionReport) {
    guard !report.isMapped(root) else { return }
    // The table moves into the walker and back to the pool, never copied (its arrays stay unique).
    var walker = TokenWalker(tokens: source.tokens, root: root, table: PathTable.pool.take())
    walker.table.beginWalk()
    for path in report.mapped.keys { walker.table.markMapped(path) }
    walker.walk(at: source.index, node: walker.rootNode(), isRoot: true)
    walker.table.takeCounts(walker.log) { path, count in report.record(.dropped, path, count: count) }
    PathTable.pool.giveBack(walker.table)
  }

  /// Walks tokens as ``Walker`` walks written JSON, logging the path (node) of each unmapped leaf.
  struct TokenWalker {
    let tokens: JSONTokens
    var table: PathTable
    var path: [UInt8]
    var digest: UInt64
    var log: [Int32] = []

    init(tokens: JSONTokens, root: String, table: PathTable) {
      self.tokens = tokens
      self.table = table
      path = Array(root.utf8)
      path.reserveCapacity(128)
      digest = path.withUnsafeBytes { PathTable.digest($0) }
      log.reserveCapacity(64)
    }

    mutating func rootNode() -> Int {
      path.withUnsafeBytes { table.node($0, digest: digest) }
    }

    mutating func walk(at index: Int, node: Int, isRoot: Bool) {
      switch tokens[index].kind {
      case .objectStart:
        let end = tokens.endIndex(ofValueAt: index)
        if ElementAccounting.isCareExtension(tokens, objectAt: index, end: end) { return }
        var member = index + 1
        while member < end {
          if !(isRoot && tokens.text(at: member, equals: "resourceType".utf8)) {
            let saved = (path.count, digest)
            append(UInt8(ascii: "."))
            tokens.withText(at: member) { key in
              for byte in key { append(byte) }
            }
            let child = path.withUnsafeBytes { table.node($0, digest: digest) }
            if !table.isMapped(child) { walk(at: member + 1, node: child, isRoot: false) }
            path.removeLast(path.count - saved.0)
            digest = saved.1
          }
          member = tokens.endIndex(ofValueAt: member + 1) + 1
        }
      case .arrayStart:
        let end = tokens.endIndex(ofValueAt: index)
        var element = index + 1
        while element < end {
          walk(at: element, node: node, isRoot: false)
          element = tokens.endIndex(ofValueAt: element) + 1
        }
      case .null:
        break
      default:
        log.append(Int32(node))
      }
    }

    mutating func append(_ byte: UInt8) {
      path.append(byte)
      digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
    }
  }

  /// Whether the object's first `url` member is a string under ``CareExtensions/base``.
  static func isCareExtension(_ tokens: JSONTokens, objectAt index: Int, end: Int) -> Bool {
    var member = index + 1
    while member < end {
      if tokens.text(at: member, equals: "url".utf8) {
        return tokens[member + 1].kind == .string && tokens.withText(at: member + 1) { $0.starts(with: careBase) }
      }
      member = tokens.endIndex(ofValueAt: member + 1) + 1
    }
    return false
  }
}
