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
#endif
