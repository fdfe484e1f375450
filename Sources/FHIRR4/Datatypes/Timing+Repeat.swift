public import FHIRCore
public import FHIRJSON

extension Timing {
  /// `Timing.repeat`: a repeating pattern of events.
  public struct Repeat: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// `bounds[x]`: the length or range of time the pattern applies to.
    public var bounds: Bounds?
    /// How many times to repeat, in all.
    public var count: Primitive<FHIRPositiveInt>?
    /// Maximum number of times to repeat (`Timing.repeat.countMax`).
    public var countMax: Primitive<FHIRPositiveInt>?
    /// How long each event lasts.
    public var duration: Primitive<FHIRDecimal>?
    /// How long each event lasts, at most (`Timing.repeat.durationMax`).
    public var durationMax: Primitive<FHIRDecimal>?
    /// `s | min | h | d | wk | mo | a`.
    public var durationUnit: Primitive<FHIRCode>?
    /// How many events per period.
    public var frequency: Primitive<FHIRPositiveInt>?
    /// Event occurs up to `frequencyMax` times per period (`Timing.repeat.frequencyMax`).
    public var frequencyMax: Primitive<FHIRPositiveInt>?
    /// The period the frequency applies to.
    public var period: Primitive<FHIRDecimal>?
    /// Upper limit of the period, as in "every 3–4 hours" (`Timing.repeat.periodMax`).
    public var periodMax: Primitive<FHIRDecimal>?
    /// `s | min | h | d | wk | mo | a`.
    public var periodUnit: Primitive<FHIRCode>?
    /// `mon | tue | wed | thu | fri | sat | sun`.
    public var dayOfWeek: [Primitive<FHIRCode>] = []
    /// Times of day for the action to occur (`Timing.repeat.timeOfDay`, 0..*).
    public var timeOfDay: [Primitive<FHIRTime>] = []
    /// Event timing codes (`MORN`, `AC`, `HS`, …).
    public var when: [Primitive<FHIRCode>] = []
    /// Minutes from the `when` event.
    public var offset: Primitive<FHIRUnsignedInt>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let units: Set<String> = ["s", "min", "h", "d", "wk", "mo", "a"]
    static let days: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let eventTimings: Set<String> = [
      "MORN", "MORN.early", "MORN.late", "NOON", "AFT", "AFT.early", "AFT.late", "EVE", "EVE.early", "EVE.late",
      "NIGHT", "PHS", "HS", "WAKE", "C", "CM", "CD", "CV", "AC", "ACM", "ACD", "ACV", "PC", "PCM", "PCD", "PCV",
    ]

    /// An empty `Repeat`: every member absent, every list empty.
    public init() {}

    /// `Timing.repeat.bounds[x]`.
    public enum Bounds: ChoiceType {
      /// `boundsDuration`: the `Timing.repeat.bounds[x]` choice as a `Duration`.
      case duration(Duration)
      /// `boundsRange`: the `Timing.repeat.bounds[x]` choice as a `Range`.
      case range(Range)
      /// `boundsPeriod`: the `Timing.repeat.bounds[x]` choice as a `Period`.
      case period(Period)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Bounds>([
        ChoiceTable.complex("Duration", Bounds.duration),
        ChoiceTable.complex("Range", Bounds.range),
        ChoiceTable.complex("Period", Bounds.period),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .duration: "Duration"
        case .range: "Range"
        case .period: "Period"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .duration(let q): writer.member(name + typeSuffix, q)
        case .range(let r): writer.member(name + typeSuffix, r)
        case .period(let p): writer.member(name + typeSuffix, p)
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
        case "countMax": try decoder.primitive(&countMax, at: value)
        case "_countMax": try decoder.primitiveElement(&countMax, member, keeping: &unknown)
        case "duration": try decoder.primitive(&duration, at: value)
        case "_duration": try decoder.primitiveElement(&duration, member, keeping: &unknown)
        case "durationMax": try decoder.primitive(&durationMax, at: value)
        case "_durationMax": try decoder.primitiveElement(&durationMax, member, keeping: &unknown)
        case "durationUnit": try decoder.code(&durationUnit, at: value, in: Self.units)
        case "_durationUnit": try decoder.primitiveElement(&durationUnit, member, keeping: &unknown)
        case "frequency": try decoder.primitive(&frequency, at: value)
        case "_frequency": try decoder.primitiveElement(&frequency, member, keeping: &unknown)
        case "frequencyMax": try decoder.primitive(&frequencyMax, at: value)
        case "_frequencyMax": try decoder.primitiveElement(&frequencyMax, member, keeping: &unknown)
        case "period": try decoder.primitive(&period, at: value)
        case "_period": try decoder.primitiveElement(&period, member, keeping: &unknown)
        case "periodMax": try decoder.primitive(&periodMax, at: value)
        case "_periodMax": try decoder.primitiveElement(&periodMax, member, keeping: &unknown)
        case "periodUnit": try decoder.code(&periodUnit, at: value, in: Self.units)
        case "_periodUnit": try decoder.primitiveElement(&periodUnit, member, keeping: &unknown)
        case "dayOfWeek": try decoder.codes(&dayOfWeek, at: value, in: Self.days)
        case "_dayOfWeek": try decoder.primitiveElements(&dayOfWeek, member, keeping: &unknown)
        case "timeOfDay": try decoder.primitives(&timeOfDay, member, keeping: &unknown)
        case "_timeOfDay": try decoder.primitiveElements(&timeOfDay, member, keeping: &unknown)
        case "when": try decoder.codes(&when, at: value, in: Self.eventTimings)
        case "_when": try decoder.primitiveElements(&when, member, keeping: &unknown)
        case "offset": try decoder.primitive(&offset, at: value)
        case "_offset": try decoder.primitiveElement(&offset, member, keeping: &unknown)
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
      writer.member("countMax", countMax)
      writer.member("duration", duration)
      writer.member("durationMax", durationMax)
      writer.member("durationUnit", durationUnit)
      writer.member("frequency", frequency)
      writer.member("frequencyMax", frequencyMax)
      writer.member("period", period)
      writer.member("periodMax", periodMax)
      writer.member("periodUnit", periodUnit)
      writer.member("dayOfWeek", dayOfWeek)
      writer.member("timeOfDay", timeOfDay)
      writer.member("when", when)
      writer.member("offset", offset)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
