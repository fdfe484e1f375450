public import CarePipeline
public import CareStore

extension CareImporter {
  /// Imports a pipeline run's entities with their provenance (``CareImporter/importEntities(_:sources:afterBatch:)``
  /// of its records, in the pipeline's order).
  /// - Parameters:
  ///   - result: A pipeline run's entities and provenance.
  ///   - afterBatch: Called after each committed batch with the summary so far.
  /// - Returns: Counts per kind, and the entities the store could not write (skipped and listed
  ///   in ``ImportSummary/failures``; the others are stored).
  /// - Throws: ``StoreError`` when the store as a whole cannot be written (batches committed
  ///   before it stay stored).
  @discardableResult
  public func importResult(_ result: PipelineResult, afterBatch: (ImportSummary) -> Void = { _ in }) throws
    -> ImportSummary
  {
    try importEntities(result.records, sources: result.sources, afterBatch: afterBatch)
  }
}

extension CareStore {
  /// Imports a pipeline's result (see ``CareStore/CareImporter``).
  /// - Throws: ``StoreError``; batches committed before the error stay stored.
  @discardableResult
  public func importResult(_ result: PipelineResult, batchSize: Int = 2000) throws -> ImportSummary {
    try CareImporter(backend: backend, batchSize: batchSize).importResult(result)
  }
}
