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
    readNames(names, path: ReportPath(path), report: &report)
  }

  /// ``read(_:path:report:)`` of either release's `HumanName`s (or ``Parts``), read where they
  /// are: no list of parts is made first, and each name's `use` is read once.
  static func readNames<N: NameReading>(_ names: [N], path: ReportPath, report: inout ConversionReport) -> NameComponents {
    // The first official, usual, not-nickname and nickname names, from one pass.
    var official: Int?, usual: Int?, plain: Int?, nick: Int?
    for index in names.indices {
      switch names[index].nameUse {
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
      parts = names[main].nameParts
      // The parts a care name has, each: the name's `text`, `period`, `id`, extensions and
      // members the release lacks have no place there, and are counted dropped.
      if names[main].nameUse != nil { report.mapped(path.appending(".use")) }
      let present = [(".family", parts.family), (".given", parts.given), (".prefix", parts.prefix), (".suffix", parts.suffix)]
      for (part, value) in present where value != nil { report.mapped(path.appending(part)) }
    }
    let nickname = nick.flatMap { names[$0].firstGivenName ?? names[$0].firstFamilyName }
    for index in names.indices where index != main && index != nick { report.dropped(path) }
    return NameComponents(
      givenName: parts.given, familyName: parts.family, middleName: parts.middle, namePrefix: parts.prefix,
      nameSuffix: parts.suffix, nickname: nickname)
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
protocol NameReading {
  /// The name's `use`.
  var nameUse: String? { get }
  /// The first given name.
  var firstGivenName: String? { get }
  /// The first family name.
  var firstFamilyName: String? { get }
  /// The given, middle, family, prefix and suffix names: each list space-joined (`nil` when
  /// empty), the given names after the first as the middle name.
  var nameParts: NameReadingParts { get }
}

/// What ``NameReading/nameParts`` gives.
typealias NameReadingParts = (given: String?, middle: String?, family: String?, prefix: String?, suffix: String?)

extension NameMapping.Parts: NameReading {
  var nameUse: String? { use }
  var firstGivenName: String? { given.first }
  var firstFamilyName: String? { family.first }
  var nameParts: NameReadingParts {
    (
      given.first, given.count > 1 ? given.dropFirst().joined(separator: " ") : nil,
      family.isEmpty ? nil : family.joined(separator: " "), prefix.isEmpty ? nil : prefix.joined(separator: " "),
      suffix.isEmpty ? nil : suffix.joined(separator: " ")
    )
  }
}

extension FHIRR4.HumanName: NameReading {
  var nameUse: String? { use?.string }
  var firstGivenName: String? { NameMapping.first(given) }
  var firstFamilyName: String? { family?.string }
  var nameParts: NameReadingParts {
    let (first, middle) = NameMapping.firstAndRest(given)
    return (first, middle, family?.string, NameMapping.joined(prefix), NameMapping.joined(suffix))
  }
}

extension FHIRDSTU2.HumanName: NameReading {
  var nameUse: String? { use?.string }
  var firstGivenName: String? { NameMapping.first(given) }
  var firstFamilyName: String? { NameMapping.first(family) }
  var nameParts: NameReadingParts {
    let (first, middle) = NameMapping.firstAndRest(given)
    return (first, middle, NameMapping.joined(family), NameMapping.joined(prefix), NameMapping.joined(suffix))
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
