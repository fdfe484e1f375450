import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `Medication` → DSTU2: `form`, `ingredient` (itemReference → item, strength →
/// amount) and `batch` move under `product`; `identifier`, `status`, `amount` and
/// `ingredient.isActive` become extensions; a CodeableConcept ingredient is dropped;
/// `isBrand`, carried by the reverse conversion, is put back.
extension R4ToDSTU2 {
  mutating func medication(_ source: FHIRR4.Medication, _ path: String) -> FHIRDSTU2.Medication {
    var target = FHIRDSTU2.Medication()
    var extensions = domainResource(source, path, into: &target)
    carry(
      source.identifier, type: "Identifier", element: "Medication.identifier", path: path, key: "identifier",
      into: &extensions)
    carry(
      source.status, Extension.Value.code, element: "Medication.status", path: path, key: "status", into: &extensions)
    carry(source.amount, type: "Ratio", element: "Medication.amount", path: path, key: "amount", into: &extensions)
    if case .boolean(let isBrand)? = conversion.restore(&extensions, element: "Medication.isBrand").first {
      target.isBrand = isBrand
    }
    target.code = codeableConcept(source.code, path, "code")
    target.manufacturer = reference(source.manufacturer, path, "manufacturer")
    var product = FHIRDSTU2.Medication.Product()
    product.form = codeableConcept(source.form, path, "form")
    product.ingredient = source.ingredient.enumerated().compactMap { ingredient($1, Self.join(path, "ingredient", $0)) }
    product.batch = source.batch.map { [batch($0, Self.join(path, "batch"))] } ?? []
    if product.form != nil || !product.ingredient.isEmpty || !product.batch.isEmpty { target.product = product }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// An ingredient, or `nil` (reported dropped) when its item is a CodeableConcept,
  /// which DSTU2 cannot hold.
  mutating func ingredient(_ source: FHIRR4.Medication.Ingredient, _ path: String) -> FHIRDSTU2.Medication.Product
    .Ingredient?
  {
    var target = FHIRDSTU2.Medication.Product.Ingredient()
    switch source.item {
    case .codeableConcept?:
      conversion.dropped(path, "DSTU2 ingredients are references")
      return nil
    case .reference(let item)?: target.item = reference(item, Self.join(path, "itemReference"))
    case nil: break
    }
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.amount = source.strength.map { ratio($0, Self.join(path, "strength")) }
    carry(
      source.isActive, Extension.Value.boolean, element: "Medication.ingredient.isActive", path: path, key: "isActive",
      into: &extensions)
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func batch(_ source: FHIRR4.Medication.Batch, _ path: String) -> FHIRDSTU2.Medication.Product.Batch {
    var target = FHIRDSTU2.Medication.Product.Batch()
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.lotNumber = keep(source.lotNumber, path, "lotNumber")
    target.expirationDate = keep(source.expirationDate, path, "expirationDate")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
