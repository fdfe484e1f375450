import FHIRCore
import FHIRJSON

/// The state of one model-to-model conversion: its direction and the report being built.
///
/// Converters take it `inout`, together with the JSON path of the source element they
/// convert (`dosageInstruction[0].timing`), and record in it what did not map one to one.
/// Paths name the source element, except for ``ReleaseConversionReport/Action/defaulted``
/// entries, which name the element set in the target.
struct ModelConversion {
  let direction: ConversionDirection
  var report = ReleaseConversionReport()

  init(_ direction: ConversionDirection) {
    self.direction = direction
  }

  // MARK: Paths

  // Paths are built for every element converted and most are never reported: each is
  // built in one allocation.

  /// `path.key` (`key` alone at the root; `path[0]` when `key` is an `[index]` step).
  static func join(_ path: String, _ key: String) -> String {
    guard !path.isEmpty, path != "$" else { return key }
    let step = key.utf8.first != UInt8(ascii: "[")
    var result = ""
    result.reserveCapacity(path.utf8.count + key.utf8.count + 1)
    result += path
    if step { result += "." }
    result += key
    return result
  }

  /// `path[index]`.
  static func join(_ path: String, _ index: Int) -> String {
    var result = ""
    result.reserveCapacity(path.utf8.count + 12)
    result += path == "$" ? "" : path
    result += "["
    result += String(index)
    result += "]"
    return result
  }

  /// `path.key[index]`.
  static func join(_ path: String, _ key: String, _ index: Int) -> String {
    var result = ""
    result.reserveCapacity(path.utf8.count + key.utf8.count + 12)
    if !path.isEmpty, path != "$" {
      result += path
      result += "."
    }
    result += key
    result += "["
    result += String(index)
    result += "]"
    return result
  }

  // MARK: Recording

  /// Records that the element at `path` is lost.
  mutating func dropped(_ path: String, _ note: String) {
    report.record(.dropped, path: path, note: note)
  }

  /// Records that the target element at `path` got a default.
  mutating func defaulted(_ path: String, _ note: String) {
    report.record(.defaulted, path: path, note: note)
  }

  /// Records that the element at `path` equals the default the reverse conversion sets.
  mutating func implied(_ path: String) {
    report.record(.implied, path: path, note: "the default the reverse conversion sets")
  }

  /// Records that the items at `path` come back in another order.
  mutating func reordered(_ path: String, _ note: String) {
    report.record(.reordered, path: path, note: note)
  }

  /// Drops `value` at `path` if it is there.
  mutating func drop<T>(_ value: T?, _ path: String, _ note: String) {
    if value != nil { dropped(path, note) }
  }

  /// Drops every item of `values`, reporting each by index under `path`.
  mutating func drop<T>(_ values: [T], _ path: String, _ note: String) {
    for index in values.indices { dropped(Self.join(path, index), note) }
  }

  // MARK: Elements the source model does not know

  /// The source element's `unknown` members, carried along as they are (code systems in
  /// them rewritten), each reported as ``ReleaseConversionReport/Action/unknown`` — except
  /// DSTU2's `fhir_comments`: going to R4 they are left out and reported as dropped
  /// (R4 JSON has no comments), going to DSTU2 they travel along without a report.
  mutating func unknown(_ bag: JSONObject, _ path: String) -> JSONObject {
    guard !bag.isEmpty else { return bag }
    var carried = bag
    if direction == .toR4 && carried.members.contains(where: { $0.key == "fhir_comments" }) {
      carried.members.removeAll { $0.key == "fhir_comments" }
      droppedComments(Self.join(path, "fhir_comments"))
    }
    for index in carried.members.indices where carried.members[index].key != "fhir_comments" {
      let memberPath = Self.join(path, carried.members[index].key)
      report.record(.unknown, path: memberPath, note: "not in the source model; carried along as is")
      CodeSystemMap.rewrite(&carried.members[index].value, direction)
      dropComments(&carried.members[index].value, memberPath)
    }
    return carried
  }

  // MARK: DSTU2 comments

  /// Records that the DSTU2 `fhir_comments` at `path` were left out of the R4 output.
  mutating func droppedComments(_ path: String) {
    report.record(.dropped, path: path, note: "DSTU2 comments; R4 JSON has no comments")
  }

  /// Removes DSTU2 `fhir_comments` from JSON carried into R4 (unknown members, complex
  /// extension values, passed-through resources), at any depth, each reported as dropped at
  /// its path: R4 JSON has no such property. Going to DSTU2 the JSON is left as it is.
  mutating func dropComments(_ value: inout JSONValue, _ path: String) {
    guard direction == .toR4, Self.containsComments(value) else { return }
    switch value {
    case .object(var object):
      value = .null  // drop the reference so the object is changed in place
      if object.members.contains(where: { $0.key == "fhir_comments" }) {
        object.members.removeAll { $0.key == "fhir_comments" }
        droppedComments(Self.join(path, "fhir_comments"))
      }
      for index in object.members.indices {
        dropComments(&object.members[index].value, Self.join(path, object.members[index].key))
      }
      value = .object(object)
    case .array(var items):
      value = .null
      for index in items.indices { dropComments(&items[index], Self.join(path, index)) }
      value = .array(items)
    default:
      break
    }
  }

  /// Whether `value` holds a `fhir_comments` member at any depth.
  static func containsComments(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let object):
      object.members.contains { $0.key == "fhir_comments" || containsComments($0.value) }
    case .array(let items):
      items.contains(where: containsComments)
    default:
      false
    }
  }

  // MARK: Code systems

  /// A `Coding.system` (or `Quantity.system`) in the target release's spelling.
  func system(_ uri: Primitive<FHIRURI>?) -> Primitive<FHIRURI>? {
    guard var uri, let text = uri.value?.string else { return uri }
    let mapped = direction == .toR4 ? CodeSystemMap.toR4(text) : CodeSystemMap.toDSTU2(text)
    if let mapped { uri.value = FHIRURI(uncheckedString: mapped) }
    return uri
  }

  /// JSON (a complex extension value, a passed-through element) with the code systems of
  /// its Coding-like objects in the target release's spelling.
  func json(_ value: JSONValue) -> JSONValue {
    var value = value
    CodeSystemMap.rewrite(&value, direction)
    return value
  }

  // MARK: Extensions

  /// An extension list in the target: extensions are the same model in both releases;
  /// complex values (typed by JSON) get their code systems rewritten, nested ones too.
  func extensions(_ list: [Extension]) -> [Extension] {
    guard !list.isEmpty else { return list }
    return list.map(self.extension)
  }

  /// One extension in the target (see ``extensions(_:)``).
  func `extension`(_ source: Extension) -> Extension {
    var converted = source
    converted.extension = extensions(source.extension)
    if case .complex(let type, let value)? = source.value {
      converted.value = .complex(type: type, json(value))
    }
    return converted
  }

  /// A complex value (a model of the source or target release) as an extension value of
  /// type `type` (`Quantity`, `CodeableConcept`, …). Its code systems are taken as they are.
  func complex(_ value: some FHIREncodable, type: String) -> Extension.Value {
    .complex(type: type, Self.jsonValue(of: value))
  }

  /// A model as JSON.
  static func jsonValue(of value: some FHIREncodable) -> JSONValue {
    let bytes = value.jsonBytes()
    guard let json = try? bytes.withUnsafeBytes({ try JSONValue(parsing: $0) }) else {
      preconditionFailure("the JSON writer writes valid JSON")
    }
    return json
  }

  /// A model of type `T` decoded from JSON (a complex extension value carried by the
  /// reverse conversion), or `nil` if it is not an object of that shape.
  static func model<T: FHIRDecodable>(_ type: T.Type, from value: JSONValue) -> T? {
    var writer = JSONWriter()
    writer.value(value)
    guard let tokens = try? writer.output.withUnsafeBytes({ try JSONTokens(parsing: $0) }) else { return nil }
    return (try? T.decode(from: tokens))?.value
  }

  /// The model of a complex extension value, or `nil` if `value` is not complex.
  static func model<T: FHIRDecodable>(_ type: T.Type, from value: Extension.Value) -> T? {
    guard case .complex(_, let json) = value else { return nil }
    return model(type, from: json)
  }

  // MARK: Cross-version extensions

  /// The URL of the cross-version extension this direction writes for `element`
  /// (`MedicationOrder.dateEnded`).
  func carryURL(_ element: String) -> String { direction.carryPrefix + element }

  /// The URL of the cross-version extension this direction reads back for `element`.
  func restoreURL(_ element: String) -> String { direction.restorePrefix + element }

  /// Appends `values` to `list` as cross-version extensions for `element`, and reports the
  /// source element at `path` as carried. Nothing happens for no values.
  mutating func carry(_ values: [Extension.Value], element: String, path: String, into list: inout [Extension]) {
    guard !values.isEmpty else { return }
    for value in values {
      list.append(Extension(url: FHIRURI(uncheckedString: carryURL(element)), value: value))
    }
    report.record(.carriedAsExtension, path: path, note: "no home in the target; extension-\(element)")
  }

  /// Carries one optional value (see ``carry(_:element:path:into:)``).
  mutating func carry(_ value: Extension.Value?, element: String, path: String, into list: inout [Extension]) {
    carry(value.map { [$0] } ?? [], element: element, path: path, into: &list)
  }

  /// Removes from `list` the cross-version extensions the reverse conversion wrote for
  /// `element`, and returns their values in order.
  func restore(_ list: inout [Extension], element: String) -> [Extension.Value] {
    take(&list, url: restoreURL(element)).compactMap(\.value)
  }

  /// Removes and returns the extensions of `list` whose url is `url`.
  func take(_ list: inout [Extension], url: String) -> [Extension] {
    guard list.contains(where: { $0.url?.string == url }) else { return [] }
    var taken: [Extension] = []
    list.removeAll { ext in
      guard ext.url?.string == url else { return false }
      taken.append(ext)
      return true
    }
    return taken
  }

  // MARK: Backbone elements

  /// Carries a backbone element as one complex extension at `url`, a nested extension
  /// (`url` = child name) per child value, and reports it at `path` as carried. The
  /// backbone's own members without a home (`id`, `extension`, `modifierExtension`, its
  /// unknown members) are given in `dropping` as member names and reported as dropped.
  mutating func carryBackbone(
    _ children: [(String, Extension.Value)], dropping: [String], url: String, reportAs element: String, path: String,
    into list: inout [Extension]
  ) {
    let nested = children.map { Extension(url: FHIRURI(uncheckedString: $0.0), value: $0.1) }
    for member in dropping {
      report.record(.dropped, path: Self.join(path, member), note: "no home in the target extension")
    }
    list.append(Extension(url: FHIRURI(uncheckedString: url), extension: nested))
    report.record(.carriedAsExtension, path: path, note: "no home in the target; \(element)")
  }

  /// Removes the complex extensions at `url` from `list` and returns each one's children
  /// as (child name, value) pairs, in order.
  func restoreBackbones(_ list: inout [Extension], url: String) -> [[(String, Extension.Value)]] {
    take(&list, url: url).map { ext in
      ext.extension.compactMap { nested in
        guard let name = nested.url?.string, let value = nested.value else { return nil }
        return (name, value)
      }
    }
  }
}
