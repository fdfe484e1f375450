public import FHIRCore
import FHIRJSON

/// Accounts for every element of a resource: each leaf of its JSON that the coder did not
/// record as mapped (itself or an ancestor) is recorded as dropped.
///
/// The resource is written once (compact, by the models' own writer) and that output is
/// scanned once in place: no tokenizer runs, since the writer's JSON is known to be well
/// formed. Paths are built as bytes with a running digest and interned in a ``PathTable``
/// kept from one resource to the next, so a path seen before costs one table probe and
/// never becomes a `String` again; a mapped element's subtree is skipped, and each dropped
/// path is recorded once with its count. (A path counts as mapped when it, or a path it
/// extends by `.key`, is.)
public enum ElementAccounting {
  /// Walks `resource`'s JSON and records unmapped leaves as dropped under `root`.
  /// - Parameters:
  ///   - resource: The FHIR value that was decoded.
  ///   - root: The path prefix (`"Patient"`, `"CarePlan.activity"`).
  ///   - report: The report holding what was mapped; dropped paths are added to it.
  public static func account<R: FHIREncodable>(_ resource: R, root: String, in report: inout ConversionReport) {
    account(resource, root: ReportPath(unregistered: root), in: &report)
  }

  /// ``account(_:root:in:)`` under a coder's root path.
  static func account<R: FHIREncodable>(_ resource: R, root: ReportPath, in report: inout ConversionReport) {
    // The table moves into the walker and back to the pool, never copied (its arrays stay unique).
    var walker = Walker(root: root.name, table: PathTablePool.take())
    walker.table.beginWalk(for: &report)
    walker.table.log.removeAll(keepingCapacity: true)
    guard walker.table.unmappedNode(root) != nil else {
      PathTablePool.giveBack(walker.table)
      return
    }
    var writer = JSONWriter(style: .compact)
    resource.encode(to: &writer)
    writer.output.withUnsafeBytes { json in
      walker.json = json
      walker.walkRoot()
      walker.json = UnsafeRawBufferPointer(start: nil, count: 0)
    }
    walker.table.reportDropped(in: &report)
    PathTablePool.giveBack(walker.table)
  }

  /// Accounts from `source` when there is one (see ``ResourceSource``), else by writing `resource`.
  static func account<R: FHIREncodable>(
    _ resource: R, _ source: ResourceSource?, root: ReportPath, in report: inout ConversionReport
  ) {
    // The source's tokens are read where they are: binding the optional (`if let`) would copy it,
    // a retain and a release per resource.
    if let index = source?.index {
      account(source.unsafelyUnwrapped.tokens, at: index, root: root, in: &report)
    } else {
      account(resource, root: root, in: &report)
    }
  }

  static let careBase = Array(CareExtensions.base.utf8)

  /// Scans compact JSON written by `JSONWriter`, logging the path (node) of each unmapped leaf.
  struct Walker {
    /// The JSON walked (set for the walk only).
    var json = UnsafeRawBufferPointer(start: nil, count: 0)
    var table: PathTable
    /// The current path's bytes and their FNV-1a digest.
    var path: [UInt8]
    var digest: UInt64
    var index = 0

    init(root: String, table: PathTable) {
      self.table = table
      path = Array(root.utf8)
      path.reserveCapacity(128)
      digest = path.withUnsafeBytes { PathTable.digest($0) }
    }

    mutating func walkRoot() {
      guard !json.isEmpty else { return }
      let node = path.withUnsafeBytes { table.node($0, digest: digest) }
      walkValue(node: node, isRoot: true)
    }

    /// Walks the value at ``index`` (whose path is `node`), leaving ``index`` just after it.
    mutating func walkValue(node: Int, isRoot: Bool) {
      switch json[index] {
      case UInt8(ascii: "{"):
        walkObject(node: node, isRoot: isRoot)
      case UInt8(ascii: "["):
        index += 1
        if json[index] == UInt8(ascii: "]") { index += 1; return }
        while true {
          walkValue(node: node, isRoot: false)
          let byte = json[index]
          index += 1
          if byte != UInt8(ascii: ",") { return }
        }
      case UInt8(ascii: "n"):
        index += 4
      default:
        skipValue()
        table.log.append(Int32(node))
      }
    }

    /// Walks an object's members; an object whose first `url` member is a string under
    /// ``CareExtensions/base`` is a care extension: what was logged inside it is taken back.
    mutating func walkObject(node: Int, isRoot: Bool) {
      let logged = table.log.count
      index += 1
      if json[index] == UInt8(ascii: "}") { index += 1; return }
      var sawURL = false
      while true {
        let keyStart = index + 1
        let keyEnd = endOfString(from: keyStart)
        index = keyEnd + 2
        let key = UnsafeRawBufferPointer(rebasing: json[keyStart..<keyEnd])
        if !sawURL && key.elementsEqual("url".utf8) {
          sawURL = true
          if isCareURL(at: index) {
            table.log.removeLast(table.log.count - logged)
            skipRestOfObject()
            return
          }
        }
        if isRoot && key.elementsEqual("resourceType".utf8) {
          skipValue()
        } else {
          let saved = (path.count, digest)
          append(UInt8(ascii: "."))
          appendKey(key)
          let child = path.withUnsafeBytes { table.node($0, digest: digest) }
          if table.isMapped(child) { skipValue() } else { walkValue(node: child, isRoot: false) }
          path.removeLast(path.count - saved.0)
          digest = saved.1
        }
        let byte = json[index]
        index += 1
        if byte != UInt8(ascii: ",") { return }
      }
    }

    mutating func append(_ byte: UInt8) {
      path.append(byte)
      digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// Appends a key's text; the writer escapes only `"`, `\` and control characters.
    mutating func appendKey(_ key: UnsafeRawBufferPointer) {
      var i = 0
      while i < key.count {
        var byte = key[i]
        if byte == UInt8(ascii: "\\") {
          i += 1
          switch key[i] {
          case UInt8(ascii: "n"): byte = 0x0A
          case UInt8(ascii: "r"): byte = 0x0D
          case UInt8(ascii: "t"): byte = 0x09
          case UInt8(ascii: "b"): byte = 0x08
          case UInt8(ascii: "f"): byte = 0x0C
          case UInt8(ascii: "u"):
            byte = UInt8(Self.hex(key[i + 3]) << 4 | Self.hex(key[i + 4]))
            i += 4
          default: byte = key[i]
          }
        }
        append(byte)
        i += 1
      }
    }

    static func hex(_ byte: UInt8) -> UInt8 {
      byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
    }

    /// The index of the closing quote of the string whose text starts at `start`.
    func endOfString(from start: Int) -> Int {
      var i = start
      while true {
        let byte = json[i]
        if byte == UInt8(ascii: "\"") { return i }
        i += byte == UInt8(ascii: "\\") ? 2 : 1
      }
    }

    func isCareURL(at i: Int) -> Bool {
      let base = ElementAccounting.careBase
      guard json[i] == UInt8(ascii: "\""), json.count - i - 1 >= base.count else { return false }
      return UnsafeRawBufferPointer(rebasing: json[(i + 1)..<(i + 1 + base.count)]).elementsEqual(base)
    }

    /// Moves ``index`` past the value there.
    mutating func skipValue() {
      switch json[index] {
      case UInt8(ascii: "\""):
        index = endOfString(from: index + 1) + 1
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        repeat {
          switch json[index] {
          case UInt8(ascii: "\""): index = endOfString(from: index + 1)
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
          default: break
          }
          index += 1
        } while depth > 0
      default:
        while index < json.count {
          switch json[index] {
          case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return
          default: index += 1
          }
        }
      }
    }

    /// Moves ``index`` past the current member's value and the rest of the object.
    mutating func skipRestOfObject() {
      skipValue()
      while json[index] == UInt8(ascii: ",") {
        index = endOfString(from: index + 2) + 2
        skipValue()
      }
      index += 1
    }
  }
}
