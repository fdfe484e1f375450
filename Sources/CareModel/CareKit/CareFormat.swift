/// The JSON flavour care entities are written in.
public enum CareFormat: String, CaseIterable, Hashable, Sendable {
  /// FHIRKit's care JSON (``CareJSONWriter``): ISO 8601 dates, a `kind` member, sparse fields.
  case native
  /// CareKit's JSON (``CareKitJSONWriter``): each entity as CareKitStore's `Codable` writes it,
  /// so that an app decodes it straight into `OCKPatient`, `OCKTask`, ….
  case carekit
}
