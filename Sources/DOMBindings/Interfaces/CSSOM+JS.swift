import DOM
import JSBridge

/// CSSOM's style sheets as scripts read them (https://drafts.csswg.org/cssom/#the-stylesheet-interface):
/// `document.styleSheets`, `style.sheet`/`link.sheet`, and each sheet's `cssRules`. Read-only here: the cascade
/// reads the owners' text (``DOM/Document/styleSheetOwners``), so `insertRule`, `deleteRule` and `replace` are
/// not provided rather than accepted and ignored; `cssRules` follows the owner's text as it is now.
final class CSSStyleSheetObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.cssStyleSheet.erased }

  let owner: Element
  init(owner: Element) { self.owner = owner }

  /// The `cssRules` list, kept while the document does not change (so `sheet.cssRules === sheet.cssRules`, and a
  /// loop over them parses the sheet once).
  private var ruleList: (version: UInt64, list: CSSRuleListObject)?

  /// The sheet's rules as CSSOM lists them (a `link` whose file is not at hand has none).
  var cssRules: CSSRuleListObject {
    let version = owner.document.styleVersion
    if let ruleList, ruleList.version == version { return ruleList.list }
    let list = CSSRuleListObject(owner.styleSheetRules, sheet: self)
    ruleList = (version, list)
    return list
  }

  /// The one sheet object of `owner` in `context` (so `style.sheet === document.styleSheets[0]`); nil when the
  /// element has no sheet.
  static func of(_ owner: Element, in context: ScriptContext) throws(ScriptError) -> CSSStyleSheetObject? {
    guard owner.ownsStyleSheet else { return nil }
    do {
      return try context.sameObject(of: owner, "sheet") { CSSStyleSheetObject(owner: owner) }
    } catch let error as ScriptError {
      throw error
    } catch {
      throw ScriptError(kind: .host, message: "the style sheet of <\(owner.localName)>: \(error)")
    }
  }
}

/// An element's sheet, made in the context that reads it (an indexed getter is not told its context).
struct StyleSheetOf: ScriptConvertible {
  let owner: Element

  func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    guard let sheet = try CSSStyleSheetObject.of(owner, in: context) else { return context.makeNull() }
    return try sheet.scriptValue(in: context)
  }
}

/// `document.styleSheets`: the sheets of the document's owners, in tree order, live.
final class StyleSheetListObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.styleSheetList.erased }

  let document: Document
  init(document: Document) { self.document = document }

  private var cached: (version: UInt64, owners: [Element])?

  /// The owners now, found once per change of the document (an index loop reads `length` and `[i]` each turn).
  var owners: [Element] {
    let version = document.styleVersion
    if let cached, cached.version == version { return cached.owners }
    let owners = document.styleSheetOwners
    cached = (version, owners)
    return owners
  }
}

/// A sheet's (or a grouping rule's) `cssRules`: a snapshot of the rules when it was read.
final class CSSRuleListObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.cssRuleList.erased }

  let rules: [CSSRuleObject]
  init(rules: [CSSRuleObject]) { self.rules = rules }

  convenience init(_ summaries: [CSSRuleSummary], sheet: CSSStyleSheetObject?) {
    self.init(rules: summaries.map { CSSRuleObject(summary: $0, sheet: sheet) })
  }
}

/// One rule of a sheet.
final class CSSRuleObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.cssRule.erased }

  let summary: CSSRuleSummary
  /// Weak: the sheet keeps its rule list, which keeps its rules (null once the sheet is gone).
  private(set) weak var sheet: CSSStyleSheetObject?
  init(summary: CSSRuleSummary, sheet: CSSStyleSheetObject?) {
    self.summary = summary
    self.sheet = sheet
  }
}

extension DOMInterfaces {
  /// https://drafts.csswg.org/cssom/#the-stylesheetlist-interface
  static let styleSheetList = Interface<StyleSheetListObject>("StyleSheetList") { b in
    b.indexed(
      length: { $0.owners.count },
      lookup: { list, index -> StyleSheetOf? in
        let owners = list.owners
        return index < owners.count ? StyleSheetOf(owner: owners[index]) : nil
      })
    b.valueIterable()
    b.method("item", length: 1) { list, args -> CSSStyleSheetObject? in
      let owners = list.owners
      let index = Int(try args.uint32(0))
      return index < owners.count ? try CSSStyleSheetObject.of(owners[index], in: args.context) : nil
    }
  }

  /// https://drafts.csswg.org/cssom/#the-stylesheet-interface
  static let styleSheet = Interface<CSSStyleSheetObject>("StyleSheet") { b in
    b.getter("type") { _ in "text/css" }
    b.getter("href") { sheet -> String? in
      guard sheet.owner.localName == "link", let href = sheet.owner.getAttribute("href") else { return nil }
      return sheet.owner.document.resolveURL(href)?.href
    }
    b.getter("ownerNode") { $0.owner }
    b.getter("parentStyleSheet") { _ -> CSSStyleSheetObject? in nil }
    b.getter("title") { sheet -> String? in
      guard let title = sheet.owner.getAttribute("title"), !title.isEmpty else { return nil }
      return title
    }
    b.getter("disabled") { _ in false }
  }

  /// https://drafts.csswg.org/cssom/#the-cssstylesheet-interface (`cssRules` and its legacy alias `rules`).
  static let cssStyleSheet = Interface<CSSStyleSheetObject>("CSSStyleSheet", inherits: styleSheet) { b in
    b.getter("ownerRule") { _ -> CSSRuleObject? in nil }
    for name in ["cssRules", "rules"] {
      b.getter(name) { $0.cssRules }
    }
  }

  /// https://drafts.csswg.org/cssom/#the-cssrulelist-interface
  static let cssRuleList = Interface<CSSRuleListObject>("CSSRuleList") { b in
    b.indexed(length: { $0.rules.count }, lookup: { list, index in index < list.rules.count ? list.rules[index] : nil })
    b.valueIterable()
    b.method("item", length: 1) { list, args -> CSSRuleObject? in
      let index = Int(try args.uint32(0))
      return index < list.rules.count ? list.rules[index] : nil
    }
  }

  /// https://drafts.csswg.org/cssom/#the-cssrule-interface, with a style rule's `selectorText` and a grouping
  /// rule's `cssRules` on the same object (there are no CSSStyleRule or CSSMediaRule interfaces here).
  static let cssRule = Interface<CSSRuleObject>("CSSRule") { b in
    for (name, value) in [
      ("STYLE_RULE", 1), ("CHARSET_RULE", 2), ("IMPORT_RULE", 3), ("MEDIA_RULE", 4), ("FONT_FACE_RULE", 5),
      ("PAGE_RULE", 6), ("KEYFRAMES_RULE", 7), ("KEYFRAME_RULE", 8), ("MARGIN_RULE", 9), ("NAMESPACE_RULE", 10),
      ("COUNTER_STYLE_RULE", 11), ("SUPPORTS_RULE", 12), ("FONT_FEATURE_VALUES_RULE", 14),
    ] {
      b.constant(name, Double(value))
    }
    b.getter("type") { $0.summary.type }
    b.getter("cssText") { $0.summary.cssText }
    b.getter("selectorText") { $0.summary.selectorText }
    b.getter("parentStyleSheet") { $0.sheet }
    b.getter("parentRule") { _ -> CSSRuleObject? in nil }
    b.getter("cssRules") { rule -> CSSRuleListObject? in
      rule.summary.type == 1 ? nil : CSSRuleListObject(rule.summary.childRules, sheet: rule.sheet)
    }
  }
}
