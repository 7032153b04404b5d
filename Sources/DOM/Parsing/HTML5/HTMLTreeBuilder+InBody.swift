import CLibXML2

/// The "in body" insertion mode. https://html.spec.whatwg.org/#parsing-main-inbody
extension HTMLTreeBuilder {
  static let listItems: Set<String> = ["li"]
  static let definitionItems: Set<String> = ["dd", "dt"]
  static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

  mutating func inBodyMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s): inBodyCharacters(Substring(s))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag): inBodyStartTag(tag, token)
    case .endTag(let tag): inBodyEndTag(tag, token)
    case .endOfFile:
      if !templateModes.isEmpty { return inTemplateMode(token) }
      stopParsing()
    }
  }

  mutating func inBodyCharacters(_ run: Substring) {
    let classes = run.classes
    let text = classes.hasNull ? run.withoutNulls : run
    guard !text.isEmpty else { return }
    reconstructFormatting()
    insertCharacters(text)
    if classes.hasOther { framesetOK = false }
  }

  private mutating func inBodyStartTag(_ tag: HTMLTag, _ token: HTMLToken) {
    let name = tag.name
    switch Self.bodyStartRules[name] {
    case .html?:
      if stackContains("template") { return }
      LibXML.addMissingAttributes(stack[0].node, tag.attributes)
    case .headContent?:
      inHeadMode(token)
    case .body?:
      guard stack.count > 1, stack[1].isHTML("body"), !stackContains("template") else { return }
      framesetOK = false
      LibXML.addMissingAttributes(stack[1].node, tag.attributes)
    case .frameset?:
      guard stack.count > 1, stack[1].isHTML("body"), framesetOK else { return }
      flushText()
      unlink(stack[1].node)
      discarded.append(stack[1].node)
      stack.removeAllButFirst()
      insertElement(tag)
      mode = .inFrameset
    case .closesParagraph?:
      closePElementInButtonScope()
      insertElement(tag)
    case .heading?:
      closePElementInButtonScope()
      if let current = currentNode, current.isHTML(in: Self.headings) { pop() }
      insertElement(tag)
    case .preListing?:
      closePElementInButtonScope()
      insertElement(tag)
      ignoreNextLineFeed = true
      framesetOK = false
    case .form?:
      let inTemplate = stackContains("template")
      if formElement != nil, !inTemplate { return }
      closePElementInButtonScope()
      let form = insertElement(tag)
      if !inTemplate { formElement = form.node }
    case .listItem?:
      // Step 1–6.
      framesetOK = false
      let closes = name == "li" ? Self.listItems : Self.definitionItems
      if let index = closes.compactMap(stack.lastIndex(ofHTML:)).max(),
         index >= stack.lastIndex(of: .endsListItemSearch) ?? -1
      {
        let node = stack[index]
        generateImpliedEndTags(except: node.name)
        popUntil(node.name)
      }
      closePElementInButtonScope()
      insertElement(tag)
    case .plaintext?:
      closePElementInButtonScope()
      insertElement(tag)
      tokenizer?.textState = .plaintext
    case .button?:
      if inScope("button") {
        generateImpliedEndTags()
        popUntil("button")
      }
      reconstructFormatting()
      insertElement(tag)
      framesetOK = false
    case .anchor?:
      if let a = lastFormattingElement(named: "a") {
        adoptionAgency("a")
        removeFormatting(a)
        if let index = stackIndex(of: a) { stack.remove(at: index) }
      }
      reconstructFormatting()
      pushFormatting(insertElement(tag), tag)
    case .formatting?:
      reconstructFormatting()
      pushFormatting(insertElement(tag), tag)
    case .nobr?:
      reconstructFormatting()
      if inScope("nobr") {
        adoptionAgency("nobr")
        reconstructFormatting()
      }
      pushFormatting(insertElement(tag), tag)
    case .appletMarqueeObject?:
      reconstructFormatting()
      insertElement(tag)
      formatting.appendMarker()
      framesetOK = false
    case .table?:
      if quirksMode != .quirks { closePElementInButtonScope() }
      insertElement(tag)
      framesetOK = false
      mode = .inTable
    case .voidElement?:
      reconstructFormatting()
      insertVoidElement(tag)
      framesetOK = false
    case .input?:
      // The customizable-select parser: an input closes an open select.
      if context?.isHTML("select") == true { return }
      if inScope("select") { popUntil("select") }
      reconstructFormatting()
      insertVoidElement(tag)
      if tag.attribute("type").map(asciiLowercased) != "hidden" { framesetOK = false }
    case .paramSourceTrack?:
      insertVoidElement(tag)
    case .hr?:
      closePElementInButtonScope()
      if inScope("select") { generateImpliedEndTags() }
      insertVoidElement(tag)
      framesetOK = false
    case .image?:
      var renamed = tag
      renamed.name = "img"
      dispatch(.startTag(renamed))
    case .textarea?:
      insertElement(tag)
      ignoreNextLineFeed = true
      tokenizer?.textState = .rcdata
      originalMode = mode
      framesetOK = false
      mode = .text
    case .xmp?:
      closePElementInButtonScope()
      reconstructFormatting()
      framesetOK = false
      parseGenericText(tag, state: .rawtext)
    case .iframe?:
      framesetOK = false
      parseGenericText(tag, state: .rawtext)
    case .noembed?:
      parseGenericText(tag, state: .rawtext)
    case .noscript? where scripting:
      parseGenericText(tag, state: .rawtext)
    case .select?:
      if context?.isHTML("select") == true { return }
      if inScope("select") {
        popUntil("select")
        return
      }
      reconstructFormatting()
      insertElement(tag)
      framesetOK = false
    case .option?:
      if inScope("select") {
        generateImpliedEndTags(except: "optgroup")
      } else if currentNode?.isHTML("option") == true {
        pop()
      }
      reconstructFormatting()
      insertElement(tag)
    case .optgroup?:
      if inScope("select") {
        generateImpliedEndTags()
      } else if currentNode?.isHTML("option") == true {
        pop()
      }
      reconstructFormatting()
      insertElement(tag)
    case .rbRtc?:
      if inScope("ruby") { generateImpliedEndTags() }
      insertElement(tag)
    case .rpRt?:
      if inScope("ruby") { generateImpliedEndTags(except: "rtc") }
      insertElement(tag)
    case .math?:
      reconstructFormatting()
      insertForeign(adjustMathMLAttributes(tag), ns: .mathml)
    case .svg?:
      reconstructFormatting()
      insertForeign(adjustSVGAttributes(tag), ns: .svg)
    case .ignored?:
      return
    default:
      reconstructFormatting()
      insertElement(tag)
    }
  }

  private mutating func inBodyEndTag(_ tag: HTMLTag, _ token: HTMLToken) {
    let name = tag.name
    switch Self.bodyEndRules[name] {
    case .template?: inHeadMode(token)
    case .bodyOrHTML?:
      guard inScope("body") else { return }
      mode = .afterBody
      if name == "html" { dispatch(token) }
    case .block?:
      guard inScope(name) else { return }
      generateImpliedEndTags()
      popUntil(name)
    case .select?:
      guard inScope("select") else { return }
      popUntil("select")
    case .form?:
      if !stackContains("template") {
        let node = formElement
        formElement = nil
        guard let node else { return }
        let form = Element(node: node, name: "form", ns: .html, isHTMLIntegrationPoint: false)
        guard inScope(form) else { return }
        generateImpliedEndTags()
        if let index = stackIndex(of: form) {
          flushText()
          stack.remove(at: index)
        }
      } else {
        guard inScope("form") else { return }
        generateImpliedEndTags()
        popUntil("form")
      }
    case .paragraph?:
      if !inScope("p", .button) { insertElement(named: "p") }
      closePElement()
    case .listItem?:
      guard inScope("li", .listItem) else { return }
      generateImpliedEndTags(except: "li")
      popUntil("li")
    case .ddDt?:
      guard inScope(name) else { return }
      generateImpliedEndTags(except: name)
      popUntil(name)
    case .heading?:
      guard inScope(oneOf: Self.headings) else { return }
      generateImpliedEndTags()
      popUntil(oneOf: Self.headings)
    case .formatting?:
      adoptionAgency(name)
    case .appletMarqueeObject?:
      guard inScope(name) else { return }
      generateImpliedEndTags()
      popUntil(name)
      clearFormattingToLastMarker()
    case .br?:
      inBodyStartTag(HTMLTag(name: "br"), .startTag(HTMLTag(name: "br")))
    default:
      anyOtherEndTag(name)
    }
  }

  /// The "any other end tag" steps of in body: walking down from the current node, the element named `name` is
  /// found first when the topmost one is above (or is) the topmost special element.
  mutating func anyOtherEndTag(_ name: String) {
    // Step 1–4.
    guard let index = stack.lastIndex(ofHTML: name), index >= stack.lastIndex(of: .special) ?? -1 else { return }
    let node = stack[index]
    generateImpliedEndTags(except: name)
    popUntil(node: node.node)
  }

  /// Inserts an SVG or MathML element for a start tag from in body or foreign content.
  mutating func insertForeign(_ tag: HTMLTag, ns: NS) {
    if tag.selfClosing { insertVoidElement(tag, ns: ns) } else { insertElement(tag, ns: ns) }
  }
}

extension HTMLTreeBuilder {
  /// https://html.spec.whatwg.org/#maybe-clone-an-option-into-selectedcontent — run when an option is popped.
  mutating func maybeCloneIntoSelectedContent(_ option: xmlNodePtr) {
    // Step 1: the option's select.
    guard let select = LibXML.ancestorHTMLElement(of: option, named: "select"),
          !LibXML.hasAttribute(select, "multiple"),
          let target = LibXML.descendantHTMLElements(of: select, named: "selectedcontent").first,
          !LibXML.isInclusiveAncestor(target, of: option)
    else { return }
    // Step 2: only the selected option (the last with `selected`, else the first) is shown.
    let options = LibXML.descendantHTMLElements(of: select, named: "option")
    let selected = options.last { LibXML.hasAttribute($0, "selected") } ?? options.first
    guard selected == option else { return }
    // Step 3: its children, cloned, replace the selectedcontent's. The old ones are freed after parsing, so no
    // pointer the stack or the list of active formatting elements may still hold is reused meanwhile.
    discarded += LibXML.removeChildren(of: target)
    LibXML.appendCopies(ofChildrenOf: option, to: target)
  }
}
