import Foundation
public import HummingbirdTLS

/// The certificate and private key `fhirkit serve` answers HTTPS with (`--tls-cert`,
/// `--tls-key`): PEM files, the certificate file holding the server's certificate first, then
/// any intermediates.
public struct ServerTLS: Sendable {
  /// Why the files cannot be used. Names the file and what is wrong, never their content.
  public struct FileError: Error, CustomStringConvertible, Sendable {
    /// The file concerned.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\(path): \(reason)" }
  }

  /// The server's TLS configuration (TLS 1.2 or later).
  public let configuration: TLSConfiguration

  /// Reads the certificate chain and private key.
  /// - Throws: ``FileError`` when a file is missing, unreadable, or holds no PEM certificate or key.
  public init(certificateFile: String, keyFile: String) throws {
    for path in [certificateFile, keyFile] where !FileManager.default.isReadableFile(atPath: path) {
      throw FileError(path: path, reason: "cannot be read")
    }
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
    } catch {
      throw FileError(path: certificateFile, reason: "holds no PEM certificate")
    }
    guard !chain.isEmpty else { throw FileError(path: certificateFile, reason: "holds no PEM certificate") }
    let key: NIOSSLPrivateKey
    do {
      key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
    } catch {
      throw FileError(path: keyFile, reason: "holds no PEM private key (or one protected by a passphrase)")
    }
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    configuration.minimumTLSVersion = .tlsv12
    self.configuration = configuration
  }
}
