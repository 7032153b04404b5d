import UIKit
import UniformTypeIdentifiers

enum ArticleError: LocalizedError {
    case noArticle

    var errorDescription: String? { "This page has no article to save." }
}

/// Cancels with an error of its own when the page is not an article; otherwise answers through `async` loading.
class ArticleOnlyRequestHandler: NSObject, NSExtensionRequestHandling {
    func beginRequest(with context: NSExtensionContext) {
        Task {
            do {
                let item = context.inputItems.first as! NSExtensionItem
                let loaded = try await item.attachments!.first!.loadItem(forTypeIdentifier: UTType.propertyList.identifier)
                let results = (loaded as! [String: Any])[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any] ?? [:]
                guard let article = results["article"] as? String, !article.isEmpty else { throw ArticleError.noArticle }
                let reply = NSExtensionItem()
                reply.attachments = [NSItemProvider(item: [NSExtensionJavaScriptFinalizeArgumentKey: ["saved": article.count]] as NSDictionary,
                                                    typeIdentifier: UTType.propertyList.identifier)]
                context.completeRequest(returningItems: [reply])
            } catch {
                context.cancelRequest(withError: error)
            }
        }
    }
}
