import Foundation

/// Why wptserve could not be started.
struct WPTServerError: Error, CustomStringConvertible {
  let description: String
}

/// Starts wptserve (`Harness/wpt-server.py`) on loopback and a free port, and reads the port it chose.
///
/// The server's standard input is a pipe this process holds open: when the test process ends, the pipe closes and
/// the server exits, so a run never leaves one behind.
enum WPTServer {
  /// Keeps the server's stdin pipe (and so the server) alive for the life of the test process.
  nonisolated(unsafe) private static var keepAlive: [Any] = []

  static func start(python: String, script: URL, root: URL) -> Result<String, WPTServerError> {
    guard FileManager.default.isExecutableFile(atPath: python) else {
      return .failure(WPTServerError(description:
        "wptserve is not installed (no \(python)): run Scripts/install-deps --tests, or set WPTSERVE_PYTHON to a Python with wptserve"))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script.path, root.path]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      return .failure(WPTServerError(description: "cannot start wptserve (\(python) \(script.path)): \(error)"))
    }
    // The first line is "ready PORT".
    var line = Data()
    while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
      line.append(first)
    }
    let words = String(decoding: line, as: UTF8.self).split(separator: " ")
    guard words.count == 2, words[0] == "ready", let port = Int(words[1]) else {
      process.terminate()
      return .failure(WPTServerError(description:
        "wptserve did not start (\(python) \(script.path) said \"\(String(decoding: line, as: UTF8.self))\"); its errors are above"))
    }
    keepAlive = [process, input]
    return .success("http://127.0.0.1:\(port)")
  }
}
