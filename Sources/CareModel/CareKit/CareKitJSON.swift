public import Foundation

/// CareKit's JSON: care entities as CareKitStore's `Codable` conformances write them with a
/// default `JSONEncoder` (dates as seconds since 2001-01-01, `TimeZone` as `{"identifier": …}`,
/// `DateComponents` and `PersonNameComponents` as keyed fields), so that an app decodes each
/// object straight into `OCKPatient`, `OCKCarePlan`, `OCKContact`, `OCKTask` or `OCKOutcome`.
///
/// The mapping follows CareKitStore 3 (`uuid`, `previousVersionUUIDs`, `nextVersionUUIDs`);
/// `docs/care-model.md` lists it field by field, with what each side has that the other has not.
public enum CareKitJSON {
  /// The `schemaVersion` written on every entity: the CareKitStore data model the mapping
  /// follows (`CareKitStore3.0`).
  public static let schemaVersion = CareKitSemanticVersion(majorVersion: 3, minorVersion: 0, patchNumber: 0)

  /// Keys of `userInfo` that carry what CareKit has no field for (and CareKit fields we have no
  /// property for), so that a round trip through CareKit's JSON keeps them.
  public enum UserInfoKey {
    /// An outcome's `endDate` (ISO 8601, UTC, fractional seconds).
    public static let outcomeEndDate = "fhirkit.endDate"
    /// An outcome's `id` when it is not CareKit's `<taskUUID>_<taskOccurrenceIndex>`.
    public static let outcomeID = "fhirkit.id"
    /// A patient's birthday precision when the date has no day (`year` or `month`).
    public static let birthdayPrecision = "fhirkit.birthdayPrecision"
    /// A contact's category when it is none of CareKit's `careTeam`, `friend`, `family`.
    public static let contactCategory = "fhirkit.category"
    /// CareKit's `asset`, which our entities have no property for.
    public static let asset = "fhirkit.asset"
  }

  /// An encoder writing CareKit's JSON: Foundation's defaults (which CareKit relies on), keys
  /// sorted for stable output, and non-finite doubles as the strings `"Infinity"`, `"-Infinity"`
  /// and `"NaN"` where Foundation's default would fail (the coders never make one).
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return encoder
  }

  /// A decoder reading CareKit's JSON (Foundation's defaults, and the strings
  /// ``makeEncoder()`` writes for non-finite doubles).
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return decoder
  }

  /// The Gregorian calendar in `timezone`, which CareKit 3 keeps (as `calendar`) in each
  /// schedule element and our model implies (``ScheduleElement/date(ofOccurrence:calendar:)``).
  static func calendar(in timezone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timezone
    return calendar
  }

  /// A date as the native care JSON writes it, for the `userInfo` values above.
  static func format(_ date: Date) -> String { CareJSON.format(date) }

  /// Parses a date written by ``format(_:)``.
  static func parse(_ text: String) -> Date? { CareJSON.parse(text) }
}
