import FHIRJSON

extension ReleaseConverter {
  /// DSTU2 `Bundle` → R4: entries convert one by one (fullUrl, link, search, request and
  /// response kept); `signature` (a different datatype in R4) is dropped.
  static func bundleToR4(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.drop(&object, "signature", path: path, note: "Signature differs between releases")
    convertEntries(&object, path, &context)
  }

  /// R4 `Bundle` → DSTU2: entries convert one by one; `signature`, `entry.response.outcome`
  /// and — since a DSTU2 Bundle is a plain Resource without `extension` — `identifier` and
  /// `timestamp` are dropped.
  static func bundleToDSTU2(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.drop(&object, "signature", path: path, note: "Signature differs between releases")
    context.drop(&object, "identifier", path: path, note: "no home in DSTU2, whose Bundle has no extensions")
    context.drop(&object, "timestamp", path: path, note: "no home in DSTU2, whose Bundle has no extensions")
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
