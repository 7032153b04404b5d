import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A server process started by a test on 127.0.0.1 and killed (with its process group) when the test ends.
final class LoopbackServer {
  let process = Process()
  let output = Pipe()
  private(set) var port = 0

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Starts `executable`; `port` is given, or read from the first line the server prints.
  init(executable: String, arguments: [String], port: Int? = nil) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    if let port {
      self.port = port
    } else {
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { throw TranslateTestError("\(executable) exited before printing its port") }
        line.append(chunk)
      }
      self.port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
  }

  /// A free TCP port on 127.0.0.1, as the kernel picks it.
  static func freePort() throws -> Int {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    probe.arguments = [
      "-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
    ]
    let out = Pipe()
    probe.standardOutput = out
    try probe.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    probe.waitUntilExit()
    guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TranslateTestError("no free port: \(text)")
    }
    return port
  }

  /// Polls `path` until it answers 200 or `deadline` passes (readiness of a server that says nothing when ready).
  func waitUntilReady(path: String, within seconds: TimeInterval) throws {
    let deadline = Date().addingTimeInterval(seconds)
    let pause = DispatchSemaphore(value: 0)
    while Date() < deadline {
      guard process.isRunning else { throw TranslateTestError("the server exited during start-up") }
      if (try? get(path).0) == 200 { return }
      _ = pause.wait(timeout: .now() + 0.1)
    }
    throw TranslateTestError("the server on port \(port) did not answer \(path) within \(seconds) s")
  }

  /// A blocking GET, for checks in tests.
  func get(_ path: String) throws -> (Int, Data) {
    final class Box: @unchecked Sendable { var value: (Int, Data)?; var error: (any Error)? }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: URL(string: baseURL.absoluteString + path)!) { data, response, error in
      box.value = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
      box.error = error
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 10)
    if let error = box.error { throw error }
    guard let value = box.value else { throw TranslateTestError("GET \(path) timed out") }
    return value
  }

  func stop() {
    if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

struct TranslateTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
