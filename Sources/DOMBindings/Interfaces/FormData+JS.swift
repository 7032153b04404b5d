import DOM
import JSBridge

/// The object behind a script's `FormData`: an entry list, made empty or from a form's controls.
///
/// https://xhr.spec.whatwg.org/#interface-formdata. There is no `Blob` or `File` here: a file input's entry (no file
/// is ever chosen) is the empty string, and a value given to `append`/`set` is converted to a string.
final class FormDataObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.formData.erased }

  var list: [(name: String, value: String)]

  init(list: [(name: String, value: String)]) { self.list = list }
}

extension DOMInterfaces {
  /// https://xhr.spec.whatwg.org/#interface-formdata
  static let formData = Interface<FormDataObject>("FormData") { b in
    b.constructor { args in
      // https://xhr.spec.whatwg.org/#dom-formdata: from the form's entry list, with the submitter if given.
      guard let form = try args.optionalObject(0, as: Element.self) else { return FormDataObject(list: []) }
      guard form.isHTML(named: "form") else {
        throw ScriptError.typeError("Failed to construct 'FormData': parameter 1 is not of type 'HTMLFormElement'.")
      }
      let submitter = try args.optionalObject(1, as: Element.self)
      if let submitter {
        guard submitter.isSubmitButton else {
          throw ScriptError.typeError("Failed to construct 'FormData': The specified element is not a submit button.")
        }
        guard submitter.formOwner === form else {
          throw DOMException(.notFoundError, "Failed to construct 'FormData': The specified element is not owned by this form element.")
        }
      }
      return FormDataObject(list: form.formEntryList(submitter: submitter).map { ($0.name, $0.value) })
    }
    b.method("append", length: 2) { data, args in
      try args.require(2)
      data.list.append((try args.string(0), try args.string(1)))
    }
    b.method("delete", length: 1) { data, args in
      try args.require(1)
      let name = try args.string(0)
      data.list.removeAll { $0.name == name }
    }
    b.method("get", length: 1) { data, args -> String? in
      try args.require(1)
      let name = try args.string(0)
      return data.list.first { $0.name == name }?.value
    }
    b.method("getAll", length: 1) { data, args -> [String] in
      try args.require(1)
      let name = try args.string(0)
      return data.list.filter { $0.name == name }.map(\.value)
    }
    b.method("has", length: 1) { data, args -> Bool in
      try args.require(1)
      let name = try args.string(0)
      return data.list.contains { $0.name == name }
    }
    b.method("set", length: 2) { data, args in
      try args.require(2)
      NameValueList.set(&data.list, name: try args.string(0), value: try args.string(1))
    }
    b.pairIterable(length: { $0.list.count }, entry: { data, index in
      index < data.list.count ? (data.list[index].name, data.list[index].value) : nil
    })
  }
}

/// The list operations `URLSearchParams` and `FormData` share.
enum NameValueList {
  /// `set(name, value)` (https://url.spec.whatwg.org/#dom-urlsearchparams-set,
  /// https://xhr.spec.whatwg.org/#dom-formdata-set): the first pair named `name` takes the value, later ones go;
  /// with none, the pair is appended.
  static func set(_ list: inout [(name: String, value: String)], name: String, value: String) {
    guard let first = list.firstIndex(where: { $0.name == name }) else {
      list.append((name, value))
      return
    }
    list[first].value = value
    var index = list.count - 1
    while index > first {
      if list[index].name == name { list.remove(at: index) }
      index -= 1
    }
  }
}
