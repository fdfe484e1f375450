import FHIRCore

extension ModelConversion {
  /// Maps a code through `map` (source code → target code; `reverse` is the reverse
  /// conversion's map).
  ///
  /// - A value whose image does not map back to it, or that has no image, keeps its
  ///   original in a cross-version extension `extension-<element>` appended to
  ///   `extensions`, so that the reverse conversion gives it back.
  /// - A value with no image is removed, or set to `fallback` (reported as defaulted at
  ///   `path`) when the target requires the element.
  /// - A value equal to `implied` is left out (the reverse conversion sets it back).
  /// - An original carried by the reverse conversion (found and removed from
  ///   `extensions`) is put back when it maps to the value found, or had no image.
  ///
  /// The code's own `id` and extensions stay on the result.
  mutating func mapCode(
    _ code: Primitive<FHIRCode>?, element: String, map: [String: String], reverse: [String: String], path: String,
    extensions: inout [Extension], implied: String? = nil, fallback: String? = nil
  ) -> Primitive<FHIRCode>? {
    let carried = restore(&extensions, element: element)
    let value = code?.value?.string
    if case .code(let original)? = carried.first, let originalCode = original.value?.string,
      reverse[originalCode] == nil || reverse[originalCode] == value
    {
      return Self.replacing(code, with: originalCode)
    }
    guard let value else { return code }
    if value == implied {
      self.implied(path)
      return code?.hasExtras == true ? Self.replacing(code, with: nil) : nil
    }
    let mapped = map[value]
    if mapped.flatMap({ reverse[$0] }) != value {
      carry(.code(Primitive(FHIRCode(uncheckedString: value))), element: element, path: path, into: &extensions)
    }
    if let mapped { return Self.replacing(code, with: mapped) }
    if let fallback {
      defaulted(path, "required in the target, no equivalent code; default \(fallback)")
      return Self.replacing(code, with: fallback)
    }
    return code?.hasExtras == true ? Self.replacing(code, with: nil) : nil
  }

  /// `code` (its `id` and extensions kept) with the value `value`.
  static func replacing(_ code: Primitive<FHIRCode>?, with value: String?) -> Primitive<FHIRCode> {
    var result = code ?? Primitive()
    result.value = value.map { FHIRCode(uncheckedString: $0) }
    return result
  }
}

extension Primitive {
  /// Whether the primitive has an `id`, extensions or unknown members besides its value.
  var hasExtras: Bool { id != nil || !self.extension.isEmpty || !unknown.isEmpty }
}
