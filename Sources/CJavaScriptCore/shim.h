#ifndef WEBACTION_CJAVASCRIPTCORE_SHIM_H
#define WEBACTION_CJAVASCRIPTCORE_SHIM_H
#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

// Exported by libjavascriptcoregtk-4.1 but declared only in JavaScriptCore's private headers
// (checked with `nm -D --defined-only`; see ../shared/NOTES.md).
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback, void *context);
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
JS_EXPORT JSObjectRef JSObjectMakeDeferredPromise(JSContextRef ctx, JSObjectRef *resolve,
                                                  JSObjectRef *reject, JSValueRef *exception);
JS_EXPORT void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function,
                                                            JSValueRef *exception);
JS_EXPORT void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);
JS_EXPORT void JSGlobalContextSetName(JSGlobalContextRef ctx, JSStringRef name);
// jsc/jsc-version.h (the GLib API's header, which needs GLib's): the library's version, for `webaction --version`.
unsigned int jsc_get_major_version(void);
unsigned int jsc_get_minor_version(void);
unsigned int jsc_get_micro_version(void);
// JSScriptRefPrivate.h: a script parsed once for a context group, then run in any of its contexts.
typedef struct OpaqueJSScript *JSScriptRef;
JS_EXPORT JSScriptRef JSScriptCreateFromString(JSContextGroupRef group, JSStringRef url, int startingLineNumber,
                                               JSStringRef source, JSStringRef *errorMessage, int *errorLine);
JS_EXPORT void JSScriptRelease(JSScriptRef script);
JS_EXPORT JSValueRef JSScriptEvaluate(JSContextRef ctx, JSScriptRef script, JSValueRef thisValue,
                                      JSValueRef *exception);
// JSHeapFinalizerPrivate.h: called after each garbage collection (on the thread that runs scripts, as checked).
typedef void (*JSHeapFinalizer)(JSContextGroupRef group, void *userData);
JS_EXPORT void JSContextGroupAddHeapFinalizer(JSContextGroupRef group, JSHeapFinalizer finalizer, void *userData);
JS_EXPORT void JSContextGroupRemoveHeapFinalizer(JSContextGroupRef group, JSHeapFinalizer finalizer, void *userData);

// JSC::VM::DrainMicrotaskDelayScope, a C++ class exported by libjavascriptcoregtk-4.1 (checked with
// `nm -D --defined-only | c++filt` and its disassembly on 2.50): one `RefPtr<VM>`. While one exists, JSC does not
// drain the microtask queue when the API lock is released (the end of every call from C into JS); `decrement()`
// drains it when the count reaches zero. A JSContextGroupRef is the VM's address (JSC's APICast.h). Called through
// their mangled names (Itanium C++ ABI: `this` first); JSBridge's ScriptGroup is the only user.
typedef struct { void *vm; } WAMicrotaskDelayScope;
void WAMicrotaskDelayScopeCreate(WAMicrotaskDelayScope *scope, JSContextGroupRef vm)
    __asm__("_ZN3JSC2VM24DrainMicrotaskDelayScopeC1ERS0_");
void WAMicrotaskDelayScopeIncrement(WAMicrotaskDelayScope *scope)
    __asm__("_ZN3JSC2VM24DrainMicrotaskDelayScope9incrementEv");
void WAMicrotaskDelayScopeDecrement(WAMicrotaskDelayScope *scope)
    __asm__("_ZN3JSC2VM24DrainMicrotaskDelayScope9decrementEv");
void WAMicrotaskDelayScopeDestroy(WAMicrotaskDelayScope *scope)
    __asm__("_ZN3JSC2VM24DrainMicrotaskDelayScopeD1Ev");

// The GLib API's version of the library (jsc/jsc-version.h, not included here: the GLib headers are not needed).
// JSBridge records it (ScriptContext.engineVersion); a test compares it with the version the layout above was
// checked on, so a new JavaScriptCore is checked again before it is trusted.
unsigned jsc_get_major_version(void);
unsigned jsc_get_minor_version(void);
unsigned jsc_get_micro_version(void);
#endif
