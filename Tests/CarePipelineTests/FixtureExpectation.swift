import Foundation

/// Entity counts the merge rules give for a Bundle, computed from its raw JSON (with
/// `JSONSerialization`, independently of the FHIRKit models and coders).
struct FixtureExpectation: Equatable, CustomStringConvertible {
  var patients = 0
  var carePlans = 0
  var tasks = 0
  var outcomes = 0

  var description: String { "patients \(patients), plans \(carePlans), tasks \(tasks), outcomes \(outcomes)" }

  init(bundle data: Data) throws {
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let entries = (json["entry"] as? [[String: Any]] ?? []).compactMap { entry -> (String?, [String: Any])? in
      guard let resource = entry["resource"] as? [String: Any] else { return nil }
      return (entry["fullUrl"] as? String, resource)
    }
    var keyOfURL: [String: String] = [:]
    var byKey: [String: [String: Any]] = [:]
    for (url, resource) in entries {
      // Without id or fullUrl a resource is known by its content.
      let content = String(decoding: try JSONSerialization.data(withJSONObject: resource, options: .sortedKeys), as: UTF8.self)
      let key = "\(resource["resourceType"] as? String ?? "?")/\(resource["id"] as? String ?? url ?? content)"
      if let url { keyOfURL[url] = key }
      byKey[key] = resource
    }
    func target(_ reference: Any?) -> String? {
      guard let text = (reference as? [String: Any])?["reference"] as? String else { return nil }
      return keyOfURL[text] ?? (byKey[text] != nil ? text : nil)
    }
    func hasValue(_ object: [String: Any]) -> Bool {
      object.keys.contains { $0.hasPrefix("value") && $0 != "valueAttachment" }
    }
    let patientKeys = Set(byKey.filter { $0.value["resourceType"] as? String == "Patient" }.keys)
    var claimedOrders = Set<String>()
    var tiedObservations = Set<String>()
    var activities = 0
    var plans = 0
    for resource in byKey.values where resource["resourceType"] as? String == "CarePlan" {
      plans += 1
      for activity in resource["activity"] as? [[String: Any]] ?? [] {
        activities += 1
        if let order = target(activity["reference"]), order.hasPrefix("Medication") { claimedOrders.insert(order) }
        for ref in (activity["outcomeReference"] as? [Any] ?? []) + (activity["actionResulting"] as? [Any] ?? []) {
          if let observation = target(ref) { tiedObservations.insert(observation) }
        }
      }
    }
    let orders = byKey.filter { ["MedicationRequest", "MedicationOrder"].contains($0.value["resourceType"] as? String) }
    var logGroups = Set<String>()
    var logPatients = Set<String>()
    // Observations of one log task on one day (UTC) make one outcome; tied ones count one each.
    var logDays = Set<String>()
    var outcomes = 0
    for (key, resource) in byKey where resource["resourceType"] as? String == "Observation" {
      let components = resource["component"] as? [[String: Any]] ?? []
      guard hasValue(resource) || components.contains(where: hasValue) else { continue }
      let basedOnOrder = (resource["basedOn"] as? [Any] ?? []).contains { target($0).map { orders[$0] != nil } ?? false }
      if tiedObservations.contains(key) || basedOnOrder {
        outcomes += 1
        continue
      }
      let code = resource["code"] as? [String: Any] ?? [:]
      let codings = code["coding"] as? [[String: Any]] ?? []
      let kind = codings.first { $0["system"] as? String == "http://loinc.org" && $0["code"] != nil }?["code"] as? String
        ?? code["text"] as? String ?? codings.lazy.compactMap { $0["code"] as? String }.first ?? "unknown"
      let patient = target(resource["subject"]).flatMap { patientKeys.contains($0) ? $0 : nil }
      logGroups.insert((patient ?? "") + "|" + kind)
      logDays.insert((patient ?? "") + "|" + kind + "|" + Self.utcDay(of: resource))
      if let patient { logPatients.insert(patient) }
    }
    outcomes += logDays.count
    // One medication plan per patient with an order no CarePlan claims (nor is `basedOn`).
    var medicationPatients = Set<String>()
    for (key, order) in orders where !claimedOrders.contains(key) {
      let basedOnPlan = (order["basedOn"] as? [Any] ?? []).contains { target($0)?.hasPrefix("CarePlan/") ?? false }
      if !basedOnPlan, let patient = target(order["subject"] ?? order["patient"]), patientKeys.contains(patient) {
        medicationPatients.insert(patient)
      }
    }
    patients = patientKeys.count
    carePlans = plans + logPatients.count + medicationPatients.count
    tasks = activities + orders.keys.filter { !claimedOrders.contains($0) }.count + logGroups.count
    self.outcomes = outcomes
  }

  /// The day (UTC, `yyyy-MM-dd`) an Observation takes effect: `effectiveDateTime`,
  /// `effectiveInstant` or `effectivePeriod.start`, else `issued`, else 1970-01-01.
  static func utcDay(of resource: [String: Any]) -> String {
    let period = resource["effectivePeriod"] as? [String: Any]
    let text = [resource["effectiveDateTime"], resource["effectiveInstant"], period?["start"], resource["issued"]]
      .lazy.compactMap { $0 as? String }.first { !$0.isEmpty } ?? "1970-01-01"
    guard text.count > 10 else {
      // A date, year-month or year: its first day.
      return text + String("0000-01-01".dropFirst(text.count))
    }
    let withFraction = ISO8601DateFormatter()
    withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = ISO8601DateFormatter().date(from: text) ?? withFraction.date(from: text) else { return text }
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.timeZone = TimeZone(secondsFromGMT: 0)
    day.dateFormat = "yyyy-MM-dd"
    return day.string(from: date)
  }

  init(patients: Int, carePlans: Int, tasks: Int, outcomes: Int) {
    (self.patients, self.carePlans, self.tasks, self.outcomes) = (patients, carePlans, tasks, outcomes)
  }
}
