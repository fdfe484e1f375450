import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// One coder set both ways: the `Pipeline.Coders` a user configures are the ones the store's
/// exporter writes with, so a closure overridden for import (`getCareName`) and its counterpart
/// for export (`setFHIRName`) survive import → export → import, in both releases.
@Suite struct CoderOverrideRoundTripTests {
  /// Import marks the care family name with a leading `~` (as an app might tag names it
  /// imported); export writes it back without the mark, with `text` naming the custom coder.
  static var coders: Pipeline.Coders {
    var coders = Pipeline.Coders()
    let r4Get = coders.r4Patient.getCareName, dstu2Get = coders.dstu2Patient.getCareName
    let r4Set = coders.r4Patient.setFHIRName, dstu2Set = coders.dstu2Patient.setFHIRName
    coders.r4Patient.getCareName = { p, report in marked(r4Get(p, &report)) }
    coders.r4Patient.setFHIRName = { e, p, report in
      r4Set(e, &p, &report)
      guard !p.name.isEmpty, let family = p.name[0].family?.string else { return }
      p.name[0].family = Primitive(FHIRString(uncheckedString: unmarked(family)))
      p.name[0].text = Primitive(FHIRString(uncheckedString: "custom"))
    }
    coders.dstu2Patient.getCareName = { p, report in marked(dstu2Get(p, &report)) }
    coders.dstu2Patient.setFHIRName = { e, p, report in
      dstu2Set(e, &p, &report)
      guard !p.name.isEmpty, let family = p.name[0].family.first?.string else { return }
      p.name[0].family = [Primitive(FHIRString(uncheckedString: unmarked(family)))]
      p.name[0].text = Primitive(FHIRString(uncheckedString: "custom"))
    }
    return coders
  }

  static func marked(_ name: NameComponents) -> NameComponents {
    var name = name
    name.familyName = name.familyName.map { "~" + $0 }
    return name
  }

  static func unmarked(_ family: String) -> String { family.hasPrefix("~") ? String(family.dropFirst()) : family }

  static let patients: [(release: String, json: String)] = [
    ("r4", #"{"resourceType":"Patient","id":"n4","name":[{"family":"Doe","given":["Jane"]},{"use":"nickname","given":["JD"]}]}"#),
    ("dstu2", #"{"resourceType":"Patient","id":"n2","name":[{"family":["Roe"],"given":["Ann"]},{"use":"nickname","given":["Annie"]}]}"#),
  ]

  static func input(_ release: String, _ json: String) throws -> PipelineInput {
    var input = PipelineInput()
    let tokens = try JSONTokens(parsing: json)
    if release == "r4" {
      input.add(try #require(try FHIRR4.AnyResource.decode(from: tokens).value))
    } else {
      input.add(try #require(try FHIRDSTU2.AnyResource.decode(from: tokens).value))
    }
    return input
  }

  @Test(arguments: patients)
  func anOverrideSurvivesImportExportImport(release: String, json: String) throws {
    let pipeline = Pipeline(coders: Self.coders)
    let first = CareStore(backend: try StoreTestSupport.newStore("override-\(release)-1"))
    try first.importResult(pipeline.run(try Self.input(release, json)))
    let imported = try #require(try first.patients().first)
    #expect(imported.name.familyName?.hasPrefix("~") == true, "getCareName override on import")

    var exporter = StoreExporter(store: first)
    exporter.coders = Self.coders
    let items = try exporter.items(release == "r4" ? .r4 : .dstu2)
    let patient = try #require(items.first { $0.type == "Patient" })
    let text = String(decoding: patient.json, as: UTF8.self)
    #expect(text.contains(#""text":"custom""#) && !text.contains("~"), "setFHIRName override on export: \(text)")
    // The exporter's default coders write the care name as it is: the override is what changed it.
    let plain = try #require(try StoreExporter(store: first).items(release == "r4" ? .r4 : .dstu2).first { $0.type == "Patient" })
    #expect(String(decoding: plain.json, as: UTF8.self).contains("~"))

    let second = CareStore(backend: try StoreTestSupport.newStore("override-\(release)-2"))
    try second.importResult(pipeline.run(try Self.input(release, text)))
    let again = try #require(try second.patients().first)
    #expect(again.name == imported.name)
  }
}
