import UIKit
import MobileCoreServices

/// Reads the results with `as? [String: Any]` and typed casts, answers with an `NSDictionary` built by hand.
class WordCountRequestHandler: NSObject, NSExtensionRequestHandling {
    var extensionContext: NSExtensionContext?

    func beginRequest(with context: NSExtensionContext) {
        self.extensionContext = context
        guard let item = context.inputItems.first as? NSExtensionItem,
              let provider = item.attachments?.first,
              provider.hasItemConformingToTypeIdentifier(kUTTypePropertyList as String) else {
            context.completeRequest(returningItems: nil, completionHandler: nil)
            return
        }
        provider.loadItem(forTypeIdentifier: kUTTypePropertyList as String, options: nil) { item, error in
            guard let dictionary = item as? NSDictionary,
                  let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any] else {
                self.extensionContext?.cancelRequest(withError: error ?? NSError(domain: "WordCount", code: 1))
                return
            }
            let title = results["title"] as? String ?? ""
            let paragraphs = results["paragraphs"] as? [String] ?? []
            let words = paragraphs.reduce(0) { $0 + $1.split(separator: " ").count }
            let minutes = max(1, words / (results["wordsPerMinute"] as? Int ?? 200))
            let answer = NSMutableDictionary()
            answer["summary"] = "\(title): \(words) words, \(minutes) min"
            answer["words"] = NSNumber(value: words)
            answer["long"] = words > 5
            let arguments = NSDictionary(object: answer, forKey: NSExtensionJavaScriptFinalizeArgumentKey as NSString)
            let output = NSExtensionItem()
            output.attachments = [NSItemProvider(item: arguments, typeIdentifier: kUTTypePropertyList as String)]
            self.extensionContext?.completeRequest(returningItems: [output], completionHandler: nil)
        }
    }
}
