import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A synchronous HTTP helper for the server engines, with a timeout and errors that name the endpoint.
struct HTTPClient: Sendable {
  /// The longest one request may take.
  var timeout: TimeInterval

  /// A response body and status.
  struct Response: Sendable {
    var status: Int
    var body: Data
  }

  private final class Box: @unchecked Sendable {
    var result: Result<Response, any Error>?
  }

  /// Performs `request` and waits for it, at most `timeout` seconds.
  func perform(_ request: URLRequest, engine: String) throws -> Response {
    var request = request
    request.timeoutInterval = timeout
    let endpoint = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString.prefix(120) ?? "?")"
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request) { data, response, error in
      if let error {
        box.result = .failure(error)
      } else {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        box.result = .success(Response(status: status, body: data ?? Data()))
      }
      done.signal()
    }
    task.resume()
    guard done.wait(timeout: .now() + timeout + 1) == .success, let result = box.result else {
      task.cancel()
      throw TranslateError(
        "translate: the \(engine) server did not answer \(endpoint) within \(Int(timeout)) s. "
          + "Check that it is running, or choose another `--arg endpoint=`.")
    }
    switch result {
    case .failure(let error):
      throw TranslateError(
        "translate: cannot reach the \(engine) server at \(endpoint): \(error.localizedDescription). "
          + "Check `--arg endpoint=` and that the server is running.")
    case .success(let response):
      guard (200..<300).contains(response.status) else {
        let text = String(decoding: response.body.prefix(300), as: UTF8.self)
        throw TranslateError(
          "translate: the \(engine) server answered \(endpoint) with HTTP \(response.status): \(text)")
      }
      return response
    }
  }

  /// Decodes a JSON body, naming the endpoint when it is not what was expected.
  static func json(_ response: Response, engine: String, endpoint: String) throws -> Any {
    do {
      return try JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])
    } catch {
      let text = String(decoding: response.body.prefix(200), as: UTF8.self)
      throw TranslateError("translate: the \(engine) server's answer to \(endpoint) is not JSON: \(text)")
    }
  }
}

/// Percent-encodes a query value (everything but unreserved characters).
func queryEscape(_ value: String) -> String {
  var allowed = CharacterSet.alphanumerics
  allowed.insert(charactersIn: "-._~")
  return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
}
