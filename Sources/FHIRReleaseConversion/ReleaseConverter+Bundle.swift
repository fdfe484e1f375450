import FHIRJSON

extension ReleaseConverter {
  /// DSTU2 `Bundle` → R4: entries convert one by one (fullUrl, link, search, request and
  /// response kept); `signature` (a different datatype in R4) is dropped.
  static func bundleToR4(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.drop(&object, "signature", path: path, note: "Signature differs between releases")
    context.restore(&object, "identifier", element: "Bundle.identifier")
    context.restore(&object, "timestamp", element: "Bundle.timestamp")
    convertEntries(&object, path, &context)
  }

  /// R4 `Bundle` → DSTU2: entries convert one by one; `identifier` and `timestamp` become
  /// extensions; `signature` and `entry.response.outcome` are dropped.
  static func bundleToDSTU2(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.drop(&object, "signature", path: path, note: "Signature differs between releases")
    context.carry(&object, "identifier", element: "Bundle.identifier", type: "Identifier", path: path)
    context.carry(&object, "timestamp", element: "Bundle.timestamp", type: "Instant", path: path)
    context.each(&object, "entry", path: path) { context, entry, entryPath in
      context.each(&entry, "response", path: entryPath) { context, response, responsePath in
        context.drop(&response, "outcome", path: responsePath, note: "no home in DSTU2")
      }
    }
    convertEntries(&object, path, &context)
  }

  static func convertEntries(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.each(&object, "entry", path: path) { context, entry, entryPath in
      context.each(&entry, "resource", path: entryPath) { context, resource, resourcePath in
        convertResource(&resource, path: resourcePath, &context)
      }
    }
  }
}
