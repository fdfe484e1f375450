import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

extension PipelineResource {
  /// The resource's complete `identifier`s (system and value given), which logical references
  /// match. Types the models do not know are read from their JSON (`identifier` as an array, or
  /// as one object where a type has a single one).
  var identifiers: [LogicalIdentifier] {
    var found: [LogicalIdentifier] = []
    func add(_ system: String?, _ value: String?) {
      let identifier = LogicalIdentifier(system: system ?? "", value: value ?? "")
      if identifier.isComplete && !found.contains(identifier) { found.append(identifier) }
    }
    func addR4(_ list: [FHIRR4.Identifier]) { for i in list { add(i.system?.string, i.value?.string) } }
    func addDSTU2(_ list: [FHIRDSTU2.Identifier]) { for i in list { add(i.system?.string, i.value?.string) } }
    func addJSON(_ json: JSONValue) {
      guard let value = json["identifier"] else { return }
      for item in value.arrayValue ?? [value] {
        add(item["system"]?.stringValue, item["value"]?.stringValue)
      }
    }
    switch self {
    case .r4(let r):
      switch r {
      case .patient(let x): addR4(x.identifier)
      case .carePlan(let x): addR4(x.identifier)
      case .medication(let x): addR4(x.identifier)
      case .medicationRequest(let x): addR4(x.identifier)
      case .observation(let x): addR4(x.identifier)
      case .other(let json): addJSON(json)
      case .bundle: break
      }
    case .dstu2(let r):
      switch r {
      case .patient(let x): addDSTU2(x.identifier)
      case .carePlan(let x): addDSTU2(x.identifier)
      case .medicationOrder(let x): addDSTU2(x.identifier)
      case .observation(let x): addDSTU2(x.identifier)
      case .other(let json): addJSON(json)
      case .medication, .bundle: break
      }
    }
    return found
  }
}
