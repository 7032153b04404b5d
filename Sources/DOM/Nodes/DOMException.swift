/// An error the DOM reports with a WebIDL exception name, as `DOMException` in JavaScript.
///
/// https://webidl.spec.whatwg.org/#idl-DOMException-error-names
public struct DOMException: Error, CustomStringConvertible, Equatable {
  /// The WebIDL error names the DOM throws.
  public enum Name: String, Sendable, CaseIterable {
    case indexSizeError = "IndexSizeError"
    case hierarchyRequestError = "HierarchyRequestError"
    case wrongDocumentError = "WrongDocumentError"
    case invalidCharacterError = "InvalidCharacterError"
    case noModificationAllowedError = "NoModificationAllowedError"
    case notFoundError = "NotFoundError"
    case notSupportedError = "NotSupportedError"
    case inUseAttributeError = "InUseAttributeError"
    case invalidStateError = "InvalidStateError"
    case syntaxError = "SyntaxError"
    case invalidModificationError = "InvalidModificationError"
    case namespaceError = "NamespaceError"
    case invalidAccessError = "InvalidAccessError"
    case typeMismatchError = "TypeMismatchError"
    case securityError = "SecurityError"
    case networkError = "NetworkError"
    case abortError = "AbortError"
    case quotaExceededError = "QuotaExceededError"
    case timeoutError = "TimeoutError"
    case invalidNodeTypeError = "InvalidNodeTypeError"
    case dataCloneError = "DataCloneError"
    case encodingError = "EncodingError"
    case notReadableError = "NotReadableError"
    case operationError = "OperationError"

    /// The legacy numeric code (0 for names introduced without one).
    public var code: Int {
      switch self {
      case .indexSizeError: return 1
      case .hierarchyRequestError: return 3
      case .wrongDocumentError: return 4
      case .invalidCharacterError: return 5
      case .noModificationAllowedError: return 7
      case .notFoundError: return 8
      case .notSupportedError: return 9
      case .inUseAttributeError: return 10
      case .invalidStateError: return 11
      case .syntaxError: return 12
      case .invalidModificationError: return 13
      case .namespaceError: return 14
      case .invalidAccessError: return 15
      case .typeMismatchError: return 17
      case .securityError: return 18
      case .networkError: return 19
      case .abortError: return 20
      case .quotaExceededError: return 22
      case .timeoutError: return 23
      case .invalidNodeTypeError: return 24
      case .dataCloneError: return 25
      default: return 0
      }
    }
  }

  /// The exception's name.
  public var name: Name
  /// What went wrong, naming the node or value involved.
  public var message: String

  /// Creates an exception with a name and a message.
  public init(_ name: Name, _ message: String) {
    self.name = name
    self.message = message
  }

  /// The legacy numeric code.
  public var code: Int { name.code }

  public var description: String { "\(name.rawValue): \(message)" }
}
