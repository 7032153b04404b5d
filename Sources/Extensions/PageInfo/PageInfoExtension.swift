import WebActionKit

/// Reports a page's URL, title, description, language, headings and word count, and with `--arg annotate=true`
/// adds a reading-time note to the page.
public enum PageInfoExtension: BuiltInExtension {
  public static let name = "page-info"

  public static var bundleURL: URL {
    guard let url = Bundle.module.url(forResource: "page-info", withExtension: "appex") else {
      fatalError("PageInfoExtension: page-info.appex is missing from the module's resource bundle; rebuild webaction")
    }
    return url
  }

  public static func makePrincipalObject(className: String) -> (any ExtensionRequestHandling)? {
    className == "ActionRequestHandler" ? ActionRequestHandler() : nil
  }

  /// Reading speed used for `readingTimeMinutes`, in words per minute.
  public static let wordsPerMinute = 230

  /// Minutes to read `words` words: `ceil(words / 230)`, 0 for no words (so at least 1 when there are words).
  public static func readingTimeMinutes(words: Int) -> Int {
    words <= 0 ? 0 : (words + wordsPerMinute - 1) / wordsPerMinute
  }
}

/// Why page-info could not handle a request.
struct PageInfoError: Error, CustomStringConvertible {
  var description: String
}

/// The principal class: turns the page's word count into finalize arguments `{annotate, readingTimeMinutes, wordCount}`.
final class ActionRequestHandler: ExtensionRequestHandling {
  func beginRequest(with context: ExtensionContext) {
    do {
      guard let results = try context.javaScriptPreprocessingResults() else {
        throw PageInfoError(
          description: "page-info: the input has no JavaScript preprocessing results; run it on a page so that "
            + "Action.js can count the words")
      }
      guard let words = results["wordCount"]?.int, words >= 0 else {
        let found = results["wordCount"].map { "a \($0.kindName)" } ?? "nothing"
        throw PageInfoError(
          description: "page-info: results.wordCount should be a whole number of words, found \(found); "
            + "check page-info.appex/Action.js")
      }
      let annotate = ["true", "1", "yes"].contains(context.webActionArguments["annotate"]?.lowercased() ?? "")
      let argument: PropertyList = [
        "annotate": .boolean(annotate),
        "readingTimeMinutes": .integer(PageInfoExtension.readingTimeMinutes(words: words)),
        "wordCount": .integer(words),
      ]
      context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: argument)])
    } catch {
      context.cancelRequest(withError: error)
    }
  }
}
