public import CareSync
import Crypto
import Foundation

/// The bearer tokens a server accepts and what each may do, read from a JSON file:
///
/// ```json
/// {"tokens": [
///   {"token": "a-long-random-device-token", "patients": ["1234"]},
///   {"token": "a-long-random-service-token", "admin": true}
/// ]}
/// ```
///
/// A device token names the patients (care patient ids) whose entities it may read and write;
/// an admin token reaches every patient. Tokens are kept only as SHA-256 digests, and are never
/// printed, logged or put into an error.
public struct AccessTokens: Sendable {
  /// What a token may do.
  public enum Grant: Hashable, Sendable {
    /// Read and write these patients' entities.
    case patients(Set<String>)
    /// Read and write every patient's entities.
    case admin

    /// The sync scope of the grant.
    public var scope: SyncScope {
      switch self {
      case .patients(let ids): .patients(ids)
      case .admin: .everything
      }
    }
  }

  /// Why a tokens file cannot be used; names the entry, never a token.
  public struct FileError: Error, CustomStringConvertible, Sendable {
    /// The file.
    public var path: String
    /// What is wrong.
    public var reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// The shortest token accepted (shorter ones are too easy to guess).
  public static let minimumLength = 16

  private let grants: [String: Grant]

  /// Tokens and their grants.
  /// - Throws: ``FileError`` (path `"tokens"`) for a short token, or one given twice.
  public init(_ tokens: [(token: String, grant: Grant)]) throws {
    var grants: [String: Grant] = [:]
    for (index, entry) in tokens.enumerated() {
      guard entry.token.utf8.count >= Self.minimumLength else {
        throw FileError(path: "tokens", reason: "token \(index + 1) is shorter than \(Self.minimumLength) characters")
      }
      guard grants.updateValue(entry.grant, forKey: Self.digest(entry.token)) == nil else {
        throw FileError(path: "tokens", reason: "token \(index + 1) is given twice")
      }
    }
    self.grants = grants
  }

  /// Reads a tokens file (see the type's description).
  /// - Throws: ``FileError`` naming the file and the entry.
  public init(file path: String) throws {
    struct Entry: Decodable {
      var token: String
      var patients: [String]?
      var admin: Bool?
    }
    struct File: Decodable { var tokens: [Entry] }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch let error as DecodingError {
      throw FileError(path: path, reason: "not a tokens file (\(Self.describe(error)))")
    } catch {
      throw FileError(path: path, reason: "cannot be read")
    }
    var tokens: [(String, Grant)] = []
    for (index, entry) in file.tokens.enumerated() {
      switch (entry.admin ?? false, entry.patients) {
      case (true, nil): tokens.append((entry.token, .admin))
      case (false, let patients?) where !patients.isEmpty: tokens.append((entry.token, .patients(Set(patients))))
      default:
        throw FileError(
          path: path, reason: "token \(index + 1) needs either \"patients\" (not empty) or \"admin\": true")
      }
    }
    do {
      try self.init(tokens)
    } catch let error as FileError {
      throw FileError(path: path, reason: error.reason)
    }
  }

  /// The grant of the token in an `Authorization: Bearer …` header, if it is one of these.
  public func grant(authorization header: String?) -> Grant? {
    guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
    let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
    return grants[Self.digest(token)]
  }

  private static func digest(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      "unexpected value at \(path(context.codingPath))"
    @unknown default: "unreadable"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.isEmpty ? "the top" : keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
  }
}
