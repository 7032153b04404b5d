// `import UIKit` in a request handler that has no user interface: Foundation, the extension classes iOS keeps in
// Foundation (NSExtensionContext, NSExtensionItem, NSItemProvider, NSExtensionRequestHandling) and UTType, which is
// what such a handler uses of UIKit's imports. There are no views, view controllers or UIApplication: webaction runs
// extensions headless, and `webaction port` names the files that use them.
@_exported import UniformTypeIdentifiers
@_exported import WebActionFoundation
