import Foundation
import XCTest

/// Checks that an algorithm is linear (or n·log n) in its input: the time at size `4n` must stay under `maxRatio`
/// times the time at `n`, in one run.
///
/// A linear algorithm gives a ratio near 4, a quadratic one near 16. The default limit, 8, sits between: in full-suite
/// runs (a heap grown and fragmented by the tests before) linear algorithms measured up to 6.3, the input at `4n`
/// outgrowing the caches and taking more page faults. `prepare` builds the input outside the timing;
/// `work` is timed in CPU time (other processes on a shared machine do not count): the calling thread's, or with
/// `clock: .childProcesses` that of the processes `work` ran and waited for. Runs at `n` and `4n` interleave, best of
/// `runs`, and of more runs (up to 15) while the runs at `n` have taken under `minimumTime` in all: a short timing is
/// mostly noise, and a release build runs the same `n` ten times faster than a debug one. Pick `n` so that `work`
/// takes some 50 ms at `n` in a debug build: longer timings slow the suite.
public func assertScalesLinearly<Input>(
  _ what: String, n: Int, maxRatio: Double = 8, runs: Int = 3, clock: ScalingClock = .thread,
  minimumTime: Double = 0.05,
  prepare: (Int) throws -> Input, work: (Input) throws -> Void,
  file: StaticString = #filePath, line: UInt = #line
) rethrows {
  func time(_ size: Int) throws -> Double {
    let input = try prepare(size)
    let start = clock.now()
    try work(input)
    return clock.now() - start
  }
  var small = Double.infinity
  var large = Double.infinity
  var timeAtN = 0.0
  var run = 0
  while run < runs || (timeAtN < minimumTime && run < 15) {
    let atN = try time(n)
    timeAtN += atN
    small = min(small, atN)
    large = min(large, try time(4 * n))
    run += 1
  }
  let ratio = large / max(small, 1e-6)
  let figures = String(
    format: "%@: n=%d %.3f s, 4n=%d %.3f s, ratio %.1f (limit %.0f)", what, n, small, 4 * n, large, ratio, maxRatio)
  print(figures)
  XCTAssertLessThan(ratio, maxRatio, figures, file: file, line: line)
}

/// Whose CPU time a scaling check counts.
public enum ScalingClock: Sendable {
  /// The calling thread's (work done in process).
  case thread
  /// That of the child processes waited for (work done by a command the test runs).
  case childProcesses

  /// The CPU time used so far, in seconds.
  func now() -> Double {
    switch self {
    case .thread:
      var now = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
      return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    case .childProcesses:
      var usage = rusage()
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
      return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
  }
}
