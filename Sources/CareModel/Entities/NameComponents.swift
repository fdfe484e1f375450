/// A person's name in parts, with the member names of Foundation's `PersonNameComponents`
/// (which CareKitStore uses for `OCKPatient.name`).
public struct NameComponents: Codable, Hashable, Sendable {
  /// Given name(s), space separated (`"John Jacob"`).
  public var givenName: String?
  /// Family name.
  public var familyName: String?
  /// Middle name(s).
  public var middleName: String?
  /// Prefix (`"Dr."`).
  public var namePrefix: String?
  /// Suffix (`"Jr."`).
  public var nameSuffix: String?
  /// Nickname.
  public var nickname: String?

  /// Creates a name from its parts; parts not given are absent.
  /// - Parameters:
  ///   - givenName: Given (first) name.
  ///   - familyName: Family name.
  ///   - middleName: Middle names, space-separated.
  ///   - namePrefix: Prefix (`"Dr."`).
  ///   - nameSuffix: Suffix (`"Jr."`).
  ///   - nickname: Nickname.
  public init(
    givenName: String? = nil, familyName: String? = nil, middleName: String? = nil,
    namePrefix: String? = nil, nameSuffix: String? = nil, nickname: String? = nil
  ) {
    self.givenName = givenName
    self.familyName = familyName
    self.middleName = middleName
    self.namePrefix = namePrefix
    self.nameSuffix = nameSuffix
    self.nickname = nickname
  }

  /// Whether no part is given.
  public var isEmpty: Bool {
    givenName == nil && familyName == nil && middleName == nil && namePrefix == nil && nameSuffix == nil
      && nickname == nil
  }
}
