extension StagedMerge {
  /// Where one staged version is, and what the index needs to know of it without loading it: a
  /// field of the index's records on disk (its five flags share a byte).
  struct Slot {
    var offset: Int64 = 0
    var length: Int32 = 0
    var type: UInt16 = 0
    /// The five flags below, a bit each.
    var flags: UInt8 = 0

    init(offset: Int64 = 0, length: Int32 = 0, type: UInt16 = 0, flags: UInt8 = 0) {
      self.offset = offset
      self.length = length
      self.type = type
      self.flags = flags
    }

    /// Reads a slot that ``write(to:)`` wrote.
    init(from record: inout RecordReader) {
      self.init(offset: record.int64(), length: record.int32(), type: record.uint16(), flags: record.uint8())
    }

    /// Appends the slot's fields to a record of the index.
    func write(to record: inout RecordBuilder) {
      record.append(offset)
      record.append(length)
      record.append(type)
      record.append(flags)
    }

    var isDSTU2: Bool {
      get { flag(1) }
      set { setFlag(1, newValue) }
    }
    /// For a Patient: whether the coder converts it (its observations are then its own).
    var patientConverts: Bool {
      get { flag(2) }
      set { setFlag(2, newValue) }
    }
    /// Whether the staged bytes are the model's own compact JSON (they then serve as the source's
    /// JSON, ``IndexedResource/compactJSON``), not the tokens as read, packed
    /// (``FHIRJSON/JSONTokens/packed(valueAt:)``).
    var isCanonical: Bool {
      get { flag(4) }
      set { setFlag(4, newValue) }
    }

    /// Whether the staged bytes are tokens as read that no model has decoded yet (an Observation
    /// staged from its tokens, ``StagedMerge/addRaw(_:at:release:fullUrl:canonical:originalJSON:)``):
    /// they are decoded with the readers' repairs when merged. Tokens of a resource decoded as
    /// read are staged only when they fit its model as they are, and need none.
    var isAsRead: Bool {
      get { flag(8) }
      set { setFlag(8, newValue) }
    }

    /// Whether the staged bytes are the resource's JSON exactly as read
    /// (``FHIRJSON/JSONTokens/sourceBytes(ofValueAt:)``), tokenized again when merged: how a
    /// resource no model reads is staged, since most are never loaded.
    var isSourceText: Bool {
      get { flag(16) }
      set { setFlag(16, newValue) }
    }

    private func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }
    private mutating func setFlag(_ bit: UInt8, _ on: Bool) { flags = on ? flags | bit : flags & ~bit }
  }

}
