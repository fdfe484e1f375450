import FHIRJSON

extension ReleaseConverter {
  /// DSTU2 `Medication` → R4: `product.form`, `product.ingredient` (item → itemReference,
  /// amount → strength) and the first `product.batch` move up; `isBrand` becomes an
  /// extension; `package` and further batches are dropped.
  static func medicationToR4(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    for key in ["identifier", "status", "amount"] {
      context.restore(&object, key, element: "Medication.\(key)", array: key == "identifier")
    }
    context.carry(&object, "isBrand", element: "Medication.isBrand", type: "Boolean", path: path)
    if case .object(var product)? = context.take(&object, "product") {
      let productPath = ConversionContext.join(path, "product")
      if let form = context.take(&product, "form") { object["form"] = form }
      if let ingredients = context.take(&product, "ingredient")?.arrayValue {
        object["ingredient"] = .array(ingredients)
        context.each(&object, "ingredient", path: productPath) { context, ingredient, _ in
          context.rename(&ingredient, "item", "itemReference")
          context.rename(&ingredient, "amount", "strength")
          context.restore(&ingredient, "isActive", element: "Medication.ingredient.isActive")
        }
      }
      if let batches = context.take(&product, "batch")?.arrayValue, let first = batches.first {
        object["batch"] = first
        for index in batches.indices.dropFirst() {
          context.report.record(.dropped, path: ConversionContext.join(ConversionContext.join(productPath, "batch"), index), note: "R4 has one batch")
        }
      }
      for member in product.members {
        context.report.record(.dropped, path: ConversionContext.join(productPath, member.key), note: "no home in R4")
      }
    }
    context.drop(&object, "package", path: path, note: "no home in R4")
  }

  /// R4 `Medication` → DSTU2: the reverse of ``medicationToR4(_:_:_:)``; `identifier`,
  /// `status`, `amount` and `ingredient.isActive` become extensions, a CodeableConcept
  /// ingredient item is dropped.
  static func medicationToDSTU2(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    for (key, type) in [("identifier", "Identifier"), ("status", "Code"), ("amount", "Ratio")] {
      context.carry(&object, key, element: "Medication.\(key)", type: type, path: path)
    }
    context.restore(&object, "isBrand", element: "Medication.isBrand")
    var product = JSONObject()
    if let form = context.take(&object, "form") { product["form"] = form }
    if let ingredients = context.take(&object, "ingredient")?.arrayValue {
      var kept: [JSONValue] = []
      for (index, item) in ingredients.enumerated() {
        let itemPath = ConversionContext.join(ConversionContext.join(path, "ingredient"), index)
        guard var ingredient = item.objectValue, ingredient["itemCodeableConcept"] == nil else {
          context.report.record(.dropped, path: itemPath, note: "DSTU2 ingredients are references")
          continue
        }
        context.rename(&ingredient, "itemReference", "item")
        context.rename(&ingredient, "strength", "amount")
        context.carry(&ingredient, "isActive", element: "Medication.ingredient.isActive", type: "Boolean", path: itemPath)
        kept.append(.object(ingredient))
      }
      if !kept.isEmpty { product["ingredient"] = .array(kept) }
    }
    if let batch = context.take(&object, "batch") { product["batch"] = [batch] }
    if !product.isEmpty { object["product"] = .object(product) }
  }
}
