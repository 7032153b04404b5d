import DOM
import Foundation
import JSBridge
import URLStandard

/// An `<img>`'s current request as webaction can settle it without a network: the image is "completely available"
/// when its bytes are at hand (a `data:` URL, or a file the host serves through ``WindowOptions/fetch``: the saved
/// page's resources or `--subresources`) and their header gives a size (PNG, GIF, JPEG, WebP, BMP); otherwise the
/// request is "broken", as a browser's is when the fetch fails: `complete` is true, the natural size is 0.
///
/// https://html.spec.whatwg.org/multipage/images.html#img-request-state and
/// https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-complete
struct ImageRequest {
  /// The URL the request is for (`currentSrc`), "" when there is none.
  var currentURL = ""
  /// The natural size when the image is available.
  var naturalSize: (width: Int, height: Int)?

  /// The request for the source an `<img>` selects (its `<picture>`'s sources, `srcset` and `sizes` against the
  /// viewport: ``DOM/ImageSourceSelection``), or another element's `src`.
  init(for element: Element, window: Window) {
    let source =
      element.isHTML(named: "img")
      ? ImageSourceSelection.selectedSource(of: element, environment: element.document.mediaEnvironment)
      : element.getAttribute("src")
    guard let src = source, !src.isEmpty, let url = element.document.resolveURL(src) else { return }
    currentURL = url.href
    let bytes: [UInt8]?
    if url.scheme == "data" {
      bytes = DataURL.body(url.href)
    } else if case .response(let status, let body, _) = window.options.fetch(url), (200..<300).contains(status) {
      bytes = body
    } else {
      bytes = nil
    }
    naturalSize = bytes.flatMap(Self.dimensions(of:))
  }

  /// The width and height an image file's header states; nil when it is none of the formats read here.
  static func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
    func be16(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : 0 }
    func le16(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : 0 }
    func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
    func le32(_ i: Int) -> Int { le16(i) | le16(i + 2) << 16 }
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    // PNG: the IHDR chunk's width and height.
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 { return (be32(16), be32(20)) }
    // GIF87a / GIF89a: the logical screen size.
    if starts(Array("GIF8".utf8)), bytes.count >= 10 { return (le16(6), le16(8)) }
    // BMP: the info header's width and height (a negative height is top-down).
    if starts(Array("BM".utf8)), bytes.count >= 26 { return (abs(Int(Int32(truncatingIfNeeded: le32(18)))), abs(Int(Int32(truncatingIfNeeded: le32(22))))) }
    // WebP: VP8 (lossy), VP8L (lossless) or VP8X (extended).
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8), bytes.count >= 30 {
      if starts(Array("VP8 ".utf8), at: 12) { return (le16(26) & 0x3FFF, le16(28) & 0x3FFF) }
      if starts(Array("VP8L".utf8), at: 12) {
        let bits = le32(21)
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
      }
      if starts(Array("VP8X".utf8), at: 12) {
        return ((le16(24) | Int(bytes[26]) << 16) + 1, (le16(27) | Int(bytes[29]) << 16) + 1)
      }
      return nil
    }
    // JPEG: the first start-of-frame marker's height and width.
    if starts([0xFF, 0xD8]) {
      var i = 2
      while i + 9 < bytes.count, bytes[i] == 0xFF {
        let marker = bytes[i + 1]
        let length = be16(i + 2)
        if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC { return (be16(i + 7), be16(i + 5)) }
        guard length >= 2 else { return nil }
        i += 2 + length
      }
    }
    return nil
  }
}

/// `data:` URLs, read as fetch reads them.
enum DataURL {
  /// The body of a `data:` URL (https://fetch.spec.whatwg.org/#data-url-processor, steps 4-12), nil when malformed.
  static func body(_ href: String) -> [UInt8]? {
    guard let comma = href.firstIndex(of: ",") else { return nil }
    let header = href[href.index(href.startIndex, offsetBy: 5)..<comma]
    let body = PercentEncoding.decode(Array(href[href.index(after: comma)...].utf8))
    let isBase64 = header.split(separator: ";").last.map { $0.trimmingCharacters(in: .whitespaces).lowercased() == "base64" } ?? false
    guard isBase64 else { return body }
    return ForgivingBase64.decode(String(decoding: body, as: UTF8.self).utf16)
  }
}

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/embedded-content.html#htmlimageelement, the request's members.
  static func addImageRequest(_ b: InterfaceBuilder<Element>) {
    @Sendable func request(_ image: Element, _ context: ScriptContext) throws(ScriptError) -> ImageRequest {
      ImageRequest(for: image, window: try context.window())
    }
    // https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-complete: no src (or an empty one),
    // available, or broken: with no network, every request is settled.
    b.contextGetter("complete") { _, _ in true }
    b.contextGetter("naturalWidth") { image, context in try request(image, context).naturalSize?.width ?? 0 }
    b.contextGetter("naturalHeight") { image, context in try request(image, context).naturalSize?.height ?? 0 }
    b.contextGetter("currentSrc") { image, context in try request(image, context).currentURL }
    // https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-width: a rendered image's content box
    // size; else the attribute when given, else the natural size.
    for (name, side) in [("width", 0), ("height", 1)] {
      b.contextAccessor(name, get: { image, context -> Int in
        if let layout = try Geometry.layout(image, context), let size = layout.contentSize(of: image) {
          return Int(side == 0 ? size.width : size.height)
        }
        if let value = image.getAttribute(name).flatMap(ReflectedInteger.parseInteger), value >= 0 { return value }
        let size = try request(image, context).naturalSize
        return (side == 0 ? size?.width : size?.height) ?? 0
      }, set: { image, value, _ in
        // An unsigned long past 2147483647 is written as the default (https://html.spec.whatwg.org/#reflecting-content-attributes-in-idl-attributes).
        let number = ReflectedInteger.uint32(value.toDouble())
        try image.setAttribute(name, String(number > 2_147_483_647 ? 0 : number))
      })
    }
    // https://drafts.csswg.org/cssom-view/#dom-htmlimageelement-x: the border box's left and top, 0 with no box.
    // (`long`: truncated, as WebKit gives them).
    b.contextGetter("x") { image, context in Int(try Geometry.layout(image, context)?.borderBox(of: image)?.x ?? 0) }
    b.contextGetter("y") { image, context in Int(try Geometry.layout(image, context)?.borderBox(of: image)?.y ?? 0) }
    // https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-decode: resolves for an available image,
    // rejects with an EncodingError for a broken one.
    b.method("decode") { image, args -> ScriptValue in
      let context = args.context
      let window = try context.window()
      if ImageRequest(for: image, window: window).naturalSize != nil { return try window.resolvedPromise(context.makeUndefined()) }
      let error = window.makeDOMException(DOMException(.encodingError, "The source image cannot be decoded."))
      let promise = try context.global.property("Promise")
      return try promise.property("reject").call(this: promise, args: [error ?? context.makeUndefined()])
    }
  }
}
