import Foundation

/// A libpq password file (`~/.pgpass`): lines `host:port:database:user:password`, `*` matching
/// anything, `\:` and `\\` escaping, `#` starting a comment; the first matching line wins. As
/// libpq does, the file is ignored unless only its owner can read it, and `localhost` matches
/// a unix socket connection.
struct PGPassFile {
  var path: String

  /// The password of the first line that matches, or `nil` (also when the file is missing,
  /// unreadable or readable by others).
  func password(host: String, port: Int, database: String, user: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let mode = attributes[.posixPermissions] as? Int, mode & 0o077 == 0,
      let text = try? String(contentsOfFile: path, encoding: .utf8)
    else { return nil }
    let hostName = host.hasPrefix("/") ? "localhost" : host
    let wanted = [hostName, String(port), database, user]
    for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
      let fields = Self.fields(line)
      guard fields.count == 5 else { continue }
      if zip(fields, wanted).allSatisfy({ field, value in field == "*" || field == value }) { return fields[4] }
    }
    return nil
  }

  /// The `:`-separated fields of `line`, with `\:` and `\\` unescaped.
  static func fields(_ line: Substring) -> [String] {
    var fields: [String] = []
    var current = ""
    var escaped = false
    for character in line {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == ":" {
        fields.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }
}
