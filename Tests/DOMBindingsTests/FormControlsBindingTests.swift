import DOM
import DOMBindings
import JSBridge
import XCTest

/// What form fillers and form collectors read and set: a select's selection, options' selectedness, form owners,
/// label controls and constraint validation (`required` and custom messages).
final class FormControlsBindingTests: BindingTestCase {
  override var html: String {
    """
    <!DOCTYPE html><html><body><form id="f"><label id="l" for="email">Email</label>
    <input id="email" type="email" required><select id="region"><option value="eu">Europe</option>
    <option value="ap" selected>Asia</option><optgroup><option>Other</option></optgroup></select>
    <select id="empty"><option disabled>-</option><option value="x">X</option></select></form>
    <input id="outside" form="f"><input id="nowhere" form="missing"></body></html>
    """
  }

  func testSelectsAndOptions() throws {
    XCTAssertEqual(try string("""
      const r = document.getElementById('region');
      const before = [r.value, r.selectedIndex, r.selectedOptions.length, r.type, r.length, r.options[1].selected];
      r.selectedIndex = 0;
      const afterIndex = [r.value, r.options[1].selected, r.options[1].defaultSelected];
      r.value = 'Other';
      const afterValue = [r.selectedIndex, r.options[2].index, r.selectedOptions[0].textContent];
      r.value = 'none';
      [before, afterIndex, afterValue, r.selectedIndex, r.value === '', document.getElementById('empty').value].join(' | ')
      """), "ap,1,1,select-one,3,true | eu,false,true | 2,2,Other | -1 | true | x")
    XCTAssertEqual(try string("""
      const region = document.getElementById('region'); region.options[2].selected = true;
      [region.options[0].selected, region.options[1].selected, region.value, (region.length = 1, region.length),
       (region.length = 3, region.options[2].outerHTML)].join()
      """), "false,false,Other,1,<option></option>")
  }

  func testFormOwnersLabelsAndValidity() throws {
    XCTAssertEqual(try string("""
      const f = document.getElementById('f'), email = document.getElementById('email');
      let invalid = [];
      f.addEventListener('invalid', e => invalid.push(e.target.id), true);
      const missing = [email.willValidate, email.checkValidity(), email.validationMessage, f.checkValidity()];
      email.value = 'a@b.example';
      const filled = [email.checkValidity(), f.checkValidity()];
      email.setCustomValidity('taken');
      [missing, filled, email.validationMessage, email.reportValidity(), invalid,
       email.form === f, document.getElementById('outside').form === f, document.getElementById('nowhere').form,
       document.getElementById('l').control === email, document.getElementById('l').form === f].join(' | ')
      """), "true,false,Fill out this field,false | true,true | taken | false | email,email,email | true | true |  | true | true")
  }
}

/// focus() and blur() move the focus and fire what a browser fires, in its order.
final class FocusBindingTests: BindingTestCase {
  override var html: String {
    #"<!DOCTYPE html><html><body><input id="a"><input id="b"><input id="h" type="hidden"><p id="p">text</p></body></html>"#
  }

  func testFocusMovesWithItsEvents() throws {
    XCTAssertEqual(try string("""
      const log = [];
      for (const type of ['focus', 'blur', 'focusin', 'focusout'])
        document.addEventListener(type, e => log.push(e.type + '@' + e.target.id + (e.relatedTarget ? '<' + e.relatedTarget.id : '') + ':' + e.eventPhase), true);
      const a = document.getElementById('a'), b = document.getElementById('b');
      const first = document.activeElement === document.body;
      a.focus(); b.focus(); b.focus();
      document.getElementById('h').focus(); document.getElementById('p').focus();
      const focused = document.activeElement.id;
      b.blur();
      [first, focused, document.activeElement === document.body, log.join(' ')].join(' | ')
      """), "true | b | true | focus@a:1 focusin@a:1 blur@a<b:1 focusout@a<b:1 focus@b<a:1 focusin@b<a:1 blur@b:1 focusout@b:1")
  }

  /// A submit button's click validates the form first (events-finalize on constructed-login-form in the WebKit
  /// differential suite: WebKit fires no submit for a login form whose required field is empty).
  func testSubmittingAnInvalidFormFocusesItsFirstFailingFieldInstead() throws {
    load("""
      <!DOCTYPE html><form id=f><input id=e required><input id=p required><button id=b>Go</button></form>
      <form id=g novalidate><input required><button id=c>Go</button></form>
      """)
    XCTAssertEqual(try string("""
      const log = [];
      for (const type of ['invalid', 'focus', 'submit'])
        document.addEventListener(type, e => { log.push(type + '@' + (e.target.id || e.target.localName)); if (type === 'submit') e.preventDefault(); }, true);
      document.getElementById('b').click();
      document.getElementById('c').click();
      document.getElementById('e').value = 'me'; document.getElementById('p').value = 'secret';
      document.getElementById('b').click();
      log.join(' ')
      """), "invalid@e invalid@p focus@e submit@g submit@f")
  }

  /// WebKit gives no focus to a field that is not rendered (events-finalize on django-topics-forms in the WebKit
  /// differential suite: its first field is in a collapsed part of the page).
  func testAFieldThatIsNotRenderedTakesNoFocus() throws {
    load("""
      <!DOCTYPE html><style>.collapsed { display: none }</style><div class=collapsed><input id=c></div>
      <input id=n style="display: none"><input id=v style="visibility: hidden"><input id=ok>
      """)
    XCTAssertEqual(try string("""
      const log = [];
      document.addEventListener('focus', e => log.push(e.target.id), true);
      for (const id of ['c', 'n', 'v', 'ok']) document.getElementById(id).focus();
      [log.join(','), document.activeElement.id].join('|')
      """), "ok|ok")
  }
}
