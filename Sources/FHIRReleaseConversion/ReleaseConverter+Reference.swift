import FHIRJSON

extension ReleaseConverter {
  /// The members an R4 `Reference` may have; `identifier` and `type` are new in R4.
  static let referenceKeys: Set<String> = [
    "id", "extension", "reference", "_reference", "type", "_type", "identifier", "display", "_display",
  ]

  /// Whether `object` is an R4 `Reference` using `identifier` or `type`: no `resourceType`,
  /// only Reference members, `identifier` an object or `type` a string. (No other datatype
  /// of the modelled resources has that shape.)
  static func isR4OnlyReference(_ object: JSONObject) -> Bool {
    guard object["resourceType"] == nil, object.keys.allSatisfy(referenceKeys.contains) else { return false }
    return object["identifier"]?.objectValue != nil || object["type"]?.stringValue != nil
  }

  /// Converts the references of one resource: into DSTU2, `Reference.identifier` and
  /// `Reference.type` (no DSTU2 home) become cross-version extensions on the reference;
  /// into R4 they are put back. Nested resources are left to their own conversion.
  static func convertReferences(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    for index in object.members.indices {
      let key = object.members[index].key
      convertReferences(&object.members[index].value, ConversionContext.join(path, key), &context)
    }
  }

  static func convertReferences(_ value: inout JSONValue, _ path: String, _ context: inout ConversionContext) {
    switch value {
    case .object(var object):
      guard object["resourceType"] == nil else { return }
      value = .null  // drop the reference so the object is mutated in place
      convertReferences(&object, path, &context)
      switch context.direction {
      case .toDSTU2 where isR4OnlyReference(object):
        context.carry(&object, "identifier", element: "Reference.identifier", type: "Identifier", path: path)
        context.carry(&object, "type", element: "Reference.type", type: "Uri", path: path)
      case .toR4 where object["extension"] != nil:
        context.restore(&object, "identifier", element: "Reference.identifier")
        context.restore(&object, "type", element: "Reference.type")
      default:
        break
      }
      value = .object(object)
    case .array(var items):
      value = .null
      for index in items.indices { convertReferences(&items[index], ConversionContext.join(path, index), &context) }
      value = .array(items)
    default:
      break
    }
  }
}
