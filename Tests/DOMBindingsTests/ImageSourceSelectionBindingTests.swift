import DOM
import JSBridge
import XCTest

/// Which source an `<img>` requests (`currentSrc`) and its rendered box: WebKitGTK 2.50's answers for this page at
/// 390×844, device pixel ratio 1 (`webkit_host.py --ext` reading currentSrc, width, height, x and y of every image):
/// the first candidate whose density reaches 1 (`w` descriptors over `sizes`, 100vw by default), a `<picture>`'s
/// first source whose media matches and whose type is supported, and broken images' 20×20 icon.
final class ImageSourceSelectionBindingTests: BindingTestCase {
  override var html: String {
    """
    <!doctype html><html><body>
    <img id=s1 src="a.png" srcset="b.png 1x, c.png 2x">
    <img id=s2 srcset="small.png 300w, big.png 800w" sizes="100vw">
    <img id=s3 srcset="small.png 300w, mid.png 500w, big.png 800w">
    <img id=s4 srcset="small.png 300w, big.png 800w" sizes="(max-width: 400px) 200px, 600px">
    <img id=s5 srcset="x.png, y.png 2x" src=z.png>
    <img id=s6 srcset="small.png 100w, mid.png 380w, big.png 800w" sizes="50vw">
    <img id=s7 srcset="a.png 1.5x, b.png 3x">
    <img id=s8 srcset="  a.png  200w , b.png 400w" sizes="calc(100vw - 20px)">
    <picture><source srcset="p.webp" type="image/webp"><source srcset="p.png 2x, p1.png 1x"><img id=pic src="fallback.png"></picture>
    <picture><source media="(min-width: 800px)" srcset="wide.png"><img id=pic2 src="narrow.png"></picture>
    </body></html>
    """
  }

  func testTheSourceAndBoxAreWebKits() throws {
    XCTAssertEqual(try string("""
      Array.from(document.images, i => [i.id, i.currentSrc.replace(/.*\\//, ''), i.width, i.height, i.x, i.y].join(' ')).join('\\n')
      """), """
      s1 b.png 20 20 8 8
      s2 big.png 20 20 33 8
      s3 mid.png 20 20 58 8
      s4 small.png 20 20 83 8
      s5 x.png 20 20 108 8
      s6 mid.png 20 20 133 8
      s7 a.png 20 20 158 8
      s8 b.png 20 20 183 8
      pic p.webp 20 20 208 8
      pic2 narrow.png 20 20 233 8
      """)
  }

  func testAWiderViewportPicksAgain() throws {
    window.document.mediaEnvironment = MediaEnvironment(width: 1000, height: 800)
    // 50vw is 500 px: 380w is 0.76x, 800w 1.6x; 600px: 800w is 1.33x; the wide source's media matches.
    XCTAssertEqual(try string("[s6, s4, pic2].map(i => i.currentSrc.replace(/.*\\//, '')).join()"), "big.png,big.png,wide.png")
  }
}
