// snippet.hide
// The native side from WebActionKit's "Writing an extension" article: it reads run()'s results and answers
// finalize() with a summary. Built as a snippet (`swift build` builds Snippets/), shown by DocC with
// @Snippet(path: "webaction/Snippets/CountLinks"), and compiled into WebActionKitTests through the symbolic link
// Tests/WebActionKitTests/CountLinks.swift, where ReadmeSampleTests runs it.
// snippet.show
import WebActionKit

final class ActionRequestHandler: ExtensionRequestHandling {
  func beginRequest(with context: ExtensionContext) {
    let item = context.inputItems.first as! ExtensionItem
    let provider = item.attachments!.first { $0.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) }!
    provider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil) { item, error in
      let dictionary = item as! [String: Any]
      let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as! [String: Any]
      let links = results["links"] as! [String]
      let reply = ExtensionItem()
      reply.attachments = [ItemProvider(
        item: [NSExtensionJavaScriptFinalizeArgumentKey: ["summary": "\(links.count) links"]],
        typeIdentifier: UTType.propertyList.identifier)]
      context.completeRequest(returningItems: [reply], completionHandler: nil)
    }
  }
}
