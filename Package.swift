// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "webaction",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "webaction", targets: ["webaction"]),
    .library(name: "WebActionKit", targets: ["WebActionKit"]),
    .library(name: "WebActionHost", targets: ["WebActionHost"]),
    // Apple's extension API under Apple's module names, so that an iOS request handler's Swift compiles unchanged:
    // `import UIKit` / `MobileCoreServices` / `UniformTypeIdentifiers`, NSExtensionContext, NSItemProvider, UTType...
    .library(
      name: "AppleExtensionAPI", targets: ["WebActionFoundation", "UIKit", "MobileCoreServices", "UniformTypeIdentifiers"]),
  ],
  traits: [
    .trait(
      name: "Gumbo",
      description: "Also build the gumbo parser (libgumbo-dev), for differential testing against the Swift HTML5 parser.")
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // translate's translation memory: SQLite through GRDB (the system libsqlite3, WAL, busy timeout, migrations).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // `swift package generate-documentation`: the DocC catalogs of WebActionKit and WebActionHost (Scripts/docs).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // System libraries. C headers enter the package only through these shims.
    .systemLibrary(
      name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1",
      providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]),
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(
      name: "CGumbo", pkgConfig: "gumbo",
      providers: [.apt(["libgumbo-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev"])]),
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    // Compact Language Detector 2 (libcld2-dev) for translate's language detection, behind one C function (its API is C++).
    .target(name: "CCLD2", linkerSettings: [.linkedLibrary("cld2")]),
    // glibc's <malloc.h> (mallopt), which the Glibc module does not import.
    .systemLibrary(name: "CMalloc"),

    // Engine layers.
    .target(name: "JSBridge", dependencies: ["CJavaScriptCore"]),
    // Cross-module optimization: the matcher is generic over its tree, and without it every call from DOM went
    // through unspecialized generic code (runtime metadata lookups were 11% of page-info on a 2 MB page; with it,
    // page-info's time there fell 22%, Scripts/bench batch). An unsafe flag: the root package only.
    .target(name: "CSSSelectors", swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
    // The WHATWG Encoding Standard: decoders, encoders, labels and index tables (pure Swift).
    .target(name: "TextEncodings"),
    // The WHATWG URL Standard (parser, serializer, setters, IDNA), pure Swift: DOM and the bindings share it.
    .target(name: "URLStandard"),
    .target(
      name: "DOM",
      dependencies: [
        "CLibXML2", "CHarfBuzz", "CSSSelectors", "TextEncodings", "URLStandard", .target(name: "CGumbo", condition: .when(traits: ["Gumbo"])),
      ]),
    .target(name: "DOMBindings", dependencies: ["JSBridge", "DOM", "TextEncodings", "URLStandard"]),

    // The SDK extension authors import, and the host that drives it.
    .target(name: "WebActionKit"),
    // Apple's names over WebActionKit: Foundation's extension classes, then the modules iOS code imports.
    .target(name: "WebActionFoundation", dependencies: ["WebActionKit"], path: "Sources/AppleAPI/WebActionFoundation"),
    .target(
      name: "UniformTypeIdentifiers", dependencies: ["WebActionKit"], path: "Sources/AppleAPI/UniformTypeIdentifiers"),
    .target(
      name: "MobileCoreServices", dependencies: ["WebActionFoundation", "UniformTypeIdentifiers", "WebActionKit"],
      path: "Sources/AppleAPI/MobileCoreServices"),
    .target(name: "UIKit", dependencies: ["WebActionFoundation", "UniformTypeIdentifiers"], path: "Sources/AppleAPI/UIKit"),
    .target(
      name: "WebActionHost",
      dependencies: [
        "CZlib", "DOMBindings", "DOM", "JSBridge", "TextEncodings", "URLStandard", "WebActionKit",
      ]),

    // Built-in extensions: written only against WebActionKit, as a third party would.
    .target(
      name: "BackgroundExtension", dependencies: ["WebActionKit"], path: "Sources/Extensions/Background",
      resources: [.copy("Resources/background.appex")]),
    .target(
      name: "PageInfoExtension", dependencies: ["WebActionKit"], path: "Sources/Extensions/PageInfo",
      resources: [.copy("Resources/page-info.appex")]),
    .target(
      name: "TranslateExtension",
      dependencies: ["WebActionKit", "CCLD2", .product(name: "GRDB", package: "GRDB.swift")], path: "Sources/Extensions/Translate",
      resources: [.copy("Resources/translate.appex")]),

    .executableTarget(
      name: "webaction",
      dependencies: [
        "CMalloc", "WebActionHost", "WebActionKit", "URLStandard", "BackgroundExtension", "PageInfoExtension", "TranslateExtension",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // Parser harnesses: `Scripts/bench parser` and `Scripts/fuzz` (DOM's @_spi(Harness) API).
    .executableTarget(name: "parser-bench", dependencies: ["DOM"], path: "Benchmarks/ParserBench"),
    // `Scripts/bench encoding`: the WHATWG decoders against glibc's iconv.
    .executableTarget(name: "encoding-bench", dependencies: ["TextEncodings"], path: "Benchmarks/EncodingBench"),
    // libFuzzer targets (`Scripts/fuzz TARGET`); each also builds plainly as a replay command for its findings.
    .target(name: "FuzzSupport", dependencies: ["WebActionKit"], path: "Fuzz/Support"),
    .executableTarget(
      name: "fuzz-parse", dependencies: ["DOM", "FuzzSupport"], path: "Fuzz/ParseRoundTrip", exclude: ["regressions"]),
    .executableTarget(
      name: "fuzz-selectors", dependencies: ["CSSSelectors", "FuzzSupport"], path: "Fuzz/Selectors",
      exclude: ["seeds"]),
    .executableTarget(
      name: "fuzz-encoding", dependencies: ["DOM", "TextEncodings", "FuzzSupport"], path: "Fuzz/Encoding",
      exclude: ["seeds"]),
    .executableTarget(
      name: "fuzz-manifest", dependencies: ["WebActionKit", "FuzzSupport"], path: "Fuzz/Manifest",
      exclude: ["seeds", "regressions"]),
    .executableTarget(
      name: "fuzz-plist-bridge", dependencies: ["WebActionHost", "JSBridge", "WebActionKit", "FuzzSupport"],
      path: "Fuzz/PlistBridge", exclude: ["seeds", "regressions"]),
    .executableTarget(
      name: "fuzz-formats", dependencies: ["WebActionHost", "FuzzSupport"], path: "Fuzz/Formats", exclude: ["regressions"]),
    // An extension as its own executable, written against WebActionKit alone (Examples/background-swift.appex).
    .executableTarget(name: "background-swift", dependencies: ["WebActionKit"], path: "Examples/BackgroundSwift"),
    // The WPT runner's host: the pipeline with subresources from a real wptserve (test infrastructure only).
    .executableTarget(name: "wpt-host", dependencies: ["WebActionHost", "URLStandard"], path: "Tests/WPTHost"),

    // `assertScalesLinearly`, for the ScalingTests of the targets below (time at n and 4n, in one run).
    .target(name: "ScalingTestSupport", path: "Tests/ScalingTestSupport"),
    .testTarget(name: "JSBridgeTests", dependencies: ["JSBridge"]),
    .testTarget(name: "CSSSelectorsTests", dependencies: ["CSSSelectors", "ScalingTestSupport"]),
    .testTarget(name: "TextEncodingsTests", dependencies: ["TextEncodings"]),
    // The URL parser against WPT's url/resources data, read in place from ../shared/wpt.
    .testTarget(name: "URLStandardTests", dependencies: ["URLStandard"]),
    .testTarget(name: "DOMTests", dependencies: ["DOM", "URLStandard", "ScalingTestSupport"]),
    .testTarget(
      name: "DOMBindingsTests", dependencies: ["DOMBindings", "JSBridge", "DOM", "URLStandard", "ScalingTestSupport"]),
    .testTarget(name: "WebActionKitTests", dependencies: ["WebActionKit"]),
    // Request handlers as iOS extensions write them (Handlers/), compiled unchanged in Swift 5's mode and run.
    .testTarget(
      name: "AppleExtensionAPITests",
      dependencies: ["WebActionFoundation", "UIKit", "MobileCoreServices", "UniformTypeIdentifiers", "WebActionKit"],
      exclude: ["Handlers/README.md"],
      // As `webaction port` builds a ported target: Swift 5's mode, and the classes iOS keeps in Foundation visible
      // to a file that imports only Foundation.
      swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "WebActionFoundation"])]),
    .testTarget(
      name: "WebActionHostTests",
      dependencies: ["WebActionHost", "WebActionKit", "URLStandard", "BackgroundExtension", "PageInfoExtension"]),
    // End-to-end tests run the built `webaction` binary (Scripts/test builds everything first); fixtures are read in place.
    .testTarget(name: "webactionTests", dependencies: ["ScalingTestSupport"], exclude: ["Fixtures"]),
    // web-platform-tests through the built `wpt-host` binary and wptserve (Scripts/wpt); ../shared/wpt is read in place.
    .testTarget(name: "WPTTests", dependencies: [], exclude: ["Harness", "Expectations"]),
    .testTarget(
      name: "TranslateExtensionTests", dependencies: ["TranslateExtension", "WebActionKit"],
      resources: [.copy("Fixtures")]),
  ],
  swiftLanguageModes: [.v6]
)
