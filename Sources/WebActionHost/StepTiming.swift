import Foundation

/// The time of each step of a page, for `--verbose`: the clock is read only when a trace receives it.
struct StepTiming {
  let trace: ((String, TimeInterval) -> Void)?
  private var started: Date?

  /// Starts timing (nothing happens without a trace).
  init(_ trace: ((String, TimeInterval) -> Void)?) {
    self.trace = trace
    started = trace == nil ? nil : Date()
  }

  /// Reports `step` as the time since the start or the previous `lap`, and starts the next step.
  mutating func lap(_ step: String) {
    guard let trace, let started else { return }
    let now = Date()
    trace(step, now.timeIntervalSince(started))
    self.started = now
  }
}
