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
    account(source, root: ReportPath(unregistered: root), in: &report)
  }

  /// ``account(_:root:in:)`` under a coder's root path.
  static func account(_ source: ResourceSource, root: ReportPath, in report: inout ConversionReport) {
    // The table moves out of the pool and back, never copied (its arrays stay unique).
    var table = PathTable.pool.take()
    table.beginWalk(for: &report)
    guard let rootNode = table.unmappedNode(root) else {
      PathTable.pool.giveBack(consume table)
      return
    }
    // The walk reads the key texts in place: they live as long as `source.tokens`.
    withExtendedLifetime(source.tokens) {
      _ = TokenWalker(tokens: source.tokens).walkObject(at: source.index, node: rootNode, isRoot: true, in: &table)
    }
    table.reportDropped(in: &report)
    PathTable.pool.giveBack(consume table)
  }

  /// Walks tokens as ``Walker`` walks written JSON, logging the path (node) of each unmapped
  /// leaf. A member's path is found from its parent's node and its key
  /// (``PathTable/child(of:key:)``), so no path is built while walking; a leaf is logged in
  /// the loop over its object's members or array's elements, without a call of its own.
  struct TokenWalker {
    let tokens: JSONTokens

    /// Walks the value at `index`, whose path is `node`, logging in `table`; returns the index
    /// after it.
    @inline(__always)
    func walkValue(at index: Int, node: Int, in table: inout PathTable) -> Int {
      switch tokens[index].kind {
      case .objectStart: return walkObject(at: index, node: node, isRoot: false, in: &table)
      case .arrayStart: return walkArray(at: index, node: node, in: &table)
      case .null: return index + 1
      default:
        table.log.append(Int32(node))
        return index + 1
      }
    }

    /// Walks the object starting at `index`, whose path is `node`; returns the index after it.
    @discardableResult
    func walkObject(at index: Int, node: Int, isRoot: Bool, in table: inout PathTable) -> Int {
      let end = tokens.endIndex(ofValueAt: index)
      let logged = table.log.count
      var sawURL = false
      var previous = -1
      var member = index + 1
      while member < end {
        let value = member + 1
        // The key's text stays where it is while the tokens live (the caller keeps them).
        let key = tokens.withText(at: member) { $0 }
        // The first `url` member: a care extension's (under ``CareExtensions/base``) takes
        // back what was logged inside its object and ends the walk of it.
        if !sawURL && Self.equals(key, "url") {
          sawURL = true
          if tokens[value].kind == .string && tokens.withText(at: value, { $0.starts(with: careBase) }) {
            table.log.removeLast(table.log.count - logged)
            return end + 1
          }
        }
        if isRoot && Self.equals(key, "resourceType") {
          member = tokens.endIndex(ofValueAt: value) + 1
          continue
        }
        let child = table.child(of: node, key: key, after: previous)
        previous = child
        if table.isMapped(child) {
          member = tokens.endIndex(ofValueAt: value) + 1
        } else {
          member = walkValue(at: value, node: child, in: &table)
        }
      }
      return end + 1
    }

    /// Walks the array starting at `index`, each element under `node`; returns the index after it.
    func walkArray(at index: Int, node: Int, in table: inout PathTable) -> Int {
      let end = tokens.endIndex(ofValueAt: index)
      var element = index + 1
      while element < end { element = walkValue(at: element, node: node, in: &table) }
      return end + 1
    }

    /// Whether `key` is the ASCII `literal` (its length compared first).
    static func equals(_ key: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
      key.count == literal.utf8CodeUnitCount && memcmp(key.baseAddress!, literal.utf8Start, key.count) == 0
    }
  }
}
