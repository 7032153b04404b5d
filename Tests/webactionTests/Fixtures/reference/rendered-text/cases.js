// Constructed cases for innerText, outerText and getComputedStyle. Each case replaces the page's <html> content
// (document.documentElement.innerHTML = html) and reads a value; script.js runs them all. The same files run in
// Chromium (Scripts/chromium-reference, chromium.json) and in webaction (BrowserReferenceTests).
var CASES = [];

// The innerText of #t.
function text(name, html) {
  CASES.push({ name: "text: " + name, html: html, probe: function () { return document.getElementById("t").innerText; } });
}

// Computed properties of #t, as "name=value; ...".
function style(name, html, properties) {
  CASES.push({
    name: "style: " + name, html: html,
    probe: function () {
      var computed = getComputedStyle(document.getElementById("t"));
      return properties.split(" ").map(function (p) { return p + "=" + computed.getPropertyValue(p); }).join("; ");
    },
  });
}

// Anything else: `probe` returns the value.
function run(name, html, probe) { CASES.push({ name: "run: " + name, html: html, probe: probe }); }

// White space (CSS Text 3 phase I and II).
text("leading and trailing spaces", "<div id=t>  abc  </div>");
text("spaces, tabs and newlines collapse", "<div id=t>a \t\n  b\n\nc</div>");
text("collapsing across elements", "<div id=t><span>abc </span> <b> def</b><i> </i> ghi</div>");
text("space before and after br", "<div id=t>abc <br> def<br><br>ghi</div>");
text("br at the end of a block", "<div id=t><div>a<br></div><div>b</div></div>");
text("paragraphs", "<div id=t>a\n<p>b</p>\n<p>c</p>d</div>");
text("nested blocks", "<div id=t><div><div>a</div></div> <div> b <div>c</div> d </div></div>");
text("block inside inline", "<div id=t><span>a <div>b</div> c</span></div>");
text("empty blocks add nothing", "<div id=t>a<div></div><div> </div><p></p>b</div>");
text("pre", "<pre id=t>\n  a  b\n\tc \n</pre>");
text("white-space: pre-line", "<div id=t style='white-space: pre-line'>  a   b  \n   c \n</div>");
text("white-space: pre-wrap", "<div id=t style='white-space: pre-wrap'> a  b \n c</div>");
text("white-space: nowrap collapses", "<div id=t style='white-space: nowrap'> a   b \n c </div>");
text("white-space: break-spaces", "<div id=t style='white-space: break-spaces'> a  b </div>");
text("pre span inside normal text", "<div id=t>a <span style='white-space: pre'> b </span> c</div>");
text("white-space-collapse: preserve-breaks", "<div id=t style='white-space-collapse: preserve-breaks'> a  b\nc </div>");
text("segment break between CJK characters", "<div id=t>漢字\n漢字 and\nlatin\n漢</div>");
text("zero width space and segment break", "<div id=t>a\u200B\nb</div>");
text("no-break spaces are kept", "<div id=t>a\u00A0\u00A0b \u00A0 c</div>");
text("comments are ignored", "<div id=t>a<!-- x --> <!-- y -->b</div>");

// text-transform.
text("uppercase", "<div id=t style='text-transform: uppercase'>straße <i>and</i> ǆ</div>");
text("lowercase", "<div id=t style='text-transform: lowercase'>ÀBC <b>DEF</b></div>");
text("capitalize", "<div id=t style='text-transform: capitalize'>hello wORld o'neil foo-bar 3rd <b>x</b>y (zed)</div>");
text("Turkish casing follows lang", "<div id=t><p lang=tr style='text-transform: uppercase'>i ı</p><p lang=az-Latn style='text-transform: lowercase'>I İ</p><p style='text-transform: uppercase'>i</p></div>");
text("capitalize is inherited, none resets", "<div id=t style='text-transform: uppercase'>a <span style='text-transform: none'>b</span> c</div>");

// What is not rendered.
text("display: none", "<div id=t>a<span style='display: none'>b</span>c<div style='display:none'>d</div>e</div>");
text("hidden attribute", "<div id=t>a<p hidden>b</p>c</div>");
text("hidden overridden by a rule", "<style>p[hidden] { display: block }</style><div id=t>a<p hidden>b</p>c</div>");
text("visibility: hidden with a visible child", "<div id=t>a<span style='visibility: hidden'>b<i style='visibility: visible'>c</i></span>d</div>");
text("visibility: collapse", "<div id=t>a<div style='visibility: collapse'>b</div>c</div>");
text("display: contents", "<div id=t>a<div style='display: contents'>b<p>c</p></div>d</div>");
text("script, style, noscript, template", "<div id=t>a<script>b</script><style>c{}</style><noscript>d</noscript><template>e</template>f</div>");
text("replaced elements and fallback content", "<div id=t>a <img alt=x> b<video>v</video><canvas>c</canvas><iframe>i</iframe><object>o</object>.</div>");
text("form controls", "<div id=t>a<input value=v>b<textarea>t</textarea>c<button>d</button>e</div>");
text("select and options", "<div id=t>a<select><option>one</option><optgroup label=g><option> two  2 </option></optgroup></select>b</div>");
text("datalist", "<div id=t>a<datalist><option>x</option></datalist>b</div>");
text("details closed", "<div id=t><details><summary>s</summary>body<p>more</p></details></div>");
text("details open", "<div id=t><details open><summary>s</summary>body<p>more</p></details></div>");
text("dialog closed and open", "<div id=t>a<dialog>b</dialog><dialog open>c</dialog>d</div>");
text("content-visibility: hidden", "<div id=t>a<div style='content-visibility: hidden'>b</div>c</div>");
text("hidden=until-found", "<div id=t>a<div hidden=until-found>b</div>c</div>");
text("media print sheet", "<style>@media print { .p { display: none } } @media screen { .s { display: none } }</style><div id=t><p class=p>print</p><p class=s>screen</p>all</div>");
text("class rule hides", "<style>.hide { display: none } #t .show { display: block }</style><div id=t><span class=hide>a</span><span class='hide show'>b</span>c</div>");

// Boxes.
text("inline-block keeps outer spaces", "<div id=t>a <span style='display: inline-block'> b </span> c</div>");
text("empty inline-block between spaces", "<div id=t>a <span style='display: inline-block'></span> c</div>");
text("inline-table", "<div id=t>a<table style='display: inline-table'><tr><td>b</td><td>c</td></tr></table>d</div>");
text("float", "<div id=t>a <span style='float: left'>b</span> c</div>");
text("position: absolute", "<div id=t>a <span style='position: absolute'>b</span> c</div>");
text("flex items", "<div id=t style='display: flex'> a <span>b</span> c <span>d</span></div>");
text("grid items", "<div id=t style='display: grid'><span>a</span> <span>b</span></div>");
text("list items", "<div id=t><ul><li>a</li><li>b <ol><li>c</li></ol></li></ul>d</div>");
text("definition list", "<dl id=t><dt>term</dt><dd>definition</dd></dl>");
text("headings, hr, blockquote", "<div id=t><h1>a</h1>b<hr>c<blockquote>d</blockquote></div>");
text("p displayed inline still gets two breaks", "<div id=t>a<p style='display: inline'>b</p>c</div>");
text("span displayed as a block", "<div id=t>a<span style='display: block'>b</span>c</div>");
text("list-item span", "<div id=t>a<span style='display: list-item'>b</span>c</div>");
text("ruby", "<div id=t><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>!</div>");
text("svg text", "<div id=t>a<svg><title>t</title><text>b</text><g><text>c</text></g></svg>d</div>");
text("links and labels are inline", "<div id=t><a href=#>a</a> <label>b</label>\n<em>c</em></div>");

// Tables.
text("table cells and rows", "<table id=t><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>");
text("table sections in source order", "<table id=t><thead><tr><th>h</th></tr></thead><tfoot><tr><td>f</td></tr></tfoot><tbody><tr><td>a</td><td>b</td></tr></tbody></table>");
text("table caption", "<table id=t><caption>cap</caption><tr><td>a</td></tr></table>");
text("hidden last cell", "<table id=t><tr><td>a</td><td>b</td><td style='display: none'>c</td></tr></table>");
text("nested table", "<table id=t><tr><td>a<table><tr><td>b</td><td>c</td></tr></table></td><td>d</td></tr></table>");
text("table in text", "<div id=t>x<table><tr><td>a</td></tr></table>y</div>");
text("cell with blocks", "<table id=t><tr><td><p>a</p><p>b</p></td><td>c</td></tr></table>");
text("display table on divs", "<div id=t style='display: table'><div style='display: table-row'><div style='display: table-cell'>a</div><div style='display: table-cell'>b</div></div></div>");

// Harder cases.
text("generated content is not in innerText", "<style>#t b::before { content: 'x' } #t b::after { content: 'y'; display: block }</style><div id=t>a<b>b</b>c</div>");
text("first-letter and first-line transforms", "<style>#t p::first-letter { text-transform: uppercase } #t div::first-line { text-transform: uppercase }</style><div id=t><p>abc def</p><div>ghi jkl</div></div>");
text("full-width", "<div id=t style='text-transform: full-width'>ab 12!</div>");
text("br inside pre", "<pre id=t>a <br> b\n<br>c</pre>");
text("pre-wrap trailing spaces at the end of a block", "<div id=t><div style='white-space: pre-wrap'>a   </div><div style='white-space: pre-wrap'>   </div>b</div>");
text("preserved newline then collapsible spaces", "<div id=t>a<span style='white-space: pre'>\n</span>  b</div>");
text("pre-line tabs", "<div id=t style='white-space: pre-line'>a\tb\t\n\tc</div>");
text("li displayed inline", "<ul id=t><li style='display: inline'>a</li> <li style='display: inline'>b</li></ul>");
text("rows without tbody", "<table id=t></table>", );
CASES[CASES.length - 1].probe = function () {
  var table = document.getElementById("t");
  for (var r = 0; r < 2; r++) {
    var row = document.createElement("tr");
    for (var c = 0; c < 2; c++) { var cell = document.createElement("td"); cell.textContent = r + "" + c; row.appendChild(cell); }
    table.appendChild(row);
  }
  return table.innerText;
};
text("hidden last row and empty cells", "<table id=t><tr><td>a</td><td></td></tr><tr><td></td><td>b</td></tr><tr style='display: none'><td>c</td></tr></table>");
text("rows only in thead", "<table id=t><thead><tr><td>a</td></tr><tr><td>b</td></tr></thead><tbody></tbody></table>");
text("visibility hidden cell", "<table id=t><tr><td>a</td><td style='visibility: hidden'>b</td><td>c</td></tr></table>");
text("white-space pre in a cell", "<table id=t><tr><td style='white-space: pre'>\n a \n</td><td>b</td></tr></table>");
text("option label attribute", "<div id=t><select><option label=L>text</option></select></div>");
text("select multiple", "<div id=t>a<select multiple size=3><option>x</option><option>y</option></select>b</div>");
text("text nodes made by script", "<div id=t></div>");
CASES[CASES.length - 1].probe = function () {
  var t = document.getElementById("t");
  ["a ", " b", "\r", "c\rd", "", " "].forEach(function (data) { t.appendChild(document.createTextNode(data)); });
  var pre = document.createElement("pre");
  pre.appendChild(document.createTextNode("e\rf"));
  t.appendChild(pre);
  return t.innerText;
};
text("only white space", "<div id=t> \n\t </div>");
text("inline-block inside pre", "<pre id=t>a <span style='display: inline-block'> b </span> c</pre>");
text("wbr and nbsp at line start", "<div id=t>ab<wbr>cd<br>\u00A0e</div>");
text("flex container with pre", "<div id=t style='display: flex; white-space: pre'>  <span>a</span>  <span>b</span>  </div>");
text("position fixed and sticky", "<div id=t>a<span style='position: fixed'>b</span>c<span style='position: sticky'>d</span>e</div>");
text("flow-root and table-caption divs", "<div id=t>a<span style='display: flow-root'>b</span>c<span style='display: table-caption'>d</span>e</div>");
text("center, legend, summary alone", "<div id=t><center>a</center><fieldset><legend>b</legend>c</fieldset><summary>d</summary></div>");
text("noembed, noframes, xmp, listing", "<div id=t><noembed>a</noembed><noframes>b</noframes><xmp>  c <b> </xmp><listing>\nd  e</listing></div>");
text("textarea and input innerText", "<textarea id=t>a\nb</textarea>");
text("svg foreignObject", "<div id=t><svg><foreignObject><p>a</p>b</foreignObject></svg></div>");
text("mathml", "<div id=t>x<math><mi>a</mi><mo>+</mo><mn>1</mn></math>y</div>");
text("slot outside a shadow tree", "<div id=t>a<slot>b</slot>c</div>");
text("content-visibility auto", "<div id=t>a<div style='content-visibility: auto'>b</div>c</div>");
text("nested inline visibility with block", "<div id=t>a<span style='visibility: hidden'>b<div>c</div>d</span>e</div>");
text("capitalize edge cases", "<div id=t style='text-transform: capitalize'>snake_case e.g. x2y 'quoted' «fr» ñandú</div>");
text("space between inline and float at the end", "<div id=t>a <span style='float: right'>b</span> </div>");
text("iframe and embed in text", "<div id=t>a <iframe></iframe> b <embed> c</div>");
text("button with block content", "<div id=t>a<button><div>b</div><div>c</div></button>d</div>");
text("inline-flex", "<div id=t>a<span style='display: inline-flex'><span>b</span><span>c</span></span>d</div>");
text("display: none on br", "<div id=t>a<br style='display: none'>b</div>");
text("br displayed as block", "<div id=t>a<br style='display: block'>b</div>");
text("empty p between text", "<div id=t>a<p></p>b</div>");
text("p inside li", "<ul id=t><li><p>a</p></li><li>b</li></ul>");
text("undefined custom elements hidden by :defined", "<style>:not(:defined) { display: none } x-card:defined { display: block }</style><div id=t>a<x-card>b</x-card><p>c</p></div>");
text("never-matching states", "<style>:modal, :popover-open, :fullscreen, :autofill, dialog:not(:modal) { text-transform: uppercase }</style><div id=t>a<dialog open>b</dialog></div>");
text("a hidden element inside a table row", "<table id=t><tr><td>a</td><td hidden>b</td></tr><tr hidden><td>c</td></tr><tr><td>d</td></tr></table>");

// What innerText answers for elements without a box.
run("detached element gives its text content", "", function () {
  var div = document.createElement("div");
  div.innerHTML = "<p>a</p>  <b> b</b><script>s</script>";
  return div.innerText;
});
run("display: none element gives its text content", "<div id=t style='display: none'><p>a</p>  <b> b</b></div>", function () {
  return document.getElementById("t").innerText;
});
run("element under display: none gives its text content", "<div style='display: none'><p id=t>a <b> b</b></p></div>", function () {
  return document.getElementById("t").innerText;
});
run("option inside select gives its text content", "<select><option id=t>  a  b </option></select>", function () {
  return document.getElementById("t").innerText;
});
run("select and option alone", "<select id=s><option>a</option><option>  b  c</option></select><option id=o> x  y </option>", function () {
  return JSON.stringify([document.getElementById("s").innerText, document.getElementById("o").innerText]);
});
run("head and title", "<title>T</title><style>p{}</style><p>x</p>", function () {
  return JSON.stringify([document.head.innerText, document.title, document.documentElement.innerText]);
});
run("inline element in a block", "<div>a <span id=t> b </span> c</div>", function () {
  return document.getElementById("t").innerText;
});
run("outerText reads as innerText", "<div id=t> a <p>b</p></div>", function () {
  var t = document.getElementById("t");
  return JSON.stringify([t.outerText, t.outerText === t.innerText]);
});

// Setters.
run("innerText setter", "<div id=t><b>old</b></div>", function () {
  var t = document.getElementById("t");
  t.innerText = "a\nb\r\nc\r\rd  e ";
  var first = t.innerHTML;
  t.innerText = "";
  return JSON.stringify([first, t.childNodes.length]);
});
run("outerText setter merges text", "<div id=t>a<span>b</span>c</div>", function () {
  var t = document.getElementById("t");
  t.querySelector("span").outerText = "x\ny";
  var first = [t.innerHTML, t.childNodes.length];
  t.querySelector("br").outerText = "";
  return JSON.stringify([first, t.innerHTML, t.childNodes.length]);
});
run("outerText setter without a parent", "", function () {
  try { document.createElement("p").outerText = "x"; return "no error"; } catch (e) { return e.name; }
});

// Computed style: user-agent defaults and inheritance.
style("pre", "<pre id=t>x</pre>", "display white-space white-space-collapse text-wrap-mode");
style("table cell", "<table><tr><td id=t>x</td></tr></table>", "display text-align font-weight");
style("th", "<table><tr><th id=t>x</th></tr></table>", "display text-align font-weight");
style("li", "<ul style='text-align: right'><li id=t>x</li></ul>", "display text-align");
style("strong in h1", "<h1><strong id=t>x</strong></h1>", "font-weight display");
style("em in b", "<b><em id=t>x</em></b>", "font-style font-weight");
style("link", "<a id=t href='x.html'>x</a>", "color display");
style("anchor without href", "<a id=t>x</a>", "color");
style("nobr and td nowrap", "<table><tr><td nowrap><nobr id=t>x</nobr></td></tr></table>", "white-space");
style("textarea", "<textarea id=t></textarea>", "display white-space color text-align");
style("button", "<button id=t>b</button>", "display color text-align font-weight text-transform");
style("select", "<select id=t></select>", "display white-space");
style("input type=hidden", "<input id=t type=hidden>", "display");
style("head", "<div id=t></div>", "display");
style("body and html", "<div id=t></div>", "display visibility");

// Computed style: the cascade.
style("specificity", "<style>#t { color: red } div.a.b { color: blue } div { color: green }</style><div id=t class='a b'>x</div>", "color");
style("source order", "<style>.a { float: left } .b { float: right }</style><div id=t class='b a'>x</div>", "float");
style("!important beats the style attribute", "<style>div { display: inline !important }</style><div id=t style='display: flex'>x</div>", "display");
style("style attribute !important wins", "<style>#t { display: inline !important }</style><div id=t style='display: flex !important'>x</div>", "display");
style("invalid values are dropped", "<style>#t { display: table; display: tabel; color: blue; color: bogus }</style><div id=t>x</div>", "display color");
style(":is, :where and :not", "<style>:where(#t) { float: left } div:not(.x) { float: right } :is(#t, .y) { position: relative } div { position: fixed }</style><div id=t>x</div>", "float position");
style("attribute selectors", "<style>[data-x^=ab i] { text-transform: uppercase } [lang|=en] { font-style: italic }</style><div id=t data-x=ABC lang=en-GB>x</div>", "text-transform font-style");
style("@layer", "<style>@layer base, theme; @layer theme { div { color: red } } @layer base { div { color: blue } } div { float: left }</style><div id=t>x</div>", "color float");
style("@layer important", "<style>@layer a { #t { display: inline !important } } #t { display: flex !important }</style><div id=t>x</div>", "display");
style("@media and @supports", "<style>@media (max-width: 500px) { #t { float: left } } @media (min-width: 501px) { #t { float: right } } @supports (display: grid) { #t { display: grid } } @supports not (display: grid) { #t { display: inline } }</style><div id=t>x</div>", "float display");
style("nesting", "<style>.card { color: blue; & > #t { font-style: italic } .inner & { color: red } }</style><div class=card><p id=t>x</p></div>", "font-style color");
style("pseudo-elements do not drop their rule", "<style>p::before, #t { text-transform: lowercase } #t::after { text-transform: uppercase }</style><p id=t>x</p>", "text-transform");
style("inherit, initial, unset, revert", "<style>#t { display: initial; color: inherit; font-weight: unset; visibility: revert } body { color: red; font-weight: bold }</style><div id=t>x</div>", "display color font-weight visibility");
style("var()", "<style>:root { --c: rgb(1, 2, 3); --d: flex } #t { color: var(--c); display: var(--missing, var(--d)) }</style><div id=t>x</div>", "color display --c");
style("case-insensitive keywords", "<div id=t style='DISPLAY: Inline-Block; Float: LEFT'>x</div>", "display float");

// Computed style: computed values.
style("float blockifies", "<span id=t style='float: right'>x</span>", "display float");
style("absolute position blockifies and drops float", "<span id=t style='position: absolute; float: left; display: inline-table'>x</span>", "display float position");
style("flex item blockified", "<div style='display: inline-flex'><span id=t>x</span></div>", "display");
style("display: contents on an image", "<img id=t style='display: contents'>", "display");
style("two-keyword display", "<div id=t style='display: inline flow-root'>x</div>", "display");
style("font-weight bolder and lighter", "<div style='font-weight: 300'><b><b id=t>x</b></b></div>", "font-weight");
style("font shorthand resets weight", "<b><span id=t style='font: italic 12px/1.5 serif'>x</span></b>", "font-weight font-style");
style("colors", "<div id=t style='color: hsla(240, 100%, 50%, 0.5)'>x</div>", "color");
style("hex with alpha", "<div id=t style='color: #12345680'>x</div>", "color");
style("currentcolor", "<div style='color: teal'><span id=t style='color: currentcolor'>x</span></div>", "color");
style("white-space shorthand", "<div id=t style='white-space: pre-line'>x</div>", "white-space white-space-collapse text-wrap-mode");
style("white-space longhands", "<div id=t style='white-space-collapse: preserve; text-wrap-mode: wrap'>x</div>", "white-space");
style("text-wrap", "<div id=t style='text-wrap: nowrap'>x</div>", "white-space text-wrap-mode");
style("visibility inherits", "<div style='visibility: hidden'><p id=t>x</p></div>", "visibility");
style("text-align match-parent", "<div style='text-align: center'><li id=t>x</li></div>", "text-align");
style("presentational hints", "<div id=t align=center><font color=red>x</font></div>", "text-align color");
style("table align", "<table id=t align=right><tr><td>x</td></tr></table>", "float display");
style("font color", "<font id=t color='#00ff00'>x</font>", "color");

// Harder computed values.
style("numeric font-weight", "<div style='font-weight: 550'><b id=t>x</b></div>", "font-weight");
style("lighter from 550", "<div style='font-weight: 550'><span id=t style='font-weight: lighter'>x</span></div>", "font-weight");
style("font shorthand without a family is invalid", "<b><span id=t style='font: bold 12px'>x</span></b>", "font-weight");
style("font shorthand with weight after style", "<span id=t style='font: 700 oblique 1em serif'>x</span>", "font-weight font-style");
style("oblique angle", "<span id=t style='font-style: oblique 10deg'>x</span>", "font-style");
style("rgb clamping and rounding", "<div id=t style='color: rgb(300, -1, 10.5)'>x</div>", "color");
style("rgba with a long alpha", "<div id=t style='color: rgba(0 0 0 / 0.1234)'>x</div>", "color");
style("hwb", "<div id=t style='color: hwb(120 0% 50%)'>x</div>", "color");
style("lab", "<div id=t style='color: lab(50% 40 59.5)'>x</div>", "color");
style("color-mix", "<div id=t style='color: color-mix(in srgb, red 50%, blue)'>x</div>", "color");
style("initial color", "<div style='color: red'><span id=t style='color: initial'>x</span></div>", "color");
style("text-align end and justify", "<div id=t style='text-align: end'><p style='text-align: justify'>x</p></div>", "text-align");
style("inline list-item", "<span id=t style='display: inline list-item'>x</span>", "display");
style("float inline-start", "<span id=t style='float: inline-start'>x</span>", "float display");
style("-webkit-sticky", "<div id=t style='position: -webkit-sticky'>x</div>", "position");
style("white-space pre then collapse", "<div id=t style='white-space: pre; white-space-collapse: collapse'>x</div>", "white-space");
style("text-wrap balance", "<div id=t style='text-wrap: balance'>x</div>", "white-space text-wrap-mode");
style("visited links", "<style>a:visited { color: red } a:link { text-transform: uppercase }</style><a id=t href='#'>x</a>", "color text-transform");
style("floated image", "<img id=t style='float: left'>", "display");
style("root displayed inline", "", "display");
CASES[CASES.length - 1].probe = function () {
  document.documentElement.style.display = "inline";
  var value = getComputedStyle(document.documentElement).display;
  document.documentElement.style.display = "";
  return value;
};
style("sibling and structural selectors", "<style>p + #t { float: left } p ~ div:last-child { position: relative } div:nth-child(2n) { text-transform: uppercase }</style><p>a</p><div id=t>x</div>", "float position text-transform");
style(":has", "<style>div:has(> b) { font-style: italic }</style><div id=t><b>x</b></div>", "font-style");
style("@media orientation and color scheme", "<style>@media (orientation: portrait) { #t { float: left } } @media (prefers-color-scheme: dark) { #t { color: white } } @media (hover: hover) { #t { position: relative } }</style><div id=t>x</div>", "float color position");
style("@import is ignored", "<style>@import url(missing.css); #t { float: left }</style><div id=t>x</div>", "float");
style("@container", "<style>@container (min-width: 1px) { #t { float: left } }</style><div id=t>x</div>", "float");
style("@scope", "<style>@scope (body) { #t { float: left } }</style><div id=t>x</div>", "float");
style("revert-layer", "<style>@layer a { #t { float: left } } #t { float: revert-layer }</style><div id=t>x</div>", "float");
style("all: unset", "<style>b#t { all: unset }</style><b id=t>x</b>", "display font-weight");
style("important in a layer beats unlayered important", "<style>@layer a { #t { float: left !important } } #t { float: right !important }</style><div id=t>x</div>", "float");
style("display contents on a button", "<button id=t style='display: contents'>x</button>", "display");
style("unknown properties and values", "<div id=t style='colour: red; display: inline-block; display: -moz-box'>x</div>", "display colour");
style("quoted and escaped selectors", "<style>[title='a;b{c}'] { float: left } .a\\:b { position: relative }</style><div id=t title='a;b{c}' class='a:b'>x</div>", "float position");
style("comments in sheets", "<style>/* #t { float: left } */ #t { /* a */ position: /* b */ relative }</style><div id=t>x</div>", "float position");
style("media attribute on style", "<style media=print>#t { float: left }</style><style media='screen and (max-width: 400px)'>#t { position: relative }</style><div id=t>x</div>", "float position");
style("style type", "<style type=text/plain>#t { float: left }</style><div id=t>x</div>", "float");

run("computed style of a detached element", "", function () {
  var computed = getComputedStyle(document.createElement("div"));
  return JSON.stringify([computed.display, computed.color, computed.length]);
});
run("computed style is live and read-only", "<div id=t>x</div>", function () {
  var t = document.getElementById("t"), computed = getComputedStyle(t);
  var before = computed.display;
  t.style.display = "inline-block";
  var errors = [];
  try { computed.display = "none"; } catch (e) { errors.push(e.name); }
  try { computed.setProperty("display", "none"); } catch (e) { errors.push(e.name); }
  return JSON.stringify([before, computed.display, computed.getPropertyPriority("display"), computed.cssText, errors]);
});

// The user-agent defaults of each element (created in <body>).
(function () {
  var tags = [
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "bdi", "bdo", "blockquote", "body", "br",
    "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del",
    "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "font",
    "footer", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i",
    "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link", "listing", "main", "map", "mark",
    "marquee", "menu", "meta", "meter", "nav", "nobr", "noembed", "noframes", "noscript", "object", "ol", "optgroup",
    "option", "output", "p", "param", "picture", "plaintext", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp",
    "script", "search", "section", "select", "slot", "small", "source", "span", "strike", "strong", "style", "sub",
    "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr",
    "track", "tt", "u", "ul", "var", "video", "wbr", "xmp", "unknown-element",
  ];
  var properties = ["display", "white-space", "font-weight", "font-style", "text-align", "color", "text-transform",
    "visibility", "position", "float"];
  tags.forEach(function (tag) {
    run("default style of <" + tag + ">", "", function () {
      var element = document.createElement(tag);
      document.body.appendChild(element);
      var computed = getComputedStyle(element);
      return properties.map(function (p) { return p + "=" + computed.getPropertyValue(p); }).join("; ");
    });
  });
})();
