/// Why a selector string is not a valid selector, and where.
public struct SelectorParseError: Error, CustomStringConvertible, Equatable {
  /// What kind of problem it is: a style sheet keeps a rule whose other selectors are fine when one names a
  /// pseudo-element or a pseudo-class this engine does not know.
  public enum Kind: Sendable, Equatable {
    /// Not a selector at all (a stray token, a bad attribute selector...).
    case syntax
    /// A pseudo-element this engine does not know (`::-moz-selection`).
    case pseudoElement
    /// A pseudo-class this engine does not know (`:lang()`, `:-webkit-autofill`).
    case unknownPseudoClass
  }

  /// What went wrong and where, such as `unexpected ')' at 7`.
  public let message: String
  /// Where the problem starts, in UTF-16 code units from the start of the selector text.
  public let offset: Int
  /// What kind of problem it is.
  public let kind: Kind

  /// True for an error a forgiving selector list (`:is()`, `:where()`) must not drop: nesting past the limit.
  let isFatal: Bool

  init(_ problem: String, at offset: Int, kind: Kind = .syntax, fatal: Bool = false) {
    self.message = "\(problem) at \(offset)"
    self.offset = offset
    self.kind = kind
    self.isFatal = fatal
  }

  public var description: String { message }
}
