// The shape of the body's subtree: every node as its depth below <body>, then its name (an element), "!" and its
// text (a comment) or '"' and its text (a text node), in tree order.
(() => {
  const shape = [];
  (function visit(node, depth) {
    const label = node.nodeType === 1 ? node.nodeName.toLowerCase() + (node.namespaceURI === "http://www.w3.org/1999/xhtml" ? "" : "@" + node.namespaceURI.split("/").pop())
      : node.nodeType === 8 ? "!" + node.data : '"' + node.data;
    shape.push(depth + label);
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child, depth + 1);
    if (node.nodeName === "TEMPLATE") visit(node.content, depth + 1);
  })(document.body, 0);
  return { shape: shape.join(" ") };
})()
