public import FHIRCore

/// A member of a Bundle's own (not of its entries) that converting the Bundle to the other
/// release leaves out, and why. The release converter drops these from a Bundle converted whole;
/// a writer that puts converted entries back into the input's Bundle leaves them out the same
/// way (`fhirkit convert --format json`), with the same reasons.
public struct BundleMemberDropped: Hashable, Sendable {
  /// The member's key (`signature`).
  public var member: String
  /// Why the target release cannot hold it.
  public var reason: String

  /// `signature`: a `Signature` in both releases, but a different datatype in each.
  public static let signature = BundleMemberDropped(member: "signature", reason: "Signature differs between releases")
  /// R4's `identifier`: a DSTU2 Bundle is a plain Resource, with no extensions to carry it in.
  public static let identifier = BundleMemberDropped(
    member: "identifier", reason: "no home in DSTU2, whose Bundle has no extensions")
  /// R4's `timestamp`, for the same reason as ``identifier``.
  public static let timestamp = BundleMemberDropped(
    member: "timestamp", reason: "no home in DSTU2, whose Bundle has no extensions")

  /// The members dropped converting a Bundle to `target`, in the order they are reported.
  public static func converting(to target: FHIRRelease) -> [BundleMemberDropped] {
    switch target {
    case .r4: [signature]
    case .dstu2: [signature, identifier, timestamp]
    }
  }
}
