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
    account(source.tokens, at: source.index, root: root, in: &report)
  }

  /// ``account(_:root:in:)`` for the object at `index` of `tokens`.
  static func account(_ tokens: JSONTokens, at index: Int, root: ReportPath, in report: inout ConversionReport) {
    // The thread's table is used in place (its arrays stay unique).
    PathTablePool.withTable { table in
      table.beginWalk(for: &report)
      guard let rootNode = table.unmappedNode(root) else { return }
      // A leaf is one token of the object, so the object's token count bounds the leaves logged;
      // the log gets twice that, room for ``PathTable/reportDropped(_:count:in:)`` too.
      let end = tokens.endIndex(ofValueAt: index)
      var log: [Int32] = []
      swap(&log, &table.log)
      let room = 2 * (end - index + 1)
      if log.count < room { log.append(contentsOf: repeatElement(0, count: room - log.count)) }
      log.withUnsafeMutableBufferPointer { log in
        // The walk reads the key texts in place: they live as long as `tokens`.
        var leaves = TokenWalker.Leaves(base: log.baseAddress!)
        withExtendedLifetime(tokens) {
          TokenWalker(tokens: tokens).walkObject(at: index, end: end, node: rootNode, isRoot: true, in: &table, &leaves)
        }
        let logged = leaves.count
        table.reportDropped(log, count: logged, in: &report)
      }
      swap(&log, &table.log)
    }
  }

  /// Walks tokens as ``Walker`` walks written JSON, logging the path (node) of each unmapped
  /// leaf. A member's path is found from its parent's node and its key
  /// (``PathTable/member(of:key:after:)``, which tells whether it is mapped too), so no path is
  /// built while walking; a leaf is logged in the loop over its object's members or array's
  /// elements, without a call of its own.
  struct TokenWalker {
    let tokens: JSONTokens

    /// Where the leaves are logged: room for one per token of the object walked (a leaf is a
    /// token of it, logged once), so written without bounds checks.
    struct Leaves {
      let base: UnsafeMutablePointer<Int32>
      /// The number of leaves logged.
      var count = 0

      /// Logs a leaf at `node`.
      @inline(__always)
      mutating func append(_ node: Int) {
        base[count] = Int32(truncatingIfNeeded: node)
        count &+= 1
      }
    }

    /// Walks the value at `index`, whose path is `node`, logging in `table`; returns the index
    /// after it.
    @inline(__always)
    func walkValue(at index: Int, node: Int, in table: inout PathTable, _ leaves: inout Leaves) -> Int {
      switch tokens[index].kind {
      case .objectStart:
        let end = tokens.endIndex(ofValueAt: index)
        walkObject(at: index, end: end, node: node, isRoot: false, in: &table, &leaves)
        return end + 1
      case .arrayStart: return walkArray(at: index, node: node, in: &table, &leaves)
      case .null: return index + 1
      default:
        leaves.append(node)
        return index + 1
      }
    }

    /// Walks the members of the object from `index` to `end`, whose path is `node`.
    func walkObject(at index: Int, end: Int, node: Int, isRoot: Bool, in table: inout PathTable, _ leaves: inout Leaves) {
      let logged = leaves.count
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
            leaves.count = logged
            return
          }
        }
        if isRoot && Self.equals(key, "resourceType") {
          member = tokens.endIndex(ofValueAt: value) + 1
          continue
        }
        let found = table.member(of: node, key: key, after: previous)
        if found < 0 {
          previous = ~found
          member = tokens.endIndex(ofValueAt: value) + 1
        } else {
          previous = found
          member = walkValue(at: value, node: found, in: &table, &leaves)
        }
      }
    }

    /// Walks the array starting at `index`, each element under `node`; returns the index after it.
    func walkArray(at index: Int, node: Int, in table: inout PathTable, _ leaves: inout Leaves) -> Int {
      let end = tokens.endIndex(ofValueAt: index)
      var element = index + 1
      while element < end { element = walkValue(at: element, node: node, in: &table, &leaves) }
      return end + 1
    }

    /// Whether `key` is the ASCII `literal` (its length compared first).
    @inline(__always)
    static func equals(_ key: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
      key.count == literal.utf8CodeUnitCount && memcmp(key.baseAddress!, literal.utf8Start, key.count) == 0
    }
  }
}
