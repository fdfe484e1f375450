import FHIRCore

/// The elements both releases' Patient models have alike, by the same names (the name type
/// differs; both are read by ``NameMapping``).
protocol PatientModel: ResourceModel {
  associatedtype Name: NameReading
  init()
  var name: [Name] { get set }
  var gender: Primitive<FHIRCode>? { get set }
  var birthDate: Primitive<FHIRDate>? { get set }
}
