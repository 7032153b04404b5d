/// The insertion modes around the body: initial through after head, text, template, after body and frameset.
extension HTMLTreeBuilder {
  /// https://html.spec.whatwg.org/#the-initial-insertion-mode
  mutating func initialMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s):
      let (_, rest) = Substring(s).splitLeadingWhitespace()
      if !rest.isEmpty { initialAnythingElse(.characters(String(rest))) }
    case .comment(let data): insertComment(data, in: documentNode)
    case .doctype(let d):
      LibXML.appendDoctype(name: d.name ?? "", publicId: d.publicIdentifier ?? "",
                           systemId: d.systemIdentifier ?? "", to: doc)
      if d.forceQuirks {
        quirksMode = .quirks
      } else {
        quirksMode = QuirksMode.forDoctype(name: d.name ?? "", publicId: d.publicIdentifier ?? "",
                                           systemId: d.systemIdentifier ?? "")
      }
      mode = .beforeHTML
    default: initialAnythingElse(token)
    }
  }

  private mutating func initialAnythingElse(_ token: HTMLToken) {
    quirksMode = .quirks
    reprocess(token, in: .beforeHTML)
  }

  /// https://html.spec.whatwg.org/#the-before-html-insertion-mode
  mutating func beforeHTMLMode(_ token: HTMLToken) {
    switch token {
    case .doctype: return
    case .comment(let data): insertComment(data, in: documentNode)
    case .characters(let s):
      let (_, rest) = Substring(s).splitLeadingWhitespace()
      if !rest.isEmpty { beforeHTMLAnythingElse(.characters(String(rest)), tag: HTMLTag(name: "html")) }
    case .startTag(let tag) where tag.name == "html":
      let html = createElement(tag, ns: .html)
      insert(html.node, at: (documentNode, nil))
      stack.append(html)
      mode = .beforeHead
    case .endTag(let tag) where !["head", "body", "html", "br"].contains(tag.name): return
    default: beforeHTMLAnythingElse(token, tag: HTMLTag(name: "html"))
    }
  }

  private mutating func beforeHTMLAnythingElse(_ token: HTMLToken, tag: HTMLTag) {
    let html = createElement(tag, ns: .html)
    insert(html.node, at: (documentNode, nil))
    stack.append(html)
    reprocess(token, in: .beforeHead)
  }

  /// https://html.spec.whatwg.org/#the-before-head-insertion-mode
  mutating func beforeHeadMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s):
      let (_, rest) = Substring(s).splitLeadingWhitespace()
      if !rest.isEmpty { beforeHeadAnythingElse(.characters(String(rest))) }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .startTag(let tag) where tag.name == "head":
      headElement = insertElement(tag).node
      mode = .inHead
    case .endTag(let tag) where !["head", "body", "html", "br"].contains(tag.name): return
    default: beforeHeadAnythingElse(token)
    }
  }

  private mutating func beforeHeadAnythingElse(_ token: HTMLToken) {
    headElement = insertElement(named: "head").node
    reprocess(token, in: .inHead)
  }

  /// https://html.spec.whatwg.org/#parsing-main-inhead
  mutating func inHeadMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s):
      let (space, rest) = Substring(s).splitLeadingWhitespace()
      insertCharacters(space)
      if !rest.isEmpty { inHeadAnythingElse(.characters(String(rest))) }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBodyMode(token)
      case "base", "basefont", "bgsound", "link", "meta":
        insertVoidElement(tag)
      case "title": parseGenericText(tag, state: .rcdata)
      case "noscript" where scripting: parseGenericText(tag, state: .rawtext)
      case "noframes", "style": parseGenericText(tag, state: .rawtext)
      case "noscript":
        insertElement(tag)
        mode = .inHeadNoscript
      case "script":
        // Step 1–7: the script element is inserted where it belongs, then the tokenizer reads script data.
        insertElement(tag)
        tokenizer?.textState = .scriptData
        originalMode = mode
        mode = .text
      case "template":
        insertElement(tag)
        formatting.appendMarker()
        framesetOK = false
        mode = .inTemplate
        templateModes.append(.inTemplate)
      case "head": return
      default: inHeadAnythingElse(token)
      }
    case .endTag(let tag):
      switch tag.name {
      case "head":
        pop()
        mode = .afterHead
      case "body", "html", "br": inHeadAnythingElse(token)
      case "template": endTemplate()
      default: return
      }
    case .endOfFile: inHeadAnythingElse(token)
    }
  }

  private mutating func inHeadAnythingElse(_ token: HTMLToken) {
    pop()
    reprocess(token, in: .afterHead)
  }

  /// The `</template>` end tag in head.
  mutating func endTemplate() {
    guard stackContains("template") else { return }
    generateAllImpliedEndTagsThoroughly()
    popUntil("template")
    clearFormattingToLastMarker()
    templateModes.removeLast()
    resetInsertionMode()
  }

  /// https://html.spec.whatwg.org/#parsing-main-inheadnoscript
  mutating func inHeadNoscriptMode(_ token: HTMLToken) {
    switch token {
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .endTag(let tag) where tag.name == "noscript":
      pop()
      mode = .inHead
    case .characters(let s):
      let (space, rest) = Substring(s).splitLeadingWhitespace()
      insertCharacters(space)
      if !rest.isEmpty { inHeadNoscriptAnythingElse(.characters(String(rest))) }
    case .comment: inHeadMode(token)
    case .startTag(let tag) where ["basefont", "bgsound", "link", "meta", "noframes", "style"].contains(tag.name):
      inHeadMode(token)
    case .startTag(let tag) where tag.name == "head" || tag.name == "noscript": return
    case .endTag(let tag) where tag.name != "br": return
    default: inHeadNoscriptAnythingElse(token)
    }
  }

  private mutating func inHeadNoscriptAnythingElse(_ token: HTMLToken) {
    pop()
    reprocess(token, in: .inHead)
  }

  /// https://html.spec.whatwg.org/#the-after-head-insertion-mode
  mutating func afterHeadMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s):
      let (space, rest) = Substring(s).splitLeadingWhitespace()
      insertCharacters(space)
      if !rest.isEmpty { afterHeadAnythingElse(.characters(String(rest))) }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBodyMode(token)
      case "body":
        insertElement(tag)
        framesetOK = false
        mode = .inBody
      case "frameset":
        insertElement(tag)
        mode = .inFrameset
      case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
        guard let head = headElement else { return afterHeadAnythingElse(token) }
        let element = Element(node: head, name: "head", ns: .html, isHTMLIntegrationPoint: false)
        stack.append(element)
        inHeadMode(token)
        if let index = stackIndex(of: element) { stack.remove(at: index) }
      case "head": return
      default: afterHeadAnythingElse(token)
      }
    case .endTag(let tag):
      switch tag.name {
      case "template": inHeadMode(token)
      case "body", "html", "br": afterHeadAnythingElse(token)
      default: return
      }
    case .endOfFile: afterHeadAnythingElse(token)
    }
  }

  private mutating func afterHeadAnythingElse(_ token: HTMLToken) {
    insertElement(named: "body")
    reprocess(token, in: .inBody)
  }

  /// https://html.spec.whatwg.org/#parsing-main-incdata
  mutating func textMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s): insertCharacters(Substring(s))
    case .endOfFile:
      pop()
      reprocess(token, in: originalMode)
    case .endTag:
      // https://html.spec.whatwg.org/#scriptEndTag steps 2–4; the script itself runs in ScriptingParser.
      let isScript = stack.last?.isHTML("script") ?? false
      let node = stack.last?.node
      pop()
      mode = originalMode
      if isScript { pendingScript = node }
    default: return
    }
  }

  /// https://html.spec.whatwg.org/#parsing-main-intemplate
  mutating func inTemplateMode(_ token: HTMLToken) {
    switch token {
    case .characters, .comment, .doctype: inBodyMode(token)
    case .startTag(let tag):
      switch tag.name {
      case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
        inHeadMode(token)
      case "caption", "colgroup", "tbody", "tfoot", "thead": switchTemplateMode(.inTable, token)
      case "col": switchTemplateMode(.inColumnGroup, token)
      case "tr": switchTemplateMode(.inTableBody, token)
      case "td", "th": switchTemplateMode(.inRow, token)
      default: switchTemplateMode(.inBody, token)
      }
    case .endTag(let tag):
      if tag.name == "template" { inHeadMode(token) }
    case .endOfFile:
      guard stackContains("template") else { return stopParsing() }
      popUntil("template")
      clearFormattingToLastMarker()
      templateModes.removeLast()
      resetInsertionMode()
      dispatch(token)
    }
  }

  private mutating func switchTemplateMode(_ newMode: Mode, _ token: HTMLToken) {
    templateModes.removeLast()
    templateModes.append(newMode)
    reprocess(token, in: newMode)
  }

  /// https://html.spec.whatwg.org/#parsing-main-afterbody
  mutating func afterBodyMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s):
      let (space, rest) = Substring(s).splitLeadingWhitespace()
      if !space.isEmpty { inBodyMode(.characters(String(space))) }
      if !rest.isEmpty { reprocess(.characters(String(rest)), in: .inBody) }
    case .comment(let data): insertComment(data, in: stack[0].node)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .endTag(let tag) where tag.name == "html":
      if context == nil { mode = .afterAfterBody }
    case .endOfFile: stopParsing()
    default: reprocess(token, in: .inBody)
    }
  }

  /// https://html.spec.whatwg.org/#parsing-main-inframeset
  mutating func inFramesetMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s): insertCharacters(Substring(s).onlyHTMLSpace)
    case .comment(let data): insertComment(data)
    case .startTag(let tag):
      switch tag.name {
      case "html": inBodyMode(token)
      case "frameset": insertElement(tag)
      case "frame":
        insertVoidElement(tag)
      case "noframes": inHeadMode(token)
      default: return
      }
    case .endTag(let tag) where tag.name == "frameset":
      if stack.count == 1 { return }
      pop()
      if context == nil, currentNode?.isHTML("frameset") != true { mode = .afterFrameset }
    case .endOfFile: stopParsing()
    default: return
    }
  }

  /// https://html.spec.whatwg.org/#parsing-main-afterframeset
  mutating func afterFramesetMode(_ token: HTMLToken) {
    switch token {
    case .characters(let s): insertCharacters(Substring(s).onlyHTMLSpace)
    case .comment(let data): insertComment(data)
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .endTag(let tag) where tag.name == "html": mode = .afterAfterFrameset
    case .startTag(let tag) where tag.name == "noframes": inHeadMode(token)
    case .endOfFile: stopParsing()
    default: return
    }
  }

  /// https://html.spec.whatwg.org/#the-after-after-body-insertion-mode
  mutating func afterAfterBodyMode(_ token: HTMLToken) {
    switch token {
    case .comment(let data): insertComment(data, in: documentNode)
    case .doctype: inBodyMode(token)
    case .characters(let s):
      let (space, rest) = Substring(s).splitLeadingWhitespace()
      if !space.isEmpty { inBodyMode(.characters(String(space))) }
      if !rest.isEmpty { reprocess(.characters(String(rest)), in: .inBody) }
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .endOfFile: stopParsing()
    default: reprocess(token, in: .inBody)
    }
  }

  /// https://html.spec.whatwg.org/#the-after-after-frameset-insertion-mode
  mutating func afterAfterFramesetMode(_ token: HTMLToken) {
    switch token {
    case .comment(let data): insertComment(data, in: documentNode)
    case .doctype: inBodyMode(token)
    case .characters(let s):
      let space = Substring(s).onlyHTMLSpace
      if !space.isEmpty { inBodyMode(.characters(String(space))) }
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .startTag(let tag) where tag.name == "noframes": inHeadMode(token)
    case .endOfFile: stopParsing()
    default: return
    }
  }
}
