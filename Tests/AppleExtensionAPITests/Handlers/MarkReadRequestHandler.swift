import UIKit
import MobileCoreServices

/// Returns no items at all, and checks the completion handler's queue as its iOS code does.
class MarkReadRequestHandler: NSObject, NSExtensionRequestHandling {
    static var completedOnMainThread: Bool?

    func beginRequest(with context: NSExtensionContext) {
        DispatchQueue.main.async {
            context.completeRequest(returningItems: [], completionHandler: { expired in
                MarkReadRequestHandler.completedOnMainThread = Thread.isMainThread && !expired
            })
        }
    }
}
