import Foundation

/// How staging writes references and identifiers as lines of text: fields separated by tabs,
/// with `%`, tab and line break escaped inside them, so any text survives a line.
enum StagedText {
  /// The text a site is staged as: a literal reference as written (empty when it is `#id`,
  /// which is followed inside the resource, or when it holds a tab or line break, which no
  /// followed form does); a logical one as a tab, its allowed types separated by commas, a tab,
  /// the system and a tab and the value.
  static func site(_ site: ResourceFacts.Site) -> String {
    if site.reference.isEmpty, let identifier = site.identifier {
      return "\t" + site.targets.sorted().joined(separator: ",") + "\t" + identifierFields(identifier)
    }
    let reference = site.reference
    let breaksALine = reference.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }
    return reference.hasPrefix("#") || breaksALine ? "" : reference
  }

  /// `system` and `value`, escaped, separated by a tab.
  static func identifierFields(_ identifier: LogicalIdentifier) -> String {
    escape(identifier.system) + "\t" + escape(identifier.value)
  }

  /// The identifier and allowed types of a staged logical reference, or `nil` for a literal one.
  static func logical(_ text: String) -> (identifier: LogicalIdentifier, targets: Set<String>)? {
    guard text.hasPrefix("\t") else { return nil }
    let fields = text.dropFirst().split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 3 else { return nil }
    let targets = Set(fields[0].split(separator: ",").map(String.init))
    return (LogicalIdentifier(system: unescape(fields[1]), value: unescape(fields[2])), targets)
  }

  /// An identifier from its staged `system` and `value` fields.
  static func identifier(_ text: some StringProtocol) -> LogicalIdentifier? {
    let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 2 else { return nil }
    return LogicalIdentifier(system: unescape(fields[0]), value: unescape(fields[1]))
  }

  static func escape(_ text: String) -> String {
    // By bytes: a "\r\n" pair is one Character, equal to neither "\r" nor "\n".
    let needsEscaping = text.utf8.contains {
      $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
    }
    guard needsEscaping else { return text }
    return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09")
      .replacingOccurrences(of: "\n", with: "%0A").replacingOccurrences(of: "\r", with: "%0D")
  }

  static func unescape(_ text: some StringProtocol) -> String {
    let text = String(text)
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    return text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
      .replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
  }
}
