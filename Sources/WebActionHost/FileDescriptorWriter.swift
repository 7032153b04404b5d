import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes to a file descriptor and reports failure as an `errno`, never by trapping.
///
/// Foundation's `FileHandle.write(_:)` ends in a `try!`, so a full disk or `/dev/full` kills the process with SIGILL;
/// every write on an output path goes through here instead.
enum FileDescriptorWriter {
  /// Writes all of `data` to `descriptor`: retries on `EINTR`, waits with `poll` on `EAGAIN` (a non-blocking pipe),
  /// and turns a closed pipe into `EPIPE` instead of a SIGPIPE that would end the process.
  /// - Returns: nil when everything was written, else the `errno` of the failure.
  static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    withSIGPIPEBlocked {
      data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32? in
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
          let chunk = min(buffer.count - offset, 1 << 30)
          let written = write(descriptor, base + offset, chunk)
          if written > 0 {
            offset += written
            continue
          }
          let error = written < 0 ? errno : EIO
          switch error {
          case EINTR:
            continue
          case EAGAIN, EWOULDBLOCK:
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, -1)
          default:
            return error
          }
        }
        return nil
      }
    }
  }

  /// The OS's wording for `errno` value `code` ("No space left on device").
  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// The OS's wording for a Foundation error that wraps an `errno`, else its description.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return reason(Int32(nsError.code)) }
    // `as? any Error` first: on Linux a Swift error stored in userInfo does not cast to NSError directly.
    if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
      underlying.domain == NSPOSIXErrorDomain
    {
      return reason(Int32(underlying.code))
    }
    return nsError.localizedDescription
  }

  /// Runs `body` with SIGPIPE blocked on this thread, then discards a SIGPIPE the body raised, so that writing to a
  /// closed pipe fails with `EPIPE` like any other error. The mask is per thread and restored before returning, so
  /// child processes started elsewhere keep the default disposition.
  private static func withSIGPIPEBlocked<T>(_ body: () -> T) -> T {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var pending = sigset_t()
    sigpending(&pending)
    let alreadyPending = sigismember(&pending, SIGPIPE) == 1
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    let result = body()
    sigpending(&pending)
    if !alreadyPending, sigismember(&pending, SIGPIPE) == 1 {
      #if os(Linux)
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&pipeSignal, nil, &noWait)
      #else
        var received: Int32 = 0
        _ = sigwait(&pipeSignal, &received)
      #endif
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    return result
  }
}

/// The process's standard output, written without traps: a failure is a `WebActionError` of class `.output`.
public enum StandardOutput {
  /// Writes `data`; `what` names it in the error ("the page", "the results").
  ///
  /// A reader that has gone (`webaction list | head -1`) ends the process quietly, as SIGPIPE ends `cat`: the shell
  /// sees a death by SIGPIPE (status 141) and prints nothing.
  public static func write(_ data: Data, what: String) throws(WebActionError) {
    if let error = FileDescriptorWriter.writeAll(data, to: STDOUT_FILENO) {
      if error == EPIPE { endAsAClosedPipeWould() }
      throw WebActionError(.output, "cannot write \(what) to standard output: \(FileDescriptorWriter.reason(error))")
    }
  }

  private static func endAsAClosedPipeWould() -> Never {
    signal(SIGPIPE, SIG_DFL)
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
    kill(getpid(), SIGPIPE)
    _exit(128 + SIGPIPE)
  }

  /// Writes `text` as UTF-8.
  public static func write(_ text: String, what: String) throws(WebActionError) {
    try write(Data(text.utf8), what: what)
  }
}

/// The process's standard error, for diagnostics: best effort, since there is nowhere left to report its own failure.
public enum StandardError {
  /// Writes `text` as UTF-8 to standard error; a failure is ignored.
  public static func write(_ text: String) {
    _ = FileDescriptorWriter.writeAll(Data(text.utf8), to: STDERR_FILENO)
  }
}
