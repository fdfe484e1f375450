import FHIRJSON

/// The state of one conversion: its direction and the report being built. The helpers
/// work on one JSON object of the source (`object`) at `path`, turning it into the
/// target's shape in place.
struct ConversionContext {
  let direction: ConversionDirection
  var report = ConversionReport()

  init(_ direction: ConversionDirection) {
    self.direction = direction
  }

  static func join(_ path: String, _ key: String) -> String { ConversionReport.join(path, key) }
  static func join(_ path: String, _ index: Int) -> String { ConversionReport.join(path, "[\(index)]") }

  // MARK: Moving elements

  /// Renames `from` (and its `_from` twin) to `to`.
  func rename(_ object: inout JSONObject, _ from: String, _ to: String) {
    for index in object.members.indices {
      if object.members[index].key == from {
        object.members[index].key = to
      } else if object.members[index].key == "_" + from {
        object.members[index].key = "_" + to
      }
    }
  }

  /// Removes `key` and its `_key` twin; returns the value (`nil` if there was none).
  func take(_ object: inout JSONObject, _ key: String) -> JSONValue? {
    let value = object[key]
    object[key] = nil
    object["_" + key] = nil
    return value
  }

  /// Drops `key` (and `_key`), reporting it if it was there.
  mutating func drop(_ object: inout JSONObject, _ key: String, path: String, note: String) {
    guard object[key] != nil || object["_" + key] != nil else { return }
    object[key] = nil
    object["_" + key] = nil
    report.record(.dropped, path: Self.join(path, key), note: note)
  }

  /// Calls `convert` on the object value of `key`, or on each object in its array.
  mutating func each(
    _ object: inout JSONObject, _ key: String, path: String,
    _ convert: (inout ConversionContext, inout JSONObject, String) -> Void
  ) {
    switch object[key] {
    case .object(var child)?:
      convert(&self, &child, Self.join(path, key))
      object[key] = .object(child)
    case .array(var items)?:
      for index in items.indices {
        guard case .object(var child) = items[index] else { continue }
        convert(&self, &child, Self.join(Self.join(path, key), index))
        items[index] = .object(child)
      }
      object[key] = .array(items)
    default:
      break
    }
  }

  // MARK: Cross-version extensions

  /// Moves `key` (one value or an array) into cross-version extensions for `element`
  /// (`MedicationOrder.dateEnded`), typed `type` (`DateTime`). A `_key` twin's data is dropped.
  mutating func carry(_ object: inout JSONObject, _ key: String, element: String, type: String, path: String) {
    let twin = object["_" + key]
    guard let value = take(&object, key) else {
      if twin != nil { report.record(.dropped, path: Self.join(path, "_" + key), note: "primitive extensions of an element without a home") }
      return
    }
    if twin != nil { report.record(.dropped, path: Self.join(path, "_" + key), note: "primitive extensions of an element without a home") }
    let values = value.arrayValue ?? [value]
    for item in values {
      appendExtension(&object, url: direction.carryPrefix + element, value: ("value" + type, item))
    }
    report.record(.carriedAsExtension, path: Self.join(path, key), note: "no home in the target; extension-\(element)")
  }

  /// Moves the choice `name[x]` into a cross-version extension when its type is not in `allowed`.
  mutating func carryChoice(
    _ object: inout JSONObject, _ name: String, element: String, allowedTypes: Set<String>?, path: String
  ) {
    guard let (key, type) = choiceKey(object, name) else { return }
    if let allowedTypes, allowedTypes.contains(type) { return }
    carry(&object, key, element: element, type: type, path: path)
  }

  /// The key and type suffix of the choice `name[x]` in `object`.
  func choiceKey(_ object: JSONObject, _ name: String) -> (String, String)? {
    for member in object.members where member.key.hasPrefix(name) && member.key.count > name.count {
      let suffix = member.key.dropFirst(name.count)
      if let first = suffix.first, first.isUppercase { return (member.key, String(suffix)) }
    }
    return nil
  }

  /// Appends an extension with `url` and one `value[x]` member (or nested extensions).
  func appendExtension(_ object: inout JSONObject, url: String, value: (String, JSONValue)? = nil, nested: [JSONValue] = []) {
    var ext: JSONObject = ["url": .string(url)]
    if !nested.isEmpty { ext["extension"] = .array(nested) }
    if let value { ext[value.0] = value.1 }
    var list = object["extension"]?.arrayValue ?? []
    list.append(.object(ext))
    object["extension"] = .array(list)
  }

  /// Removes and returns the extensions of `object` whose url is `url`.
  func takeExtensions(_ object: inout JSONObject, url: String) -> [JSONObject] {
    guard let list = object["extension"]?.arrayValue else { return [] }
    var taken: [JSONObject] = []
    var kept: [JSONValue] = []
    for item in list {
      if let ext = item.objectValue, ext["url"]?.stringValue == url { taken.append(ext) } else { kept.append(item) }
    }
    if taken.isEmpty { return [] }
    object["extension"] = kept.isEmpty ? nil : .array(kept)
    return taken
  }

  /// The `value[x]` of an extension: its type suffix and value.
  func extensionValue(_ ext: JSONObject) -> (String, JSONValue)? {
    for member in ext.members where member.key.hasPrefix("value") && member.key.count > 5 {
      return (String(member.key.dropFirst(5)), member.value)
    }
    return nil
  }

  /// Puts back an element of the target release carried by the reverse conversion as
  /// extensions (`extension-<element>`), as `key` (an array if `array`).
  /// - Returns: whether anything was restored.
  @discardableResult
  mutating func restore(_ object: inout JSONObject, _ key: String, element: String, array: Bool = false) -> Bool {
    let values = takeExtensions(&object, url: direction.restorePrefix + element).compactMap { extensionValue($0)?.1 }
    guard !values.isEmpty else { return false }
    if array {
      object[key] = .array((object[key]?.arrayValue ?? []) + values)
    } else {
      object[key] = values[0]
    }
    return true
  }

  /// Puts back a choice element `name[x]` carried as an extension.
  @discardableResult
  mutating func restoreChoice(_ object: inout JSONObject, _ name: String, element: String) -> Bool {
    let taken = takeExtensions(&object, url: direction.restorePrefix + element)
    guard let first = taken.first, let (type, value) = extensionValue(first) else { return false }
    object[name + type] = value
    return true
  }

  /// Moves backbone elements into complex cross-version extensions (one per element, a
  /// nested extension per child, `children` giving each child's type). Backbone `id`,
  /// `extension` and `modifierExtension` are dropped and reported.
  mutating func carryBackbone(
    _ object: inout JSONObject, items: [(Int?, JSONObject)], url: String, children: [(String, String)], path: String,
    key: String, reportAs element: String
  ) {
    for (index, item) in items {
      var nested: [JSONValue] = []
      for (child, type) in children {
        guard let value = item[child] else { continue }
        for single in value.arrayValue ?? [value] {
          nested.append(.object(["url": .string(child), "value" + type: single]))
        }
      }
      let itemPath = index.map { Self.join(Self.join(path, key), $0) } ?? Self.join(path, key)
      for member in item.members where !children.contains(where: { $0.0 == member.key }) {
        report.record(.dropped, path: Self.join(itemPath, member.key), note: "no home in the target extension")
      }
      appendExtension(&object, url: url, nested: nested)
      report.record(.carriedAsExtension, path: itemPath, note: "no home in the target; \(element)")
    }
  }

  /// Takes complex extensions written by ``carryBackbone`` back into backbone objects.
  func restoreBackbone(_ object: inout JSONObject, url: String) -> [JSONObject] {
    takeExtensions(&object, url: url).map { ext in
      var item = JSONObject()
      for nested in ext["extension"]?.arrayValue ?? [] {
        guard let nested = nested.objectValue, let child = nested["url"]?.stringValue,
          let (_, value) = extensionValue(nested)
        else { continue }
        if let existing = item[child] {
          item[child] = .array((existing.arrayValue ?? [existing]) + [value])
        } else {
          item[child] = value
        }
      }
      return item
    }
  }

  // MARK: Codes

  /// Maps the code `key` through `map`. A value that changes or has no image keeps its
  /// original in a cross-version extension `extension-<element>` (so the reverse
  /// conversion gives it back); a value with no image is removed, or set to `fallback`
  /// (reported as defaulted) when the target requires the element. An original carried by
  /// the reverse conversion is put back when it maps to the value found, or had no image
  /// (the value found, if any, is then that conversion's fallback).
  mutating func mapCode(
    _ object: inout JSONObject, _ key: String, element: String, map: [String: String], reverse: [String: String],
    path: String, implied: String? = nil, fallback: String? = nil
  ) {
    let carried = takeExtensions(&object, url: direction.restorePrefix + element).compactMap { extensionValue($0)?.1 }
    if let original = carried.first?.stringValue {
      let value = object[key]?.stringValue
      if reverse[original] == nil || reverse[original] == value {
        object[key] = .string(original)
        return
      }
    }
    guard let value = object[key]?.stringValue else { return }
    if value == implied {
      object[key] = nil
      report.record(.implied, path: Self.join(path, key), note: "the default the reverse conversion sets")
      return
    }
    let mapped = map[value]
    if mapped.flatMap({ reverse[$0] }) != value {
      appendExtension(&object, url: direction.carryPrefix + element, value: ("valueCode", .string(value)))
      report.record(.carriedAsExtension, path: Self.join(path, key), note: "value differs in the target; extension-\(element)")
    }
    if let mapped {
      object[key] = .string(mapped)
    } else if let fallback {
      object[key] = .string(fallback)
      report.record(.defaulted, path: Self.join(path, key), note: "required in the target, no equivalent code; default \(fallback)")
    } else {
      object[key] = nil
    }
  }
}
