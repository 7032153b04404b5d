import DOM
import JSBridge

extension MutationObserver: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.mutationObserver.erased }
}

/// A MutationRecord as scripts see it: its node lists are the same objects on every read (`[SameObject]`).
final class MutationRecordObject: ScriptExposed {
  let record: MutationRecord
  private(set) lazy var addedNodes = NodeListObject(.snapshot(record.addedNodes))
  private(set) lazy var removedNodes = NodeListObject(.snapshot(record.removedNodes))

  init(_ record: MutationRecord) { self.record = record }

  static var scriptInterface: AnyInterface { DOMInterfaces.mutationRecord.erased }
}

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-mutationobserver
  static let mutationObserver = Interface<MutationObserver>("MutationObserver") { b in
    b.constructor(length: 1) { args in
      let window = try args.context.window()
      let function = args.value(0)
      guard function.isFunction else {
        throw ScriptError.typeError("MutationObserver constructor: argument 1 is not a function.")
      }
      return MutationObserver(agent: window.mutationObserverAgent, callback: scriptCallback(function, window: window))
    }
    b.method("observe", length: 1) { observer, args in
      let target = try args.object(0, as: Node.self)
      do {
        try observer.observe(target, options: try mutationObserverOptions(args.value(1)))
      } catch let error as MutationObserver.OptionsError {
        throw ScriptError.typeError("MutationObserver.observe: \(error.message)")
      }
    }
    b.method("disconnect") { observer, _ in observer.disconnect() }
    b.method("takeRecords") { observer, _ in observer.takeRecords().map(MutationRecordObject.init) }
  }

  /// https://dom.spec.whatwg.org/#interface-mutationrecord
  static let mutationRecord = Interface<MutationRecordObject>("MutationRecord") { b in
    b.wrappersAreCollectable()
    b.getter("type") { $0.record.type.rawValue }
    b.getter("target") { $0.record.target }
    b.getter("addedNodes") { $0.addedNodes }
    b.getter("removedNodes") { $0.removedNodes }
    b.getter("previousSibling") { $0.record.previousSibling }
    b.getter("nextSibling") { $0.record.nextSibling }
    b.getter("attributeName") { $0.record.attributeName }
    b.getter("attributeNamespace") { $0.record.attributeNamespace }
    b.getter("oldValue") { $0.record.oldValue }
  }

  /// The observer's callback: called with the records and the observer, the observer as `this`
  /// (https://dom.spec.whatwg.org/#notify-mutation-observers step 5.4). What it throws is reported, as a listener's is.
  private static func scriptCallback(_ function: ScriptValue, window: Window) -> MutationObserver.Callback {
    let callback = ProtectedValue(function)
    return { [weak window] observer, records in
      guard callback.isAlive, let window else { return }
      do {
        let context = window.context
        let observerValue = try context.wrap(observer)
        let recordValues = try context.makeArray(records) { record throws(ScriptError) in
          try context.wrap(MutationRecordObject(record))
        }
        try callback.value.call(this: observerValue, args: [recordValues, observerValue])
      } catch {
        window.emit(.error, "Uncaught \(error)")
      }
    }
  }

  /// https://dom.spec.whatwg.org/#dictdef-mutationobserverinit (absent members stay nil).
  private static func mutationObserverOptions(_ value: ScriptValue) throws(ScriptError) -> MutationObserver.Options {
    var options = MutationObserver.Options()
    guard !value.isUndefined && !value.isNull else { return options }
    guard value.isObject else { throw .typeError("MutationObserver.observe: argument 2 is not an object.") }
    func optionalBool(_ name: String) throws(ScriptError) -> Bool? {
      let member = try value.property(name)
      return member.isUndefined ? nil : member.toBool()
    }
    options.childList = try optionalBool("childList") ?? false
    options.attributes = try optionalBool("attributes")
    options.characterData = try optionalBool("characterData")
    options.subtree = try optionalBool("subtree") ?? false
    options.attributeOldValue = try optionalBool("attributeOldValue")
    options.characterDataOldValue = try optionalBool("characterDataOldValue")
    let filter = try value.property("attributeFilter")
    if !filter.isUndefined {
      guard filter.isObject else { throw .typeError("MutationObserver.observe: attributeFilter is not a sequence.") }
      var names: [String] = []
      for element in try filter.arrayElements() { names.append(try element.toString()) }
      options.attributeFilter = names
    }
    return options
  }
}
