import DOM
import DOMBindings
import JSBridge
import XCTest

/// `new FormData(form)`, `form.elements` and `form.length` (the form-data script of the WebKit differential suite).
final class FormDataBindingTests: BindingTestCase {
  override var html: String {
    """
    <!DOCTYPE html><form id=f>
      <input name=q value=search><input name=empty><input name=unnamed-not value=x disabled>
      <input type=checkbox name=c1 checked><input type=checkbox name=c2><input type=checkbox name=c3 value=yes checked>
      <input type=radio name=r value=a><input type=radio name=r value=b checked>
      <input type=hidden name=_charset_><input type=file name=upload><input value=no-name>
      <textarea name=t dirname=t.dir>line one
    line two</textarea>
      <select name=s multiple><option selected>One</option><option value=2 selected>Two</option><option selected disabled>3</option></select>
      <fieldset disabled><input name=inside-disabled value=x></fieldset>
      <datalist><input name=in-datalist value=x></datalist>
      <button name=b value=pressed>Go</button><input type=submit name=sub value=Send><input type=image name=img>
    </form>
    <input form=f name=outside value=o>
    """
  }

  func testTheEntryListOfAForm() throws {
    XCTAssertEqual(try string("""
      const entries = [];
      new FormData(document.getElementById('f')).forEach((v, k) => entries.push(k + '=' + v));
      entries.join('&')
      """), "q=search&empty=&c1=on&c3=yes&r=b&_charset_=UTF-8&upload=&t=line one\nline two&t.dir=ltr&s=One&s=2&outside=o")
  }

  func testTheSubmitterIsIncludedAndMustBeTheFormsButton() throws {
    XCTAssertEqual(try string("""
      const f = document.getElementById('f');
      const withButton = new FormData(f, f.querySelector('button')), withImage = new FormData(f, f.querySelector('[type=image]'));
      [withButton.get('b'), withButton.has('sub'), withImage.get('img.x'), withImage.get('img.y')].join(',')
      """), "pressed,false,0,0")
    XCTAssertEqual(thrown("new FormData(document.getElementById('f'), document.querySelector('[name=q]'))")?.name, "TypeError")
    XCTAssertEqual(thrown("new FormData(document.body)")?.name, "TypeError")
  }

  func testListOperations() throws {
    XCTAssertEqual(try string("""
      const d = new FormData();
      d.append('a', 1); d.append('b', '2'); d.append('a', '3');
      const out = [d.get('a'), d.getAll('a').join('+'), d.has('b'), d.get('zz')];
      d.set('a', 'x'); out.push([...d.entries()].map(e => e.join('=')).join('&'));
      d.delete('b'); out.push([...d.keys()].join(','), [...d].length);
      out.join('|')
      """), "1|1+3|true||a=x&b=2|a|1")
  }

  func testElementsAndLengthFollowTheFormOwner() throws {
    XCTAssertEqual(try string("""
      const f = document.getElementById('f');
      const names = [...f.elements].map(e => e.name || e.localName);
      [f.length, f.elements.length, names.includes('outside'), names.includes('img'), names[names.length - 1],
       f.elements === f.elements].join(',')
      """), "19,19,true,false,outside,true")
  }
}
