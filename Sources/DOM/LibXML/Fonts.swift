import CHarfBuzz
import Foundation

/// What a box asks of a font: its `font-family` list, weight, style and size.
public struct FontDescription: Hashable, Sendable {
  /// The families in order, generic names lowercased (`serif`, `monospace`, `-webkit-standard`).
  public var families: [String]
  public var weight: Int
  public var italic: Bool
  /// In CSS pixels.
  public var size: Double

  public init(families: [String], weight: Int = 400, italic: Bool = false, size: Double = 16) {
    self.families = families
    self.weight = weight
    self.italic = italic
    self.size = size
  }

  public init(style: ComputedStyle) {
    families = CSSStyleDeclaration.splitTopLevel(style[.fontFamily], where: { $0 == "," }).map {
      var family = String($0).trimmingCSSWhitespace()
      if family.count >= 2, let quote = family.first, quote == "\"" || quote == "'", family.last == quote {
        family = String(family.dropFirst().dropLast())
      }
      return family
    }
    weight = Int(Double(style[.fontWeight]) ?? 400)
    italic = style[.fontStyle] != "normal"
    size = style.fontSizePixels
  }
}

/// A font at one size: its metrics as WebKit rounds them, and the width of text shaped by HarfBuzz.
///
/// WebKitGTK measures with this machine's fonts through fontconfig and FreeType with slight hinting: ascent and
/// descent rounded to whole pixels (a line of DejaVu Sans at 16px is 15 + 4 = 19 px), each glyph's advance rounded
/// to a whole pixel, kerning from the font's GPOS table left fractional. Measured against WebKitGTK 2.50 in
/// FontTests (the widths of one sentence in the families WebKit picked for serif, sans-serif, monospace, Arial,
/// Helvetica, Times New Roman and Courier New).
public final class Font: @unchecked Sendable {
  public let description: FontDescription
  /// The file fontconfig chose, and its family name.
  public let path: String
  public let family: String
  public let ascent: Double
  public let descent: Double
  public let lineGap: Double
  /// The width of one space.
  public private(set) var spaceWidth: Double = 0
  /// Synthesized bold (the request is bold, the face is not): WebKit widens every glyph by one pixel.
  let syntheticBoldOffset: Double

  private let face: FT_Face
  private let hbFont: OpaquePointer
  /// Guards `widths`, `buffer` and `fallbacks`: fonts are shared by every thread's documents.
  private let lock = NSLock()
  @exclusivity(unchecked) private var widths = WidthCache()
  /// HarfBuzz's buffer for `width(of:)`'s shaping, cleared for each word (one made and freed per word was a fifth
  /// of a measurement).
  private let buffer: OpaquePointer
  private var fallbacks: [UInt32: Font?] = [:]

  /// The content area's height (ascent + descent), which inline boxes' rects have.
  public var height: Double { ascent + descent }
  /// `line-height: normal`.
  public var normalLineHeight: Double { ascent + descent + lineGap }

  init(description: FontDescription, path: String, index: Int, family: String, syntheticBold: Bool, library: FT_Library) throws {
    var face: FT_Face?
    guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else {
      throw FontError.cannotLoad(path)
    }
    self.description = description
    self.path = path
    self.family = family
    self.face = face
    // 26.6 fixed point: the size in 64ths of a pixel.
    FT_Set_Char_Size(face, 0, FT_F26Dot6((description.size * 64).rounded()), 72, 72)
    hbFont = hb_ft_font_create_referenced(face)
    buffer = hb_buffer_create()!
    // FT_LOAD_TARGET_LIGHT (a macro Swift does not import): slight hinting, fontconfig's default here.
    hb_ft_font_set_load_flags(hbFont, Int32(FT_LOAD_DEFAULT) | Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16)
    let unitsPerEm = Double(face.pointee.units_per_EM == 0 ? 1000 : face.pointee.units_per_EM)
    let scale = description.size / unitsPerEm
    var ascender = Double(face.pointee.ascender), descender = -Double(face.pointee.descender)
    var gap = Double(face.pointee.height) - ascender - descender
    // fonts whose hhea metrics are empty: the OS/2 table's (as FreeType's own fallback does).
    if ascender == 0 && descender == 0, let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self) {
      ascender = Double(os2.pointee.sTypoAscender)
      descender = -Double(os2.pointee.sTypoDescender)
      gap = Double(os2.pointee.sTypoLineGap)
    }
    ascent = (ascender * scale).rounded()
    descent = (descender * scale).rounded()
    lineGap = max(0, (gap * scale).rounded())
    syntheticBoldOffset = syntheticBold ? 1 : 0
    spaceWidth = measure(" "[...], in: buffer)
  }

  deinit {
    hb_buffer_destroy(buffer)
    hb_font_destroy(hbFont)
  }

  /// The width of `text` in this font, shaped as one run (kerning and ligatures on, as WebKit's defaults); the
  /// characters this font lacks are measured in the font fontconfig finds for them.
  public func width(of text: Substring) -> Double {
    let word = text
    var text = text
    return text.withUTF8 { bytes in
      let hash = WidthCache.hash(bytes)
      lock.lock()
      defer { lock.unlock() }
      if let known = widths.width(of: bytes, hash: hash) { return known }
      let width = measure(word, in: buffer)
      widths.insert(bytes, hash: hash, width: width)
      return width
    }
  }

  /// Shapes `text` in `buffer` (this font's own under its lock, or a buffer of the caller's).
  private func measure(_ text: Substring, in buffer: OpaquePointer) -> Double {
    guard !text.isEmpty else { return 0 }
    hb_buffer_clear_contents(buffer)
    var text = text
    // Clusters are UTF-8 offsets into `text`.
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count)) }
    }
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(hbFont, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return 0 }
    var total = 0.0
    var missing: [Int] = []
    for i in 0..<Int(count) {
      if infos[i].codepoint == 0 {
        missing.append(Int(infos[i].cluster))
        continue
      }
      // The glyph's own advance rounded to a whole pixel (hinted metrics), plus what shaping added (kerning).
      let nominal = hb_font_get_glyph_h_advance(hbFont, infos[i].codepoint)
      total += Double(Self.roundedAdvance(nominal) + positions[i].x_advance - nominal) / 64 + syntheticBoldOffset
    }
    for cluster in missing {
      // The code point at this UTF-8 offset, measured in a fallback font (in a buffer of its own: the fallback's
      // lock is not held, and it may be this font).
      let index = text.utf8.index(text.utf8.startIndex, offsetBy: cluster)
      guard let scalar = text[index...].unicodeScalars.first else { continue }
      if let fallback = fallback(for: scalar.value) {
        let own = hb_buffer_create()!
        defer { hb_buffer_destroy(own) }
        total += fallback.measure(Substring(String(Character(scalar))), in: own)
      } else {
        total += description.size / 2
      }
    }
    return total
  }

  /// The font for a character this one lacks: fontconfig's best match for the family with that character.
  private func fallback(for scalar: UInt32) -> Font? {
    if let known = fallbacks[scalar] { return known }
    let font = FontCatalog.shared.fallbackFont(for: description, character: scalar)
    fallbacks[scalar] = font
    return font
  }

  /// The glyph advances in this font's hinted FreeType metrics (whole pixels).
  static func roundedAdvance(_ value: hb_position_t) -> hb_position_t { (value + 32) & ~63 }
}

/// The widths a font measured, by word: open addressing over the words' FNV-1a hashes, with linear probing, keyed
/// by the words' UTF-8 bytes. (A Dictionary keyed by Substring hashed every word with SipHash and compared it through
/// String's generic paths, 550 instructions a lookup, a quarter of a text box's cost; a Substring key also kept its
/// whole text node's string alive.) Emptied when it holds 50,000 words.
struct WidthCache {
  private struct Slot {
    var hash: UInt64
    var bytes: [UInt8]
    var width: Double
  }

  private var slots = [Slot?](repeating: nil, count: 1024)
  private var count = 0

  /// FNV-1a over a word's UTF-8 bytes.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  func width(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Double? {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while let slot = slots[index] {
      if slot.hash == hash, slot.bytes.elementsEqual(bytes) { return slot.width }
      index = (index + 1) & mask
    }
    return nil
  }

  mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, width: Double) {
    if count >= 50_000 {
      slots = [Slot?](repeating: nil, count: 1024)
      count = 0
    } else if (count + 1) * 2 > slots.count {
      let old = slots
      slots = [Slot?](repeating: nil, count: slots.count * 2)
      for case let slot? in old { place(slot) }
    }
    place(Slot(hash: hash, bytes: Array(bytes), width: width))
    count += 1
  }

  private mutating func place(_ slot: Slot) {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: slot.hash) & mask
    while slots[index] != nil { index = (index + 1) & mask }
    slots[index] = slot
  }
}

enum FontError: Error, CustomStringConvertible {
  case cannotLoad(String)
  case noFont

  var description: String {
    switch self {
    case .cannotLoad(let path): "FreeType cannot load the font \(path)"
    case .noFont: "fontconfig found no font at all (install fonts-dejavu-core: Scripts/install-deps)"
    }
  }
}

/// The fonts of this machine by description, chosen as WebKitGTK chooses: each family of the list in turn through
/// fontconfig, accepted when fontconfig's match is that family or one it aliases strongly to it (Arial to
/// Liberation Sans, Helvetica to Nimbus Sans), the generic families through WebKitGTK's settings (the standard
/// family, `-webkit-standard`, is sans-serif; cursive and fantasy are serif), and sans-serif when nothing matched.
/// One per process, shared by every document; thread-safe.
public final class FontCatalog: @unchecked Sendable {
  public static let shared = FontCatalog()

  private let lock = NSRecursiveLock()
  private var library: FT_Library?
  private var fonts: [FontDescription: Font] = [:]

  private init() {
    FcInit()
    var library: FT_Library?
    FT_Init_FreeType(&library)
    self.library = library
  }

  /// Why layout cannot measure text on this machine (fontconfig finds no font to fall back on), naming the package
  /// to install; nil when it can. Layout's callers check it before laying out (``font(for:)`` needs a font).
  public private(set) lazy var missingFonts: String? = {
    lock.lock()
    defer { lock.unlock() }
    let description = FontDescription(families: ["sans-serif"], size: 16)
    if let match = match(family: "sans-serif", description, requireFamily: false), load(match, description) != nil { return nil }
    return FontError.noFont.description
  }()

  /// The generic families as fontconfig names them (WebKitGTK's default settings).
  static func fontconfigName(ofGeneric family: String) -> String? {
    switch family.asciiLowercased {
    case "-webkit-standard", "sans-serif", "system-ui", "ui-sans-serif", "ui-rounded", "-apple-system", "-webkit-body":
      "sans-serif"
    case "serif", "ui-serif", "cursive", "fantasy", "math", "fangsong", "-webkit-pictograph": "serif"
    case "monospace", "ui-monospace": "monospace"
    default: nil
    }
  }

  public func font(for description: FontDescription) -> Font {
    lock.lock()
    defer { lock.unlock() }
    if let font = fonts[description] { return font }
    let font = makeFont(description)
    fonts[description] = font
    return font
  }

  private func makeFont(_ description: FontDescription) -> Font {
    for family in description.families {
      let generic = Self.fontconfigName(ofGeneric: family)
      if let match = match(family: generic ?? family, description, requireFamily: generic == nil),
        let font = load(match, description)
      {
        return font
      }
    }
    if let match = match(family: "sans-serif", description, requireFamily: false), let font = load(match, description) {
      return font
    }
    fatalError("\(FontError.noFont)")
  }

  private func load(_ match: (path: String, index: Int, family: String, weight: Int), _ description: FontDescription) -> Font? {
    guard let library else { return nil }
    // WebKit synthesizes bold when the request is 600 or more and the face chosen is lighter than that.
    let synthetic = description.weight >= 600 && match.weight < 600
    return try? Font(
      description: description, path: match.path, index: match.index, family: match.family, syntheticBold: synthetic,
      library: library)
  }

  /// fontconfig's match for one family at the description's weight and slant; when `requireFamily`, nil unless the
  /// match is the family asked for or strongly aliased to it.
  private func match(family: String, _ description: FontDescription, requireFamily: Bool, character: UInt32? = nil)
    -> (path: String, index: Int, family: String, weight: Int)?
  {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    family.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) } }
    FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(description.weight))))
    FcPatternAddInteger(pattern, FC_SLANT, description.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
    FcPatternAddDouble(pattern, FC_PIXEL_SIZE, description.size)
    if let character, let charset = FcCharSetCreate() {
      FcCharSetAddChar(charset, character)
      FcPatternAddCharSet(pattern, FC_CHARSET, charset)
      FcCharSetDestroy(charset)
    }
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(matched) }
    var file: UnsafeMutablePointer<FcChar8>?
    var name: UnsafeMutablePointer<FcChar8>?
    var index: Int32 = 0, weight: Int32 = Int32(FC_WEIGHT_REGULAR)
    guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file,
      FcPatternGetString(matched, FC_FAMILY, 0, &name) == FcResultMatch, let name
    else { return nil }
    FcPatternGetInteger(matched, FC_INDEX, 0, &index)
    FcPatternGetInteger(matched, FC_WEIGHT, 0, &weight)
    let matchedFamily = String(cString: name)
    if let character {
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(matched, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        FcCharSetHasChar(charset, character) != 0
      else { return nil }
    }
    if requireFamily && matchedFamily.asciiLowercased != family.asciiLowercased
      && !Self.strongAliases(of: pattern).contains(matchedFamily.asciiLowercased)
    {
      return nil
    }
    return (String(cString: file), Int(index), matchedFamily, Int(FcWeightToOpenType(Int32(weight))))
  }

  /// The families fontconfig's configuration binds strongly to the one asked for (its metric aliases: Arial →
  /// Liberation Sans), as opposed to the weak defaults it appends to every request.
  private static func strongAliases(of pattern: OpaquePointer) -> Set<String> {
    var aliases: Set<String> = []
    var value = FcValue()
    var binding = FcValueBindingWeak
    var id: Int32 = 0
    while FcPatternGetWithBinding(pattern, FC_FAMILY, id, &value, &binding) == FcResultMatch {
      if binding == FcValueBindingStrong, value.type == FcTypeString, let string = value.u.s {
        aliases.insert(String(cString: string).asciiLowercased)
      }
      id += 1
    }
    return aliases
  }

  /// A font with `character` for text whose font lacks it.
  func fallbackFont(for description: FontDescription, character: UInt32) -> Font? {
    lock.lock()
    defer { lock.unlock() }
    let family = description.families.first.flatMap { Self.fontconfigName(ofGeneric: $0) } ?? "sans-serif"
    guard let match = match(family: family, description, requireFamily: false, character: character) else { return nil }
    return load(match, description)
  }
}
