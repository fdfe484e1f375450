import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times one single-threaded contender twice over: by the wall clock, and by the CPU time of
/// the calling thread (`CLOCK_THREAD_CPUTIME_ID`), which leaves out the time the thread waited
/// for a core — on a shared or virtual machine, the larger part of the noise.
struct Stopwatch {
  private let wallStart = DispatchTime.now().uptimeNanoseconds
  private let cpuStart = Stopwatch.threadCPUNanoseconds()

  /// Seconds since the stopwatch was made: wall clock, and this thread's CPU time.
  func elapsed() -> (wall: Double, cpu: Double) {
    let cpu = Self.threadCPUNanoseconds() - cpuStart
    let wall = DispatchTime.now().uptimeNanoseconds - wallStart
    return (Double(wall) / 1e9, Double(cpu) / 1e9)
  }

  private static func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
