public import FHIRCore
public import FHIRJSON

extension Timing {
  /// `Timing.repeat`: a repeating pattern (`frequency` times per `period` `periodUnits`).
  public struct Repeat: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Length or range of lengths, or start and/or end limits of the schedule (`Timing.repeat.bounds`).
    public var bounds: Bounds?
    /// Number of times to repeat (`Timing.repeat.count`).
    public var count: Primitive<FHIRInteger>?
    /// How long each event lasts (`Timing.repeat.duration`).
    public var duration: Primitive<FHIRDecimal>?
    /// How long each event lasts, at most (`Timing.repeat.durationMax`).
    public var durationMax: Primitive<FHIRDecimal>?
    /// `s | min | h | d | wk | mo | a`.
    public var durationUnits: Primitive<FHIRCode>?
    /// Event occurs `frequency` times per period (`Timing.repeat.frequency`).
    public var frequency: Primitive<FHIRInteger>?
    /// Event occurs up to `frequencyMax` times per period (`Timing.repeat.frequencyMax`).
    public var frequencyMax: Primitive<FHIRInteger>?
    /// Event occurs `frequency` times per `period` (`Timing.repeat.period`).
    public var period: Primitive<FHIRDecimal>?
    /// Upper limit of the period, as in "every 3–4 hours" (`Timing.repeat.periodMax`).
    public var periodMax: Primitive<FHIRDecimal>?
    /// `s | min | h | d | wk | mo | a`.
    public var periodUnits: Primitive<FHIRCode>?
    /// An event in daily life (`HS | WAKE | C | CM | CD | CV | AC | … | PCV`).
    public var when: Primitive<FHIRCode>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let unitsOfTime: Set<String> = ["s", "min", "h", "d", "wk", "mo", "a"]
    static let eventTimings: Set<String> = [
      "HS", "WAKE", "C", "CM", "CD", "CV", "AC", "ACM", "ACD", "ACV", "PC", "PCM", "PCD", "PCV",
    ]

    /// An empty `Repeat`: every member absent, every list empty.
    public init() {}

    /// `Timing.repeat.bounds[x]`: `Duration | Range | Period`. A Duration is written
    /// `boundsQuantity` in DSTU2 JSON, as profiled Quantities take their base type's name.
    public enum Bounds: ChoiceType {
      /// `boundsQuantity`: the `Timing.repeat.bounds[x]` choice as a `Quantity`.
      case duration(Duration)
      /// `boundsRange`: the `Timing.repeat.bounds[x]` choice as a `Range`.
      case range(Range)
      /// `boundsPeriod`: the `Timing.repeat.bounds[x]` choice as a `Period`.
      case period(Period)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Bounds>([
        ChoiceTable.complex("Quantity", Bounds.duration),
        ChoiceTable.complex("Range", Bounds.range),
        ChoiceTable.complex("Period", Bounds.period),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .duration: "Quantity"
        case .range: "Range"
        case .period: "Period"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .duration(let value): writer.member(name + typeSuffix, value)
        case .range(let value): writer.member(name + typeSuffix, value)
        case .period(let value): writer.member(name + typeSuffix, value)
        }
      }
    }

    /// Decodes a `Repeat` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
    public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
      var decoded = Self(decodingInto: ())
      guard try decoded.decodeMembers(from: &decoder, at: index) else { return nil }
      self = consume decoded
    }

    /// An empty value for ``init(from:at:)`` to decode into.
    private init(decodingInto: Void) {}

    /// Decodes the members of the object at `index` into this value: a local of
    /// ``init(from:at:)``, which then moves into place whole instead of being copied.
    @inline(__always)
    private mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        let key = decoder.key(member)
        switch key {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "count": try decoder.primitive(&count, at: value)
        case "_count": try decoder.primitiveElement(&count, member, keeping: &unknown)
        case "duration": try decoder.primitive(&duration, at: value)
        case "_duration": try decoder.primitiveElement(&duration, member, keeping: &unknown)
        case "durationMax": try decoder.primitive(&durationMax, at: value)
        case "_durationMax": try decoder.primitiveElement(&durationMax, member, keeping: &unknown)
        case "durationUnits": try decoder.code(&durationUnits, at: value, in: Self.unitsOfTime)
        case "_durationUnits": try decoder.primitiveElement(&durationUnits, member, keeping: &unknown)
        case "frequency": try decoder.primitive(&frequency, at: value)
        case "_frequency": try decoder.primitiveElement(&frequency, member, keeping: &unknown)
        case "frequencyMax": try decoder.primitive(&frequencyMax, at: value)
        case "_frequencyMax": try decoder.primitiveElement(&frequencyMax, member, keeping: &unknown)
        case "period": try decoder.primitive(&period, at: value)
        case "_period": try decoder.primitiveElement(&period, member, keeping: &unknown)
        case "periodMax": try decoder.primitive(&periodMax, at: value)
        case "_periodMax": try decoder.primitiveElement(&periodMax, member, keeping: &unknown)
        case "periodUnits": try decoder.code(&periodUnits, at: value, in: Self.unitsOfTime)
        case "_periodUnits": try decoder.primitiveElement(&periodUnits, member, keeping: &unknown)
        case "when": try decoder.code(&when, at: value, in: Self.eventTimings)
        case "_when": try decoder.primitiveElement(&when, member, keeping: &unknown)
        default:
          if try decoder.choice(&bounds, name: "bounds", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Repeat` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      bounds?.encode(name: "bounds", to: &writer)
      writer.member("count", count)
      writer.member("duration", duration)
      writer.member("durationMax", durationMax)
      writer.member("durationUnits", durationUnits)
      writer.member("frequency", frequency)
      writer.member("frequencyMax", frequencyMax)
      writer.member("period", period)
      writer.member("periodMax", periodMax)
      writer.member("periodUnits", periodUnits)
      writer.member("when", when)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
