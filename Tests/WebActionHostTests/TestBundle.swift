import Foundation

/// Writes a test extension bundle `NAME.appex` in `folder`: an Info.plist with a web-page activation rule (and
/// `principalClass` when given) and `Action.js` holding `script`. Returns the bundle's URL.
func writeTestBundle(in folder: URL, name: String, principalClass: String? = nil, script: String) throws -> URL {
  let bundle = folder.appendingPathComponent("\(name).appex")
  try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
  var extensionInfo: [String: Any] = [
    "NSExtensionPointIdentifier": "com.apple.ui-services",
    "NSExtensionAttributes": [
      "NSExtensionJavaScriptPreprocessingFile": "Action",
      "NSExtensionActivationRule": ["NSExtensionActivationSupportsWebPageWithMaxCount": 1],
    ],
  ]
  if let principalClass { extensionInfo["NSExtensionPrincipalClass"] = principalClass }
  let info: [String: Any] = ["CFBundleIdentifier": "org.webaction.tests.\(name.lowercased())", "NSExtension": extensionInfo]
  try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
    .write(to: bundle.appendingPathComponent("Info.plist"))
  try Data(script.utf8).write(to: bundle.appendingPathComponent("Action.js"))
  return bundle
}
