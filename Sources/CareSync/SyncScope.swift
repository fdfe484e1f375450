/// Whose entities a sync request may read and write: a device's token names its patient(s);
/// a server-side client may see every patient.
public enum SyncScope: Hashable, Sendable {
  /// Every patient's entities.
  case everything
  /// The entities of these patients (care patient ids) only.
  case patients(Set<String>)

  /// Whether an entity belonging to the patient with `id` is in scope (`nil`: it belongs to no
  /// patient the store can name, which only ``everything`` reaches).
  public func allows(patient id: String?) -> Bool {
    switch self {
    case .everything: true
    case .patients(let ids): id.map(ids.contains) ?? false
    }
  }
}
