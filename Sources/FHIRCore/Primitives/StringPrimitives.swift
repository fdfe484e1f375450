/// FHIR `string` (and `markdown`, which has the same JSON form): any non-empty text.
public struct FHIRString: StringPrimitiveValue {
  /// `"string"`, the FHIR type name (as in `valueString`).
  public static let typeName = "string"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  /// What is wrong with `string` as a FHIR `string`, or `nil`: always `nil`, as any text is a `string` (an empty one is
  /// reported by the decoder).
  public static func problem(with string: String) -> String? { nil }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
  public static func problem(utf8: UnsafeRawBufferPointer) -> String? { nil }
}

/// FHIR `markdown`.
public struct FHIRMarkdown: StringPrimitiveValue {
  /// `"markdown"`, the FHIR type name (as in `valueMarkdown`).
  public static let typeName = "markdown"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  /// What is wrong with `string` as a FHIR `markdown`, or `nil`: always `nil`, as any text is `markdown` (an empty one
  /// is reported by the decoder).
  public static func problem(with string: String) -> String? { nil }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
  public static func problem(utf8: UnsafeRawBufferPointer) -> String? { nil }
}

/// FHIR `code`: no leading or trailing whitespace, no runs of whitespace.
public struct FHIRCode: StringPrimitiveValue {
  /// `"code"`, the FHIR type name (as in `valueCode`).
  public static let typeName = "code"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  /// What is wrong with `string` as a FHIR `code`, or `nil`: leading, trailing or repeated whitespace.
  public static func problem(with string: String) -> String? {
    var text = string
    return text.withUTF8 { problem(utf8: UnsafeRawBufferPointer($0)) }
  }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
  public static func problem(utf8 bytes: UnsafeRawBufferPointer) -> String? {
    var previousWasSpace = true
    for byte in bytes {
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
      if isSpace && previousWasSpace { return "leading or repeated whitespace" }
      previousWasSpace = isSpace
    }
    return previousWasSpace && !bytes.isEmpty ? "trailing whitespace" : nil
  }
}

/// FHIR `id`: 1 to 64 of `A-Z a-z 0-9 - .`.
public struct FHIRID: StringPrimitiveValue {
  /// `"id"`, the FHIR type name (as in `valueId`).
  public static let typeName = "id"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  /// What is wrong with `string` as a FHIR `id`, or `nil`: more than 64 characters, or characters other than `A-Z a-z
  /// 0-9 - .`.
  public static func problem(with string: String) -> String? {
    var text = string
    return text.withUTF8 { problem(utf8: UnsafeRawBufferPointer($0)) }
  }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
  public static func problem(utf8 bytes: UnsafeRawBufferPointer) -> String? {
    guard bytes.count <= 64 else { return "longer than 64 characters" }
    for byte in bytes {
      // A-Z and a-z (`| 0x20` folds case and maps no other byte into a-z), 0-9, `-`, `.`.
      guard (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x2D || byte == 0x2E else {
        return "characters other than A-Z a-z 0-9 - ."
      }
    }
    return nil
  }
}

/// FHIR `uri`, `url`, `canonical`, `oid` and `uuid`: no whitespace.
public struct FHIRURI: StringPrimitiveValue {
  /// `"uri"`, the FHIR type name (as in `valueUri`).
  public static let typeName = "uri"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  /// What is wrong with `string` as a FHIR `uri`, or `nil`: whitespace or control characters.
  public static func problem(with string: String) -> String? {
    var text = string
    return text.withUTF8 { problem(utf8: UnsafeRawBufferPointer($0)) }
  }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
  public static func problem(utf8 bytes: UnsafeRawBufferPointer) -> String? {
    hasSpaceOrControl(bytes) ? "whitespace in a URI" : nil
  }

  /// Whether any byte of `bytes` is 0x20 or below, eight bytes at a time.
  static func hasSpaceOrControl(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      // Some byte is below 0x21 (exact for this yes-or-no question).
      if (word &- ones &* 0x21) & ~word & (ones &* 0x80) != 0 { return true }
      offset += 8
    }
    while offset < bytes.count {
      if base.load(fromByteOffset: offset, as: UInt8.self) <= 0x20 { return true }
      offset += 1
    }
    return false
  }
}

/// FHIR `base64Binary`: base64 characters and padding (whitespace tolerated).
public struct FHIRBase64Binary: StringPrimitiveValue {
  /// `"base64Binary"`, the FHIR type name (as in `valueBase64Binary`).
  public static let typeName = "base64Binary"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  /// What is wrong with `string` as a FHIR `base64Binary`, or `nil`: characters outside the base64 alphabet, padding
  /// and whitespace.
  public static func problem(with string: String) -> String? {
    var text = string
    return text.withUTF8 { problem(utf8: UnsafeRawBufferPointer($0)) }
  }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
  public static func problem(utf8 bytes: UnsafeRawBufferPointer) -> String? {
    for byte in bytes {
      // A-Z and a-z (`| 0x20` folds case), 0-9, `+`, `/`, `=`, space, LF, CR, tab.
      guard
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x2B || byte == 0x2F || byte == 0x3D
          || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
      else { return "characters outside base64" }
    }
    return nil
  }
}
