import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Resource use of this process's finished child processes (`getrusage(RUSAGE_CHILDREN)`).
enum ChildUsage {
  /// The usage so far.
  static func current() -> rusage {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    return usage
  }

  /// User and system CPU seconds of the finished children so far.
  static func cpuSeconds() -> Double {
    let usage = current()
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// Peak resident memory of the largest finished child, in MB (Linux reports kilobytes).
  static func peakMB() -> Int { current().ru_maxrss / 1024 }
}
