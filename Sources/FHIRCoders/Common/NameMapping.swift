public import CareModel
import FHIRCore
public import FHIRDSTU2
public import FHIRR4

/// `HumanName` ⇄ `NameComponents`, shared by both releases through ``Parts``.
public enum NameMapping {
  /// The parts of a HumanName that are mapped.
  public struct Parts: Sendable {
    public var use: String?
    public var family: [String]
    public var given: [String]
    public var prefix: [String]
    public var suffix: [String]

    public init(use: String? = nil, family: [String] = [], given: [String] = [], prefix: [String] = [], suffix: [String] = []) {
      self.use = use
      self.family = family
      self.given = given
      self.prefix = prefix
      self.suffix = suffix
    }

    public init(_ n: FHIRR4.HumanName) {
      self.init(
        use: n.use?.string, family: n.family?.string.map { [$0] } ?? [], given: n.given.compactMap({ $0.string }),
        prefix: n.prefix.compactMap({ $0.string }), suffix: n.suffix.compactMap({ $0.string }))
    }

    public init(_ n: FHIRDSTU2.HumanName) {
      self.init(
        use: n.use?.string, family: n.family.compactMap({ $0.string }), given: n.given.compactMap({ $0.string }),
        prefix: n.prefix.compactMap({ $0.string }), suffix: n.suffix.compactMap({ $0.string }))
    }

    var r4: FHIRR4.HumanName {
      var n = FHIRR4.HumanName()
      n.use = use.map { Primitive(FHIRCode(uncheckedString: $0)) }
      n.family = family.isEmpty ? nil : Primitive(FHIRString(uncheckedString: family.joined(separator: " ")))
      n.given = given.map { Primitive(FHIRString(uncheckedString: $0)) }
      n.prefix = prefix.map { Primitive(FHIRString(uncheckedString: $0)) }
      n.suffix = suffix.map { Primitive(FHIRString(uncheckedString: $0)) }
      return n
    }

    var dstu2: FHIRDSTU2.HumanName {
      var n = FHIRDSTU2.HumanName()
      n.use = use.map { Primitive(FHIRCode(uncheckedString: $0)) }
      n.family = family.map { Primitive(FHIRString(uncheckedString: $0)) }
      n.given = given.map { Primitive(FHIRString(uncheckedString: $0)) }
      n.prefix = prefix.map { Primitive(FHIRString(uncheckedString: $0)) }
      n.suffix = suffix.map { Primitive(FHIRString(uncheckedString: $0)) }
      return n
    }
  }

  /// Reads names (see ``R4PatientCoder/getCareName``).
  public static func read(_ names: [Parts], path: String, report: inout ConversionReport) -> NameComponents {
    readNames(names, path: ReportPath(unregistered: path), report: &report)
  }

  /// ``read(_:path:report:)`` of either release's `HumanName`s (or ``Parts``), read in place:
  /// no list of parts is made first, no name is copied out of `names`, and each name's `use` is
  /// read once.
  static func readNames<N: NameReading>(_ names: [N], path: ReportPath, report: inout ConversionReport) -> NameComponents {
    names.withUnsafeBufferPointer { names in
      // The first official, usual, not-nickname and nickname names, from one pass.
      var official: Int?, usual: Int?, plain: Int?, nick: Int?
      for index in names.indices {
        switch N.use(names, at: index) {
        case "nickname"?:
          if nick == nil { nick = index }
          continue
        case "official"?: if official == nil { official = index }
        case "usual"?: if usual == nil { usual = index }
        default: break
        }
        if plain == nil { plain = index }
      }
      let main = official ?? usual ?? plain
      var parts: NameReadingParts = (nil, nil, nil, nil, nil)
      if let main {
        parts = N.parts(names, at: main)
        report.mapped(path)
      }
      let nickname = nick.flatMap { N.firstGiven(names, at: $0) ?? N.firstFamily(names, at: $0) }
      for index in names.indices where index != main && index != nick { report.dropped(path) }
      return NameComponents(
        givenName: parts.given, familyName: parts.family, middleName: parts.middle, namePrefix: parts.prefix,
        nameSuffix: parts.suffix, nickname: nickname)
    }
  }

  /// Writes names: an `official` one, and a `nickname` one.
  public static func write(_ name: NameComponents, path: String, report: inout ConversionReport) -> [Parts] {
    var result: [Parts] = []
    var main = Parts(use: "official")
    if let g = name.givenName {
      main.given = [g]
      if let m = name.middleName { main.given.append(m) }
    } else if name.middleName != nil {
      report.unrepresentable(path + ".given")
    }
    if let f = name.familyName { main.family = [f] }
    if let p = name.namePrefix { main.prefix = [p] }
    if let s = name.nameSuffix { main.suffix = [s] }
    if !(main.given.isEmpty && main.family.isEmpty && main.prefix.isEmpty && main.suffix.isEmpty) { result.append(main) }
    if let nickname = name.nickname { result.append(Parts(use: "nickname", given: [nickname])) }
    return result
  }
}

/// A name as ``NameMapping/readNames(_:path:report:)`` reads it: ``NameMapping/Parts`` or a release's
/// `HumanName` (the string elements without a value are skipped, as ``NameMapping/Parts`` skips them).
/// Each is read at its position in the list of names (through the buffer's address), so that
/// only the member read is copied, never the whole name.
protocol NameReading {
  /// `use` of the name at `index`.
  static func use(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String?
  /// The first given name of the name at `index`.
  static func firstGiven(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String?
  /// The first family name of the name at `index`.
  static func firstFamily(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String?
  /// The given, middle, family, prefix and suffix names of the name at `index`: each list
  /// space-joined (`nil` when empty), the given names after the first as the middle name.
  static func parts(_ names: UnsafeBufferPointer<Self>, at index: Int) -> NameReadingParts
}

/// What ``NameReading/parts(_:at:)`` gives.
typealias NameReadingParts = (given: String?, middle: String?, family: String?, prefix: String?, suffix: String?)

extension NameMapping.Parts: NameReading {
  static func use(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { names[index].use }
  static func firstGiven(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { names[index].given.first }
  static func firstFamily(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { names[index].family.first }
  static func parts(_ names: UnsafeBufferPointer<Self>, at index: Int) -> NameReadingParts {
    let n = names[index]
    return (
      n.given.first, n.given.count > 1 ? n.given.dropFirst().joined(separator: " ") : nil,
      n.family.isEmpty ? nil : n.family.joined(separator: " "), n.prefix.isEmpty ? nil : n.prefix.joined(separator: " "),
      n.suffix.isEmpty ? nil : n.suffix.joined(separator: " ")
    )
  }
}

extension FHIRR4.HumanName: NameReading {
  static func use(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { names[index].use?.string }
  static func firstGiven(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { NameMapping.first(names[index].given) }
  static func firstFamily(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { names[index].family?.string }
  static func parts(_ names: UnsafeBufferPointer<Self>, at index: Int) -> NameReadingParts {
    let (given, middle) = NameMapping.firstAndRest(names[index].given)
    return (
      given, middle, names[index].family?.string, NameMapping.joined(names[index].prefix),
      NameMapping.joined(names[index].suffix)
    )
  }
}

extension FHIRDSTU2.HumanName: NameReading {
  static func use(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { names[index].use?.string }
  static func firstGiven(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { NameMapping.first(names[index].given) }
  static func firstFamily(_ names: UnsafeBufferPointer<Self>, at index: Int) -> String? { NameMapping.first(names[index].family) }
  static func parts(_ names: UnsafeBufferPointer<Self>, at index: Int) -> NameReadingParts {
    let (given, middle) = NameMapping.firstAndRest(names[index].given)
    return (
      given, middle, NameMapping.joined(names[index].family),
      NameMapping.joined(names[index].prefix), NameMapping.joined(names[index].suffix)
    )
  }
}

extension NameMapping {
  /// The first string with a value.
  static func first(_ list: [Primitive<FHIRString>]) -> String? {
    for index in list.indices {
      if let s = list[index].string { return s }
    }
    return nil
  }

  /// The first string with a value, and the strings with a value after it space-joined
  /// (`nil` when there are none; one string as it is), from one read of `list` (the given name
  /// and the middle names).
  static func firstAndRest(_ list: [Primitive<FHIRString>]) -> (first: String?, rest: String?) {
    var first: String? = nil
    var rest: String? = nil
    for index in list.indices {
      guard let s = list[index].string else { continue }
      if first == nil {
        first = s
      } else if rest == nil {
        rest = s
      } else {
        rest! += " "
        rest! += s
      }
    }
    return (first, rest)
  }

  /// The strings with a value, space-joined; `nil` when there are none. One string is returned
  /// as it is.
  static func joined(_ list: [Primitive<FHIRString>]) -> String? {
    let (first, rest) = firstAndRest(list)
    guard let first, let rest else { return first }
    return first + " " + rest
  }
}
