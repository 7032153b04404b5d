import Foundation

/// Hands the page to its app through a custom URL scheme, then returns nothing (Apple's Action extensions cannot
/// open URLs; the completion handler says so).
class SaveToAppRequestHandler: NSObject, NSExtensionRequestHandling {
    static var openAnswer: Bool?

    func beginRequest(with context: NSExtensionContext) {
        let item = context.inputItems[0] as! NSExtensionItem
        let provider = item.attachments!.first { $0.hasItemConformingToTypeIdentifier("public.url") }!
        provider.loadItem(forTypeIdentifier: "public.url", options: nil, completionHandler: { (item: NSSecureCoding?, error: Error!) -> Void in
            let pageURL = item as! URL
            var components = URLComponents(string: "readlater://save")!
            components.queryItems = [URLQueryItem(name: "url", value: pageURL.absoluteString)]
            context.open(components.url!) { opened in
                SaveToAppRequestHandler.openAnswer = opened
                context.completeRequest(returningItems: nil, completionHandler: nil)
            }
        })
    }
}
