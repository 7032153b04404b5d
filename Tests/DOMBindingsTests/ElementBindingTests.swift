import DOM
import DOMBindings
import JSBridge
import XCTest

final class ElementBindingTests: BindingTestCase {
  func testNamesAndReflectedIdAndClass() throws {
    XCTAssertEqual(try string("""
      const main = document.getElementById('main');
      main.id = 'renamed'; main.className = 'x y';
      [main.tagName, main.localName, main.namespaceURI, main.prefix, main.getAttribute('id'), main.getAttribute('class'),
       document.getElementById('renamed') === main].join('|')
      """), "DIV|div|http://www.w3.org/1999/xhtml||renamed|x y|true")
  }

  func testAttributeMethods() throws {
    XCTAssertEqual(try string("""
      const e = document.createElement('div');
      e.setAttribute('Data-X', '1'); e.setAttribute('title', 't');
      const names = e.getAttributeNames().join();
      const toggled = [e.toggleAttribute('hidden'), e.hasAttribute('hidden'), e.toggleAttribute('hidden'),
                       e.toggleAttribute('hidden', false)];
      e.removeAttribute('title');
      e.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', '#a');
      [names, toggled.join('/'), e.getAttribute('data-x'), e.hasAttribute('title'), e.getAttribute('nope'),
       e.getAttributeNS('http://www.w3.org/1999/xlink', 'href'), e.hasAttributes()].join('|')
      """), "data-x,title|true/true/false/false|1|false||#a|true")
    XCTAssertEqual(thrown("document.body.setAttribute('a b', 'x')")?.name, "InvalidCharacterError")
  }

  func testNamedNodeMapAndAttr() throws {
    XCTAssertEqual(try string("""
      const main = document.getElementById('main');
      const attrs = main.attributes;
      const a0 = attrs[0];
      const same = attrs === main.attributes && a0 === attrs.item(0) && attrs.getNamedItem('class') === attrs[1];
      a0.value = 'changed';
      const names = [...attrs].map(a => a.name + '=' + a.value).join(' ');
      [same, attrs.length, names, a0.ownerElement === main, main.id, attrs.getNamedItem('missing'),
       main.getAttributeNode('class').localName].join('|')
      """), "true|2|id=changed class=a b|true|changed||class")
  }

  func testClassList() throws {
    XCTAssertEqual(try string("""
      const main = document.getElementById('main');
      const list = main.classList;
      list.add('c', 'a'); list.remove('b');
      const toggles = [list.toggle('d'), list.toggle('d'), list.toggle('e', true), list.toggle('e', true)];
      list.replace('a', 'z');
      [list === main.classList, list.length, list.value, list.contains('z'), list.item(0), list[1], [...list].join('+'),
       toggles.join('/'), main.className].join('|')
      """), "true|3|z c e|true|z|c|z+c+e|true/false/true/true|z c e")
    XCTAssertEqual(thrown("document.body.classList.add('')")?.name, "SyntaxError")
    XCTAssertEqual(thrown("document.body.classList.add('a b')")?.name, "InvalidCharacterError")
  }

  func testTokenListValidationSupportsAndCodeUnitTokens() throws {
    // replace(): an empty argument is a SyntaxError even when the other has whitespace, and even with no attribute.
    XCTAssertEqual(thrown("document.body.classList.replace(' ', '')")?.name, "SyntaxError")
    XCTAssertEqual(thrown("document.body.classList.replace('a', 'b c')")?.name, "InvalidCharacterError")
    XCTAssertEqual(try string("String(document.body.classList.replace('a', 'b')) + document.body.hasAttribute('class')"),
                   "falsefalse")
    // supports(): class defines no supported tokens; rel on a and link, and sandbox, do (ASCII case-insensitively).
    XCTAssertEqual(thrown("document.body.classList.supports('a')")?.name, "TypeError")
    XCTAssertEqual(try string("""
      const a = document.createElement('a'), link = document.createElement('link');
      const frame = document.createElement('iframe');
      [a.relList.supports('NoOpener'), a.relList.supports('stylesheet'), link.relList.supports('stylesheet'),
       frame.sandbox.supports('allow-scripts'), frame.sandbox.supports('allow-everything')].join()
      """), "true,false,true,true,false")
    // Tokens compare by code units: U+2000 and U+2002 are canonically equivalent but different tokens.
    XCTAssertEqual(try string("""
      const list = document.body.classList;
      document.body.className = '\\u2000 \\u2002';
      [list.length, list.contains('\\u2002'), list.contains('\\u2001'), list.replace('\\u2002', 'x'), list.value].join()
      """), "2,true,false,true,\u{2000} x")
  }

  func testChildrenCollectionsAndElementNavigation() throws {
    XCTAssertEqual(try string("""
      const body = document.body, main = document.getElementById('main');
      const kids = main.children;
      const ps = document.getElementsByTagName('p');
      const before = ps.length;
      main.appendChild(document.createElement('p')).id = 'third';
      [kids === main.children, kids.length, before, ps.length, ps.namedItem('third') === main.lastElementChild,
       main.firstElementChild.textContent, main.childElementCount, body.firstElementChild === main,
       main.firstElementChild.nextElementSibling.previousElementSibling === main.firstElementChild,
       document.getElementsByClassName('b')[0] === main, kids instanceof HTMLCollection].join('|')
      """), "true|3|2|3|true|One|3|true|true|true|true")
  }

  func testInnerHTMLRoundTripOuterHTMLAndAdjacentInsertion() throws {
    XCTAssertEqual(try string("""
      const main = document.getElementById('main');
      main.innerHTML = '<ul><li>a &amp; b<li>c</ul><img src=x.png alt="">';
      const first = main.innerHTML;
      main.innerHTML = first;
      const second = main.innerHTML;
      main.querySelector('li').outerHTML = '<li class=new>n</li>';
      main.insertAdjacentHTML('afterbegin', '<h1>T</h1>');
      main.insertAdjacentHTML('beforeend', '<!--end-->');
      main.insertAdjacentText('beforebegin', 'before');
      main.insertAdjacentElement('afterend', document.createElement('footer'));
      [first === second, first, main.outerHTML].join('\\n')
      """), """
      true
      <ul><li>a &amp; b</li><li>c</li></ul><img src="x.png" alt="">
      <div id="main" class="a b"><h1>T</h1><ul><li class="new">n</li><li>c</li></ul><img src="x.png" alt=""><!--end--></div>
      """)
    XCTAssertEqual(document.body!.innerHTML, """
      before<div id="main" class="a b"><h1>T</h1><ul><li class="new">n</li><li>c</li></ul><img src="x.png" alt=""><!--end--></div><footer></footer><!--note-->
      """)
    XCTAssertEqual(thrown("document.body.insertAdjacentHTML('middle', 'x')")?.name, "SyntaxError")
  }

  func testSelectorsMatchesAndClosest() throws {
    XCTAssertEqual(try string("""
      const b = document.querySelector('#main p:last-child > b');
      [b.textContent, b.matches('p b'), b.closest('div').id, b.closest('table'), document.querySelectorAll('p, b').length,
       document.getElementById('main').querySelectorAll('*').length].join('|')
      """), "bold|true|main||3|3")
    XCTAssertEqual(thrown("document.querySelector('p[')")?.name, "SyntaxError")
  }

  func testStyleWritesTheStyleAttribute() throws {
    try js("""
      const body = document.body;
      body.style.background = 'red';
      body.style.backgroundColor = 'blue';
      body.style.setProperty('margin-top', '4px', 'important');
      body.style.cssFloat = 'left';
      body.style.webkitTransform = 'none';
      """)
    XCTAssertEqual(document.body!.getAttribute("style"),
                   "background: red; background-color: blue; margin-top: 4px !important; float: left; -webkit-transform: none;")
    XCTAssertEqual(try string("""
      const s = document.body.style;
      const parts = [s.backgroundColor, s.getPropertyValue('margin-top'), s.getPropertyPriority('margin-top'), s.length,
                     s[0], s.item(1), s === document.body.style, typeof s.setProperty, s.hasOwnProperty('length')];
      s.removeProperty('background');
      s.marginTop = '';
      parts.push(s.cssText);
      s.cssText = 'color: green';
      parts.push(document.body.getAttribute('style'));
      document.body.style = 'top: 0';
      parts.push(s.top);
      parts.join('|')
      """), "blue|4px|important|5|background|background-color|true|function|false|background-color: blue; float: left; -webkit-transform: none;|color: green;|0")
  }

  func testComputedStyleAndInnerText() throws {
    load("""
      <!DOCTYPE html><html><head><style>.note { color: #00f; text-transform: uppercase } p { white-space: pre }</style></head>
      <body><div id="main"><p class="note">One  two</p><p hidden>gone</p>Three<br>four</div></body></html>
      """)
    XCTAssertEqual(try string("""
      const main = document.getElementById('main'), note = document.querySelector('.note');
      const cs = getComputedStyle(note);
      const parts = [cs instanceof CSSStyleDeclaration, cs.color, cs.getPropertyValue('white-space'), cs.whiteSpace,
        cs.display, cs.textTransform, cs.length > 5, cs.item(0), cs.cssText, cs.marginTop, getComputedStyle.length];
      for (const write of [() => { cs.color = 'red'; }, () => cs.setProperty('color', 'red'), () => { cs.cssText = ''; }]) {
        try { write(); parts.push('no error'); } catch (e) { parts.push(e.name); }
      }
      try { getComputedStyle(document); } catch (e) { parts.push(e.name); }
      note.className = '';
      parts.push(cs.color, cs.textTransform, JSON.stringify(main.innerText), JSON.stringify(main.outerText));
      const detached = document.createElement('div');
      parts.push(JSON.stringify(getComputedStyle(detached).display));
      main.innerText = 'a\\nb';
      parts.push(main.innerHTML);
      parts.join('|')
      """),
      "true|rgb(0, 0, 255)|pre|pre|block|uppercase|true|align-items||16px|1|NoModificationAllowedError|NoModificationAllowedError|"
        + "NoModificationAllowedError|TypeError|rgb(0, 0, 0)|none|\"One  two\\n\\nThree\\nfour\"|\"One  two\\n\\nThree\\nfour\"|\"\"|a<br>b")
  }

  func testCSSNamespaceAndDashedStyleNames() throws {
    XCTAssertEqual(try string("""
      const e = document.createElement('div');
      e.style['text-transform'] = 'uppercase';
      e.style['-webkit-transform'] = 'none';
      e.style.fooBar = 'x';
      [e.getAttribute('style'), e.style.textTransform, e.style['text-transform'], typeof e.style.notAProperty,
       CSS.supports('display', 'grid'), CSS.supports('display', 'bogus'), CSS.supports('margin', '0'),
       CSS.supports('not-a-property', '0'), CSS.supports('(display: flex) and (not (display: bogus))'),
       CSS.supports('display: flex'), CSS.supports('selector(a > b)'), CSS.supports('--x', 'y'), CSS.supports.length,
       CSS.escape('a#b'), CSS.escape('1x'), CSS.escape('-'), CSS.escape('-2'), String(CSS)].join('|')
      """), "text-transform: uppercase; -webkit-transform: none;|uppercase|uppercase|undefined|true|false|true|false|true|"
        + "true|true|true|1|a\\#b|\\31 x|\\-|-\\32 |[object CSS]")
  }

  func testHTMLElementReflection() throws {
    XCTAssertEqual(try string("""
      const e = document.createElement('section');
      e.title = 'T'; e.lang = 'fr'; e.dir = 'rtl'; e.hidden = true; e.accessKey = 'k';
      const a = e.outerHTML;
      e.hidden = false; e.translate = false;
      e.innerText = 'x < y';
      [a, e.hidden, e.translate, e.getAttribute('translate'), e.innerHTML, e.title, e.lang].join('|')
      """), "<section title=\"T\" lang=\"fr\" dir=\"rtl\" hidden=\"\" accesskey=\"k\"></section>|false|false|no|x &lt; y|T|fr")
  }

  func testSpecificHTMLElementInterfaces() throws {
    load("""
      <!DOCTYPE html><html><head><base href="/base/"><meta name="description" content="About">
      </head><body><a href="next.html?x=1">next</a><img src="pic.png" alt="A pic" width="20">
      <input placeholder="Name"><template id="t"><p>in template</p></template></body></html>
      """)
    XCTAssertEqual(try string("""
      const a = document.querySelector('a'), img = document.querySelector('img'), input = document.querySelector('input');
      const meta = document.querySelector('meta'), t = document.getElementById('t');
      input.value = 'typed';
      a.href = 'http://other.example/a';
      [a instanceof HTMLAnchorElement, String(document.createElement('a').href), img.src, img.alt, img.width,
       input.type, input.placeholder, input.value + ':' + input.getAttribute('value'), meta.name, meta.content, a.getAttribute('href'),
       t.content instanceof DocumentFragment, t.content.firstChild.textContent, t.childNodes.length,
       document.baseURI].join('|')
      """), "true||https://example.com/base/pic.png|A pic|20|text|Name|typed:null|description|About|http://other.example/a|true|in template|0|https://example.com/base/")
    load("<a href='sub/x.html'>x</a>")
    XCTAssertEqual(try string("document.querySelector('a').href"), "https://example.com/dir/sub/x.html")
  }

  func testDataset() throws {
    XCTAssertEqual(try string("""
      const e = document.createElement('div');
      e.setAttribute('data-user-id', '7');
      e.dataset.fooBar = 'baz';
      [e.dataset.userId, e.getAttribute('data-foo-bar'), Object.keys(e.dataset).join('+'), e.dataset === e.dataset,
       e.dataset.missing].join('|')
      """), "7|baz|userId+fooBar|true|")
  }
}
