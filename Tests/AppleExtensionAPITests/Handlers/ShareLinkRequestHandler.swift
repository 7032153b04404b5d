import UIKit
import UniformTypeIdentifiers

/// Share-extension style: the page's URL and title as objects (`loadObject(ofClass:)`), the user's arguments from
/// `userInfo`.
class ShareLinkRequestHandler: NSObject, NSExtensionRequestHandling {
    func beginRequest(with context: NSExtensionContext) {
        let item = context.inputItems.first as! NSExtensionItem
        let tag = (item.userInfo?["WebActionArgumentsKey"] as? [String: String])?["tag"] ?? "none"
        guard let provider = item.attachments?.first(where: { $0.canLoadObject(ofClass: URL.self) }) else {
            context.cancelRequest(withError: NSError(domain: "ShareLink", code: 2, userInfo: [NSLocalizedDescriptionKey: "no link"]))
            return
        }
        _ = provider.loadObject(ofClass: URL.self) { url, error in
            let link = NSString(format: "[%@] %@", tag, url?.host ?? "?")
            let reply = NSExtensionItem()
            reply.attributedTitle = NSAttributedString(string: link as String)
            reply.attachments = [
                NSItemProvider(item: link, typeIdentifier: UTType.plainText.identifier),
                NSItemProvider(item: NSDictionary(dictionary: [NSExtensionJavaScriptFinalizeArgumentKey: ["link": link]]),
                               typeIdentifier: UTType.propertyList.identifier),
            ]
            context.completeRequest(returningItems: [reply], completionHandler: nil)
        }
    }
}
