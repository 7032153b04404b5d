import DOM
import JSBridge
import XCTest

/// IntersectionObserver on the laid-out page. The expected entries are WebKitGTK 2.50's for this page at 390×844
/// (`webkit_host.py --ext io.js --window-size 390x844` with the same observer, targets and expressions): the first
/// callback comes after the observing script, once, with every target; a target half in the viewport has ratio
/// 0.46, one clipped by an `overflow: hidden` ancestor 0.01, one with no box zero rectangles (rootBounds too).
final class IntersectionObserverBindingTests: BindingTestCase {
  override var html: String {
    """
    <!doctype html><html><body>
    <div id=top style="height:100px">top</div>
    <div style="height:700px"></div>
    <div id=half style="height:100px">half</div>
    <div id=below style="height:50px">below</div>
    <div id=hidden style="visibility:hidden">hidden</div>
    <div id=none style="display:none">none</div>
    <div style="overflow:hidden;height:10px;position:absolute;top:0;left:0;width:10px"><div id=clipped style="width:100px;height:100px">c</div></div>
    </body></html>
    """
  }

  func testTheFirstCallbackComesAfterTheScriptWithWebKitsEntries() throws {
    try js("""
      globalThis.out = {order: []};
      globalThis.io = new IntersectionObserver(function (entries, observer) {
        out.order.push('callback');
        out.same = observer === io && this === io;
        out.entries = entries.map(e => {
          const b = e.boundingClientRect, i = e.intersectionRect, r = e.rootBounds;
          return [e.target.id, e.isIntersecting, Math.round(e.intersectionRatio * 1000) / 1000,
                  [b.x, b.y, b.width, b.height].join(','), [i.x, i.y, i.width, i.height].join(','),
                  r ? [r.x, r.y, r.width, r.height].join(',') : null, typeof e.time].join(' ');
        });
      }, {rootMargin: '10px', threshold: [0.5, 0]});
      ['top', 'below', 'half', 'hidden', 'none', 'clipped'].forEach(id => io.observe(document.getElementById(id)));
      io.observe(document.getElementById('top'));
      out.order.push('after observe');
      out.records = io.takeRecords().length;
      """)
    XCTAssertEqual(try string("out.order.join()"), "after observe")
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("out.order.join()"), "after observe,callback")
    XCTAssertEqual(try string("[out.records, out.same, io.rootMargin, io.thresholds.join()].join('|')"), "0|true|10px 10px 10px 10px|0,0.5")
    XCTAssertEqual(try string("out.entries.join('\\n')"), """
      top true 1 8,8,374,100 8,8,374,100 -10,-10,410,864 number
      below false 0 8,908,374,50 0,0,0,0 -10,-10,410,864 number
      half true 0.46 8,808,374,100 8,808,374,46 -10,-10,410,864 number
      hidden false 0 8,958,374,19 0,0,0,0 -10,-10,410,864 number
      none false 0 0,0,0,0 0,0,0,0 0,0,0,0 number
      clipped true 0.01 0,0,100,100 0,0,10,10 -10,-10,410,864 number
      """)
    // Nothing moved: no second callback.
    loop.drain(until: clock.now + 100)
    XCTAssertEqual(try string("out.order.join()"), "after observe,callback")
  }

  func testOptionsAreCheckedAsWebKitChecksThem() throws {
    XCTAssertEqual(try string("""
      const o = new IntersectionObserver(() => {});
      [o.root, o.rootMargin, o.thresholds.join(), o instanceof IntersectionObserver].join('|')
      """), "|0px 0px 0px 0px|0|true")
    XCTAssertEqual(thrown("new IntersectionObserver(() => {}, {rootMargin: '1em'})")?.name, "SyntaxError")
    XCTAssertEqual(thrown("new IntersectionObserver(() => {}, {threshold: 2})")?.name, "RangeError")
    XCTAssertEqual(thrown("new IntersectionObserver(42)")?.name, "TypeError")
    XCTAssertEqual(try string("new IntersectionObserver(() => {}, {rootMargin: '5px 10%'}).rootMargin"), "5px 10% 5px 10%")
  }

  func testUnobservedAndDisconnectedTargetsAreNotReported() throws {
    try js("""
      globalThis.seen = [];
      const io = new IntersectionObserver(entries => entries.forEach(e => seen.push(e.target.id)));
      io.observe(document.getElementById('top'));
      io.observe(document.getElementById('half'));
      io.unobserve(document.getElementById('top'));
      const other = new IntersectionObserver(entries => seen.push('other'));
      other.observe(document.getElementById('top'));
      other.disconnect();
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("seen.join()"), "half")
  }
}
