import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

extension StagedMerge {
  /// The members an unmodelled resource's staging needs: its identity and version, its
  /// identifiers, and the requests an R4 event resource carries out.
  static let skeletonKeys: Set<String> = [
    "resourceType", "id", "meta", "identifier", "request", "authorizingPrescription", "basedOn",
  ]

  /// The ``skeletonKeys`` as bytes.
  private static let skeletonKeyBytes: [[UInt8]] = skeletonKeys.map { Array($0.utf8) }

  /// The DSTU2 types `FHIRDSTU2.AnyResource` decodes into models.
  static let dstu2Modelled: Set<String> = [
    FHIRDSTU2.Bundle.resourceType, FHIRDSTU2.CarePlan.resourceType, FHIRDSTU2.Medication.resourceType,
    FHIRDSTU2.MedicationOrder.resourceType, FHIRDSTU2.Observation.resourceType, FHIRDSTU2.Patient.resourceType,
  ]

  /// Stages the resource at `index` of `tokens` without decoding it into its model, when that
  /// is possible — an Observation, or a type the models do not know, that has an id or
  /// `fullUrl` — so that it is decoded once, when its partition is merged (and not at all when it
  /// is alone in its group and becomes no entity; a key staged twice is decoded when the index
  /// chooses the newest version). What staging needs (key,
  /// version, identifiers, the references it follows) comes from a skeleton decoded from the
  /// same tokens with the model's own decoding of those elements, so it is what decoding the
  /// whole resource gives; what is staged is the tokens packed, or `canonical` when
  /// given: the tokens' own bytes, known to be the model's compact JSON (then it serves as the
  /// source's JSON, as for a resource staged whole).
  /// - Parameters:
  ///   - originalJSON: The resource's JSON as first read, when decoding repaired it.
  /// - Returns: `false` when the resource must be decoded and added whole (``add(_:)``): a
  ///   Patient, CarePlan, order, Medication or Bundle (their coders run at staging), or a
  ///   resource without id or `fullUrl` (its key is a hash of its model's JSON).
  /// - Throws: ``StagingError``.
  func addRaw(
    _ tokens: JSONTokens, at index: Int, release: FHIRRelease, fullUrl: String?, canonical: [UInt8]? = nil,
    originalJSON: [UInt8]? = nil
  ) throws -> Bool {
    var decoder = FHIRDecoder(tokens: tokens)
    guard tokens[index].kind == .objectStart, let type = decoder.peekString("resourceType", inObjectAt: index) else {
      return false
    }
    let skeleton: PipelineResource
    var isUnmodelled = false
    switch (release, type) {
    case (.dstu2, FHIRDSTU2.Observation.resourceType):
      skeleton = .dstu2(.observation(try Self.dstu2Observation(&decoder, at: index)))
    case (_, FHIRR4.Observation.resourceType):
      skeleton = .r4(.observation(try Self.r4Observation(&decoder, at: index)))
    default:
      guard let unmodelled = Self.unmodelledSkeleton(tokens, at: index, type: type, release: release) else {
        return false
      }
      skeleton = unmodelled
      isUnmodelled = true
    }
    guard skeleton.id != nil || fullUrl != nil else { return false }
    let key = ResourceIndex.key(of: skeleton, fullUrl: fullUrl) { [] }
    // A resource no model reads, as read when the tokens hold it (most are never loaded again);
    // an Observation's tokens packed, as they are decoded when merged.
    let asRead = canonical == nil && isUnmodelled ? tokens.sourceBytes(ofValueAt: index) : nil
    let bytes = canonical ?? asRead ?? tokens.packed(valueAt: index)
    report.resourcesRead[type, default: 0] += 1
    try stage(
      preparer.facts(of: skeleton, source: nil), bytes, isCanonical: canonical != nil, isAsRead: canonical == nil,
      isSourceText: asRead != nil, weight: asRead == nil ? nil : tokens.packedByteCount(valueAt: index), key: key,
      fullUrl: fullUrl, originalJSON: originalJSON)
    return true
  }

  /// The skeleton (``skeleton(_:at:)``) of the resource of `type` at `index` of `tokens`, when
  /// its release's models do not know the type: decoding it whole gives its JSON as it is, of
  /// which staging reads only the ``skeletonKeys``. `nil` for a modelled type.
  static func unmodelledSkeleton(_ tokens: JSONTokens, at index: Int, type: String, release: FHIRRelease)
    -> PipelineResource?
  {
    switch release {
    case .dstu2:
      dstu2Modelled.contains(type) ? nil : .dstu2(.other(skeleton(tokens, at: index)))
    case .r4:
      FHIRR4.AnyResource.modelledTypes.contains(type) ? nil : .r4(.other(skeleton(tokens, at: index)))
    }
  }

  /// An unmodelled resource's members that staging reads (see ``skeletonKeys``), as its
  /// `.other` JSON would give them.
  static func skeleton(_ tokens: JSONTokens, at index: Int) -> JSONValue {
    var object = JSONObject()
    let end = tokens.endIndex(ofValueAt: index)
    var member = index + 1
    while member < end {
      // The key compared in place: making a string of every key to look it up cost more than
      // the rest of the skeleton (docs/benchmarks/job-2026-12-01.md, "Repairs only where an issue is").
      if skeletonKeyBytes.contains(where: { tokens.text(at: member, equals: $0) }) {
        object.append(key: tokens.string(at: member), value: JSONValue(tokens: tokens, at: member + 1))
      }
      member = tokens.endIndex(ofValueAt: member + 1) + 1
    }
    return .object(object)
  }

  /// An R4 Observation with only the elements staging reads, decoded as the model decodes them.
  static func r4Observation(_ decoder: inout FHIRDecoder, at index: Int) throws -> FHIRR4.Observation {
    var observation = FHIRR4.Observation()
    guard var members = try decoder.members(ofObjectAt: index) else { return observation }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "id": try decoder.primitive(&observation.id, at: value)
      case "_id": try decoder.primitiveElement(&observation.id, at: value)
      case "meta": observation.meta = try decoder.single(FHIRR4.Meta.self, at: value)
      case "identifier": observation.identifier = try decoder.array(of: FHIRR4.Identifier.self, at: value)
      case "basedOn": observation.basedOn = try decoder.array(of: FHIRR4.Reference.self, at: value)
      case "partOf": observation.partOf = try decoder.array(of: FHIRR4.Reference.self, at: value)
      case "subject": observation.subject = try decoder.single(FHIRR4.Reference.self, at: value)
      case "hasMember": observation.hasMember = try decoder.array(of: FHIRR4.Reference.self, at: value)
      default: break
      }
    }
    return observation
  }

  /// A DSTU2 Observation with only the elements staging reads, decoded as the model decodes them.
  static func dstu2Observation(_ decoder: inout FHIRDecoder, at index: Int) throws -> FHIRDSTU2.Observation {
    var observation = FHIRDSTU2.Observation()
    guard var members = try decoder.members(ofObjectAt: index) else { return observation }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "id": try decoder.primitive(&observation.id, at: value)
      case "_id": try decoder.primitiveElement(&observation.id, at: value)
      case "meta": observation.meta = try decoder.single(FHIRDSTU2.Meta.self, at: value)
      case "identifier": observation.identifier = try decoder.array(of: FHIRDSTU2.Identifier.self, at: value)
      case "subject": observation.subject = try decoder.single(FHIRDSTU2.Reference.self, at: value)
      case "related": observation.related = try decoder.array(of: FHIRDSTU2.Observation.Related.self, at: value)
      default: break
      }
    }
    return observation
  }
}
