// The shape of each section's subtree: every node as its depth below <body>, its name (a comment: "!" and its
// text), in tree order.
(() => {
  const result = {};
  for (const section of document.querySelectorAll("body > section")) {
    const shape = [];
    (function visit(node, depth) {
      shape.push(depth + (node.nodeType === 8 ? "!" + node.data : node.nodeName.toLowerCase()));
      for (let child = node.firstChild; child; child = child.nextSibling) visit(child, depth + 1);
    })(section, 1);
    result[section.id] = shape.join(" ");
  }
  return result;
})()
