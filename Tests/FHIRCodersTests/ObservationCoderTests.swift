import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// Observation ⇄ Outcome for both releases: every example converts (or fails with a located
/// error when it has no value at all), each value[x] form maps as documented, round trips are exact.
@Suite struct ObservationCoderTests {
  static let r4Examples = Fixtures.files(extensions: ["json"], under: "r4/examples/Observation")
  static let dstu2Examples = Fixtures.files(extensions: ["json"], under: "dstu2/examples/Observation")

  static func decode<T: FHIRDecodable>(_ type: T.Type, _ path: String) throws -> T {
    let bytes = Fixtures.bytes(path)
    return try #require(try T.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value)
  }

  static func sample() -> OutcomeEntity {
    let start = Date(timeIntervalSince1970: 1_704_067_200)
    var outcome = OutcomeEntity(
      id: "obs-1", taskUUID: UUID(uuidString: "11111111-2222-3333-4444-555555555511"), taskOccurrenceIndex: 3,
      values: [
        OutcomeValue(.double(120.5), units: "mm[Hg]", kind: "8480-6"),
        OutcomeValue(.integer(7), units: "steps", kind: "steps", createdDate: start),
        OutcomeValue(.boolean(true), kind: nil),
        OutcomeValue(.text("fine"), units: "mood", kind: "mood"),
        OutcomeValue(.date(start.addingTimeInterval(60)), kind: "taken"),
      ],
      endDate: start.addingTimeInterval(3600), uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555512")!,
      effectiveDate: start, timezone: TimeZone(identifier: "Asia/Tokyo")!)
    outcome.source = "watch"
    return outcome
  }

  @Test(arguments: r4Examples)
  func r4ExampleConverts(path: String) throws {
    let resource = try Self.decode(FHIRR4.Observation.self, path)
    let hasValue = resource.value != nil || resource.component.contains { $0.value != nil }
    do {
      let converted = try R4ObservationCoder().decode(resource)
      #expect(hasValue)
      #expect(converted.report.dropped.keys.allSatisfy { $0.hasPrefix("Observation.") })
      if case .quantity(let q) = resource.value, q.value != nil {
        #expect(converted.value.values.first?.units == q.unit?.string ?? q.code?.string)
        #expect(converted.value.values.first?.kind != nil)
      }
      if resource.effective != nil || resource.issued != nil { #expect(converted.report.defaulted["Observation.effective"] == nil) }
    } catch let error as CoderError {
      #expect(!hasValue)
      #expect(error.path == "Observation.value[x]" && error.resourceType == "Observation")
    }
  }

  @Test(arguments: dstu2Examples)
  func dstu2ExampleConverts(path: String) throws {
    let resource = try Self.decode(FHIRDSTU2.Observation.self, path)
    let hasValue = resource.value != nil || resource.component.contains { $0.value != nil }
    do {
      let converted = try DSTU2ObservationCoder().decode(resource)
      #expect(hasValue)
      #expect(converted.report.dropped.keys.allSatisfy { $0.hasPrefix("Observation.") })
      let components = resource.component.filter { if case .quantity = $0.value { true } else { false } }.count
      #expect(converted.report.mapped["Observation.component.valueQuantity.value", default: 0] == components)
    } catch let error as CoderError {
      #expect(!hasValue)
      #expect(error.path == "Observation.value[x]" && error.resourceID == resource.id?.string)
    }
  }

  @Test func eachValueFormMapsAsDocumented() throws {
    var report = ConversionReport()
    let utc = TimeZone(identifier: "UTC")!
    #expect(ObservedValue.range(low: (1, "mg"), high: (2, "mg")).read(kind: "k", path: "V", zone: utc, report: &report)
      == [OutcomeValue(.double(1), units: "mg", kind: "k.low"), OutcomeValue(.double(2), units: "mg", kind: "k.high")])
    #expect(ObservedValue.ratio(numerator: (1, "mg"), denominator: (4, "mL")).read(kind: "k", path: "V", zone: utc, report: &report)
      == [OutcomeValue(.double(0.25), units: "mg/mL", kind: "k")])
    #expect(ObservedValue.ratio(numerator: (1, nil), denominator: (0, nil)).read(kind: "k", path: "R", zone: utc, report: &report).isEmpty)
    #expect(report.unrepresentable["R"] == 1)
    #expect(ObservedValue.sampled(origin: 10, unit: "mV", factor: 2, data: "1 E 3").read(kind: "k", path: "S", zone: utc, report: &report)
      == [OutcomeValue(.double(12), units: "mV", kind: "k"), OutcomeValue(.double(16), units: "mV", kind: "k")])
    #expect(report.unrepresentable["S.data"] == 1)
    #expect(ObservedValue.period(start: "2024-01-01T00:00:00Z", end: "2024-01-02T00:00:00Z").read(kind: nil, path: "P", zone: utc, report: &report)
      == [OutcomeValue(.date(Date(timeIntervalSince1970: 1_704_067_200))), OutcomeValue(.date(Date(timeIntervalSince1970: 1_704_153_600)), kind: "end")])
    #expect(ObservedValue.kind(codings: [("http://snomed.info/sct", "1"), ("http://loinc.org", "8867-4")], text: "Heart rate") == "8867-4")
    #expect(ObservedValue.kind(codings: [("http://snomed.info/sct", "1")], text: "Heart rate") == "Heart rate")
  }

  @Test func r4QuantityObservationBecomesAnOutcome() throws {
    var o = FHIRR4.Observation(status: "final", code: FHIRR4.CodeableConcept(coding: [FHIRR4.Coding(system: "http://loinc.org", code: "8867-4")]))
    o.id = "hr"
    o.value = .quantity(FHIRR4.Quantity(value: FHIRDecimal("72").map { Primitive($0) }, unit: "beats/min"))
    o.effective = .dateTime("2024-01-01T00:00:00Z")
    o.interpretation = [FHIRR4.CodeableConcept(text: "normal")]
    let converted = try R4ObservationCoder().decode(o)
    #expect(converted.value.values == [OutcomeValue(.double(72), units: "beats/min", kind: "8867-4")])
    #expect(converted.value.effectiveDate == Date(timeIntervalSince1970: 1_704_067_200))
    // `final`, what export writes, is mapped; the interpretation has no place in an outcome.
    #expect(converted.report.dropped == ["Observation.interpretation.text": 1])
    #expect(converted.report.mapped["Observation.status"] == 1)
  }

  @Test func outcomeRoundTripsThroughBothReleases() throws {
    let r4 = R4ObservationCoder()
    let r4FHIR = try r4.encode(Self.sample())
    #expect(r4FHIR.report.isLossless)
    #expect(try r4.decode(r4FHIR.value).value == Self.sample())
    let dstu2 = DSTU2ObservationCoder()
    #expect(try dstu2.decode(dstu2.encode(Self.sample()).value).value == Self.sample())
  }

  /// An outcome with one value is written as FHIR readers expect it: the kind as the code (a LOINC
  /// coding when shaped like one) and the value as `value[x]`; and reads back the same.
  @Test(arguments: [
    (OutcomeValue(.double(72), units: "/min", kind: "8867-4"), true), (OutcomeValue(.text("fine"), kind: "Mood"), true),
    (OutcomeValue(.integer(7), kind: "steps"), false),
  ])
  func singleValueIsTheObservationsOwn(value: OutcomeValue, inDSTU2: Bool) throws {
    var outcome = Self.sample()
    outcome.values = [value]
    let r4 = try R4ObservationCoder().encode(outcome).value
    #expect(r4.component.isEmpty && r4.value != nil)
    let loinc = value.kind == "8867-4"
    #expect(r4.code?.coding.first?.system?.string == (loinc ? "http://loinc.org" : nil))
    #expect((loinc ? r4.code?.coding.first?.code?.string : r4.code?.text?.string) == value.kind)
    #expect(try R4ObservationCoder().decode(r4).value == outcome)
    let dstu2 = try DSTU2ObservationCoder().encode(outcome).value
    // DSTU2 has no valueInteger: an integer stays a tagged component.
    #expect(dstu2.component.isEmpty == inDSTU2)
    #expect(try DSTU2ObservationCoder().decode(dstu2).value == outcome)
    // Two values, or one without a kind, stay components of a "Care outcome".
    outcome.values = [value, value]
    #expect(try R4ObservationCoder().encode(outcome).value.code?.text?.string == "Care outcome")
    outcome.values = [OutcomeValue(.double(72), units: "/min", kind: nil)]
    #expect(try R4ObservationCoder().encode(outcome).value.component.count == 1)
  }

  /// An integer past R4's 32-bit `valueInteger` (a millisecond count, a lifetime step count) is
  /// written as a quantity of the same digits, tagged as an integer, and reads back the same in
  /// both releases; one that fits stays `valueInteger`.
  @Test(arguments: [3_000_000_000, -2_147_483_649, 1_732_000_000_123, 9_007_199_254_740_992, 2_147_483_647])
  func integerPastThirtyTwoBitsComesBack(number: Int) throws {
    var outcome = Self.sample()
    outcome.values = [OutcomeValue(.integer(number), kind: "steps")]
    let r4 = try R4ObservationCoder().encode(outcome)
    #expect(r4.report.isLossless)
    if Int32(exactly: number) != nil {
      #expect(r4.value.component.isEmpty)
      guard case .integer(let i)? = r4.value.value else { Issue.record("not valueInteger"); return }
      #expect(Int(i.value?.int ?? 0) == number)
    } else {
      let component = try #require(r4.value.component.first)
      guard case .quantity(let q)? = component.value else { Issue.record("not a quantity"); return }
      #expect(q.value?.value?.number.text == String(number))
    }
    #expect(try R4ObservationCoder().decode(r4.value).value == outcome)
    let dstu2 = try DSTU2ObservationCoder().encode(outcome).value
    guard case .quantity(let q)? = dstu2.component.first?.value else { Issue.record("not a quantity"); return }
    #expect(q.value?.value?.number.text == String(number))
    #expect(try DSTU2ObservationCoder().decode(dstu2).value == outcome)
  }

  /// A result below (or above) what can be measured — `<5 mmol/L`, `>=200 mg/dL` — is a bound,
  /// not the number: it is kept as the text `<5` with its units, reported mapped, and written back
  /// as the same Quantity (comparator, number as written, unit), in the value and in components,
  /// in both releases.
  @Test(arguments: ["<", "<=", ">=", ">"])
  func comparatorIsKeptAsABound(comparator: String) throws {
    let quantity = #"{"value":5.0,"comparator":"\#(comparator)","unit":"mmol/L","system":"http://unitsofmeasure.org","code":"mmol/L"}"#
    let json = #"{"resourceType":"Observation","id":"glu","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"2345-7"}]},"effectiveDateTime":"2024-03-10T09:00:00Z","valueQuantity":\#(quantity),"component":[{"code":{"text":"ketones"},"valueQuantity":\#(quantity)}]}"#
    for release in ["r4", "dstu2"] {
      let bytes = Array(json.utf8)
      let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
      let outcome: Converted<OutcomeEntity>
      let again: OutcomeEntity
      if release == "r4" {
        let observation = try #require(try FHIRR4.Observation.decode(from: tokens).value)
        outcome = try R4ObservationCoder().decode(observation)
        let written = try R4ObservationCoder().encode(outcome.value).value
        // Two values: each a component (one value alone would be the Observation's own).
        guard case .quantity(let q)? = written.component.first?.value else { Issue.record("not a quantity"); return }
        #expect(q.comparator?.string == comparator && q.value?.value?.text == "5.0" && q.unit?.string == "mmol/L")
        again = try R4ObservationCoder().decode(written).value
      } else {
        let observation = try #require(try FHIRDSTU2.Observation.decode(from: tokens).value)
        outcome = try DSTU2ObservationCoder().decode(observation)
        let written = try DSTU2ObservationCoder().encode(outcome.value).value
        guard case .quantity(let q)? = written.component.first?.value else { Issue.record("not a quantity"); return }
        #expect(q.comparator?.string == comparator && q.value?.value?.text == "5.0" && q.unit?.string == "mmol/L")
        again = try DSTU2ObservationCoder().decode(written).value
      }
      #expect(outcome.value.values.map(\.value) == [.text(comparator + "5.0"), .text(comparator + "5.0")])
      #expect(outcome.value.values.allSatisfy { $0.units == "mmol/L" })
      #expect(outcome.report.unrepresentable.isEmpty)
      #expect(outcome.report.mapped["Observation.valueQuantity.value"] == 1)
      #expect(outcome.report.mapped["Observation.valueQuantity.comparator"] == 1)
      #expect(again.values == outcome.value.values)
    }
    // One bound with a kind is the Observation's own value.
    var single = Self.sample()
    single.values = [OutcomeValue(.text("<5"), units: "mmol/L", kind: "2345-7")]
    let own = try R4ObservationCoder().encode(single).value
    guard case .quantity(let q)? = own.value else { Issue.record("not a quantity"); return }
    #expect(q.comparator?.string == "<" && own.component.isEmpty)
    #expect(try R4ObservationCoder().decode(own).value.values == single.values)
    // A string that looks like a bound stays a string when it has no units (it may be one).
    var plain = Self.sample()
    plain.values = [OutcomeValue(.text("<5"), kind: "note")]
    guard case .string? = try R4ObservationCoder().encode(plain).value.value else { Issue.record("not a string"); return }
  }

  /// A bound without a unit (a titre `<8`, a count `>100`) is a bound too: its units are `""`,
  /// which no string value read from FHIR has, and it comes back as the same Quantity, with no
  /// `unit` (FHIR has no empty strings), in both releases. A double whose units are `""` (from a
  /// care app) is written without a unit too.
  @Test func unitlessBoundComesBackAsAQuantity() throws {
    let json = #"{"resourceType":"Observation","id":"t","status":"final","code":{"text":"titre"},"effectiveDateTime":"2024-03-10T09:00:00Z","valueQuantity":{"value":8,"comparator":"<"}}"#
    let bytes = Array(json.utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let r4 = try R4ObservationCoder().decode(try #require(try FHIRR4.Observation.decode(from: tokens).value))
    #expect(r4.value.values.map(\.value) == [.text("<8")] && r4.value.values.first?.units == "")
    let written = try R4ObservationCoder().encode(r4.value).value
    guard case .quantity(let q)? = written.value else { Issue.record("not a quantity"); return }
    #expect(q.comparator?.string == "<" && q.value?.value?.text == "8" && q.unit == nil)
    #expect(try R4ObservationCoder().decode(written).value.values == r4.value.values)
    let dstu2 = try DSTU2ObservationCoder().decode(try #require(try FHIRDSTU2.Observation.decode(from: tokens).value))
    #expect(dstu2.value.values == r4.value.values)
    let old = try DSTU2ObservationCoder().encode(dstu2.value).value
    guard case .quantity(let p)? = old.value else { Issue.record("not a DSTU2 quantity"); return }
    #expect(p.comparator?.string == "<" && p.unit == nil)
    var double = Self.sample()
    double.values = [OutcomeValue(.double(3), units: "", kind: "x")]
    guard case .quantity(let d)? = try R4ObservationCoder().encode(double).value.value else { Issue.record("not a quantity"); return }
    #expect(d.unit == nil)
  }

  @Test func overridingAClosureChangesOnlyItsField() throws {
    let fhir = try DSTU2ObservationCoder().encode(Self.sample()).value
    var coder = DSTU2ObservationCoder()
    coder.getCareTask = { _, _ in (nil, 0) }
    var expected = Self.sample()
    expected.taskUUID = nil
    expected.taskOccurrenceIndex = 0
    #expect(try coder.decode(fhir).value == expected)
  }

  /// Decode turns the value and components it reads for its check into the values itself only
  /// while `getCareValues` is the default: a replaced closure is called (with the timezone the
  /// version fields set), and an observation without any value still fails before it.
  @Test func aReplacedValuesClosureIsUsed() throws {
    let marker = [OutcomeValue(.text("replaced"), kind: "marker")]
    var r4 = R4ObservationCoder()
    r4.getCareValues = { _, zone, _ in zone.identifier == "Asia/Tokyo" ? marker : [] }
    var dstu2 = DSTU2ObservationCoder()
    dstu2.getCareValues = { _, zone, _ in zone.identifier == "Asia/Tokyo" ? marker : [] }
    #expect(try r4.decode(R4ObservationCoder().encode(Self.sample()).value).value.values == marker)
    #expect(try dstu2.decode(DSTU2ObservationCoder().encode(Self.sample()).value).value.values == marker)
    #expect(try R4ObservationCoder().decode(R4ObservationCoder().encode(Self.sample()).value).value == Self.sample())

    var empty = FHIRR4.Observation()
    empty.status = "final"
    empty.component = [FHIRR4.Observation.Component(code: CodeableConcept(text: "no value"))]
    #expect(throws: CoderError.self) { try r4.decode(empty) }
    #expect(throws: CoderError.self) { try R4ObservationCoder().decode(empty) }
  }
}
