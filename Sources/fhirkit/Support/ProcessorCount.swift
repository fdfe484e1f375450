import Foundation

/// The number of processors, the default of `--jobs`.
var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
