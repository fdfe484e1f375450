import FHIRCore
import FHIRDSTU2
import FHIRR4

/// `Medication`, DSTU2 → R4: `product.form`, `product.ingredient` (item → itemReference,
/// amount → strength) and the first `product.batch` move up; `isBrand` becomes an
/// extension; `package` and further batches are dropped. `identifier`, `status`, `amount`
/// and `ingredient.isActive` carried by the R4 → DSTU2 conversion come back.
extension DSTU2ToR4 {
  /// Converts a DSTU2 `Medication` at `path`.
  mutating func medication(_ source: FHIRDSTU2.Medication, _ path: String) -> FHIRR4.Medication {
    var target = FHIRR4.Medication()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = restore(&extensions, "Medication.identifier", as: FHIRR4.Identifier.self)
    target.status = restore(&extensions, "Medication.status", Self.code).first
    target.amount = restore(&extensions, "Medication.amount", as: FHIRR4.Ratio.self).first
    if let isBrand = primitive(source.isBrand, path, "isBrand") {
      conversion.carry(.boolean(isBrand), element: "Medication.isBrand", path: Self.at(path, "isBrand"), into: &extensions)
    }
    target.code = codeableConcept(source.code, path, "code")
    target.manufacturer = reference(source.manufacturer, path, "manufacturer")
    if let product = source.product {
      let productPath = Self.at(path, "product")
      target.form = codeableConcept(product.form, productPath, "form")
      target.ingredient = each(product.ingredient, productPath, "ingredient") { $0.ingredient($1, $2) }
      target.batch = one(product.batch.first, productPath, "batch[0]") { $0.batch($1, $2) }
      for index in product.batch.indices.dropFirst() {
        conversion.dropped(Self.at(productPath, "batch", index), "R4 has one batch")
      }
      let members = Self.backboneMembers(product.id, product.extension, product.modifierExtension, product.unknown)
      for member in members {
        conversion.dropped(Self.at(productPath, member), "no home in R4")
      }
    }
    conversion.drop(source.package, Self.at(path, "package"), "no home in R4")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Medication.product.ingredient` → `Medication.ingredient`.
  mutating func ingredient(_ source: FHIRDSTU2.Medication.Product.Ingredient, _ path: String) -> FHIRR4.Medication.Ingredient {
    var target = FHIRR4.Medication.Ingredient()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    if let item = source.item { target.item = .reference(reference(item, Self.at(path, "item"))) }
    target.isActive = restore(&extensions, "Medication.ingredient.isActive", Self.boolean).first
    target.strength = one(source.amount, path, "amount") { $0.ratio($1, $2) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Medication.product.batch` → `Medication.batch`.
  mutating func batch(_ source: FHIRDSTU2.Medication.Product.Batch, _ path: String) -> FHIRR4.Medication.Batch {
    var target = FHIRR4.Medication.Batch()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.lotNumber = primitive(source.lotNumber, path, "lotNumber")
    target.expirationDate = primitive(source.expirationDate, path, "expirationDate")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
