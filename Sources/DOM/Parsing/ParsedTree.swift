import CLibXML2

/// The result of parsing a whole HTML document into a libxml2 tree.
///
/// `doc` is owned by the caller (the Document frees it, and the template content fragments with it).
struct ParsedTree {
  /// The new document; its children are the optional doctype (`XML_DTD_NODE`, also `doc.intSubset`), comments and `<html>`.
  let doc: xmlDocPtr
  /// Each `<template>` element mapped to its content: an unlinked `XML_DOCUMENT_FRAG_NODE` owned by `doc`'s owner.
  let templateContents: [xmlNodePtr: xmlNodePtr]
  /// The document's mode, from its doctype.
  let quirksMode: QuirksMode
  /// False when the parser inserted no HTML `iframe` (a window then has no frames to connect without a walk).
  var mayHaveFrames = true
  /// Set when the markup nested deeper than the parser's `nestingLimit` (the tree is whole all the same).
  var nestingLimitExceeded: NestingLimitExceeded?
}

/// Markup that nests more elements than a parse allowed (`--max-depth`): the stack of open elements grew past
/// `limit` on `line` (0 when not known). Nesting past 512 is otherwise built as browsers build it.
public struct NestingLimitExceeded: Error, Sendable, Equatable {
  public let limit: Int
  public let line: Int
}
