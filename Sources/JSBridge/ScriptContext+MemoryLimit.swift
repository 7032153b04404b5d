import CJavaScriptCore
import Glibc

/// A memory limit for scripts: unbounded allocation (a string doubled again and again, arrays pushed forever) stops
/// the script instead of the machine.
///
/// JSC has no hard heap limit it enforces with an exception (its `gcMaxHeapSize` option only delays collections, and
/// an allocation that fails crashes the process), but a growing heap collects garbage again and again. After each
/// collection (a heap finalizer, on the script's thread) the group reads the process's resident size; past
/// ``ScriptContext/memoryLimit`` it sets the watchdog to zero, so the running script stops at its next check, and the
/// error that comes out says why (kind ``ScriptError/Kind/memoryLimit``). A collection's cadence follows the heap's
/// growth, so a script may overshoot the limit by about the heap's growth between two collections before it stops.
extension ScriptContext {
  /// The most resident memory (bytes, of the whole process) scripts may grow it to before the running one is stopped;
  /// nil for no limit. Shared by the contexts of one group.
  public var memoryLimit: Int? {
    get { shared.memoryLimit }
    set { shared.memoryLimit = newValue }
  }

  /// After a script stopped for memory: the watchdog gets its own limit back and the garbage goes. The allocator keeps
  /// the pages it freed (the resident size hardly drops), so from then on the check allows a quarter of the limit
  /// above what stayed resident; without that, every later script would be stopped at once.
  func recoverFromMemoryStop() {
    guard shared.memoryLimitExceeded != nil else { return }
    shared.stoppedNativeCall = nil
    shared.memoryThreshold = .max  // no check during this collection
    collectGarbage()
    shared.memoryLimitExceeded = nil
    shared.armWatchdog()
    absorbPendingTermination()
    let limit = memoryLimit ?? 0
    shared.memoryThreshold = max(limit, (ScriptGroup.residentBytes() ?? 0) + limit / 4)
  }

  /// "1.2 GB" or "800 MB".
  static func megabytes(_ bytes: Int) -> String {
    let mb = Double(bytes) / 1_048_576
    return mb >= 1024 ? "\((mb / 1024 * 10).rounded() / 10) GB" : "\(Int(mb.rounded())) MB"
  }
}

extension ScriptGroup {
  /// Called after each garbage collection: past the memory limit, stops the running script.
  ///
  /// JSC's collector thread can end a collection and call this too; the group's state belongs to the script's thread,
  /// so nothing of it is read before the thread is known to be that one.
  func garbageCollectionDidFinish() {
    guard pthread_equal(pthread_self(), thread) != 0, let limit = memoryLimit, memoryLimitExceeded == nil,
      let resident = Self.residentBytes(), resident > max(limit, memoryThreshold)
    else { return }
    memoryLimitExceeded = resident
    stopScripts()
  }

  /// The process's resident set size, from /proc/self/statm (nil when it cannot be read).
  static func residentBytes() -> Int? {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 127) }
    guard count > 0 else { return nil }
    let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }
}
