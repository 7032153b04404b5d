#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time source of an ``EventLoop``: monotonic seconds, and a way to wait for a later time.
public protocol EventLoopClock: AnyObject {
  /// The current time in seconds (monotonic; the origin is arbitrary).
  var now: Double { get }
  /// Waits until `now >= deadline` (returns at once if it already is).
  func sleep(until deadline: Double)
}

/// The machine's monotonic clock; `sleep(until:)` really sleeps.
public final class RealClock: EventLoopClock {
  public init() {}

  public var now: Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  public func sleep(until deadline: Double) {
    let wait = deadline - now
    guard wait > 0 else { return }
    var request = timespec(tv_sec: Int(wait), tv_nsec: Int((wait - wait.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

/// A clock that only moves when told to: `sleep(until:)` jumps to the deadline at once, so tests
/// that run timers never wait.
public final class ManualClock: EventLoopClock {
  public private(set) var now: Double

  public init(now: Double = 0) { self.now = now }

  /// Moves the clock forward by `seconds`.
  public func advance(by seconds: Double) { now += max(0, seconds) }

  public func sleep(until deadline: Double) { now = max(now, deadline) }
}
