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
    var result = NameComponents()
    let main = names.firstIndex { $0.use == "official" } ?? names.firstIndex { $0.use == "usual" }
      ?? names.firstIndex { $0.use != "nickname" }
    if let main {
      let n = names[main]
      result.givenName = n.given.first
      result.middleName = n.given.count > 1 ? n.given.dropFirst().joined(separator: " ") : nil
      result.familyName = n.family.isEmpty ? nil : n.family.joined(separator: " ")
      result.namePrefix = n.prefix.isEmpty ? nil : n.prefix.joined(separator: " ")
      result.nameSuffix = n.suffix.isEmpty ? nil : n.suffix.joined(separator: " ")
      report.mapped(path)
    }
    let nick = names.firstIndex { $0.use == "nickname" }
    if let nick {
      result.nickname = names[nick].given.first ?? names[nick].family.first
    }
    for index in names.indices where index != main && index != nick { report.dropped(path) }
    return result
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
