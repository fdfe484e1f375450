import FHIRJSON
import Foundation

extension ElementAccounting {
  /// Walks the input tokens a value was decoded from (see ``ResourceSource``) and records
  /// unmapped leaves as dropped under `root`: the same report as
  /// ``account(_:root:in:)`` gives for the decoded value, without writing it again.
  /// - Parameters:
  ///   - source: The tokens and index of the value's object.
  ///   - root: The path prefix (`"Patient"`, `"CarePlan.activity"`).
  ///   - report: The report holding what was mapped; dropped paths are added to it.
  public static func account(_ source: ResourceSource, root: String, in report: inout ConversionReport) {
    // The table moves out of the pool and back, never copied (its arrays stay unique).
    var table = PathTable.pool.take()
    table.beginWalk(for: &report)
    guard let rootNode = table.unmappedNode(root) else {
      PathTable.pool.giveBack(consume table)
      return
    }
    TokenWalker(tokens: source.tokens).walk(at: source.index, node: rootNode, isRoot: true, in: &table)
    table.reportDropped(in: &report)
    PathTable.pool.giveBack(consume table)
  }

  /// Walks tokens as ``Walker`` walks written JSON, logging the path (node) of each unmapped
  /// leaf. A member's path is found from its parent's node and its key
  /// (``PathTable/child(of:key:)``), so no path is built while walking.
  struct TokenWalker {
    let tokens: JSONTokens

    /// Walks the value at `index`, whose path is `node`, logging in `table`.
    func walk(at index: Int, node: Int, isRoot: Bool, in table: inout PathTable) {
      let token = tokens[index]
      switch token.kind {
      case .objectStart:
        let end = tokens.endIndex(ofValueAt: index)
        let logged = table.log.count
        var sawURL = false
        var previous = -1
        var member = index + 1
        while member < end {
          let value = member + 1
          let next = tokens.endIndex(ofValueAt: value) + 1
          // The member's path, or `skip` (the root's `resourceType`), or `careExtension`.
          let child = tokens.withText(at: member) { key -> Int in
            // The first `url` member: a care extension's (under ``CareExtensions/base``) takes
            // back what was logged inside its object and ends the walk of it.
            if !sawURL && Self.equals(key, "url") {
              sawURL = true
              if tokens[value].kind == .string && tokens.withText(at: value, { $0.starts(with: careBase) }) {
                return Self.careExtension
              }
            }
            if isRoot && Self.equals(key, "resourceType") { return Self.skip }
            return table.child(of: node, key: key, after: previous)
          }
          if child == Self.careExtension {
            table.log.removeLast(table.log.count - logged)
            return
          }
          if child != Self.skip {
            previous = child
            if !table.isMapped(child) { walk(at: value, node: child, isRoot: false, in: &table) }
          }
          member = next
        }
      case .arrayStart:
        let end = tokens.endIndex(ofValueAt: index)
        var element = index + 1
        while element < end {
          walk(at: element, node: node, isRoot: false, in: &table)
          element = tokens.endIndex(ofValueAt: element) + 1
        }
      case .null:
        break
      default:
        table.log.append(Int32(node))
      }
    }

    static var skip: Int { -1 }
    static var careExtension: Int { -2 }

    /// Whether `key` is the ASCII `literal` (its length compared first).
    static func equals(_ key: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
      key.count == literal.utf8CodeUnitCount && memcmp(key.baseAddress!, literal.utf8Start, key.count) == 0
    }
  }
}
