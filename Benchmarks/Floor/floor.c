/* The floor of a page's cost in `Scripts/bench batch`: what any host must do with a saved page, done with libxml2 and
 * JavaScriptCore directly and nothing else.
 *
 *   floor [--text-walk ACTION_JS] PAGE...
 *
 * For each page, in one process: read the file, parse it with libxml2's HTML parser, walk the whole tree (every
 * node, every attribute), serialize it to memory, free both, and create and release a JavaScript global context in
 * one context group shared by all pages. Prints one line per page, "<milliseconds> <path>", then "maxrss <KiB>".
 * Built by Scripts/bench with the same pkg-config packages webaction builds against.
 *
 * With --text-walk, before serializing, the least that page-info's word count can cost any host built on
 * JavaScriptCore's C API: ACTION_JS (page-info's Action.js) is evaluated in the page's context, and a JavaScript loop
 * asks a native walker for each text node of the body outside script, style, noscript and template, gets a wrapper
 * object for it, reads its `data` through a native getter and counts its words with page-info's own
 * pageInfoCountWords. No DOM, no wrapper table, no WebIDL: one C callback per step and per read, one JSObjectMake per
 * node. */
#include <JavaScriptCore/JavaScript.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Visits every node and attribute without recursion; returns how many there were (so the walk is not optimized out). */
static long walk(xmlNodePtr node) {
  long count = 0;
  while (node) {
    count++;
    for (xmlAttrPtr attribute = node->type == XML_ELEMENT_NODE ? node->properties : NULL; attribute;
         attribute = attribute->next)
      count++;
    if (node->children) {
      node = node->children;
      continue;
    }
    while (node && !node->next) node = node->parent;
    if (node) node = node->next;
  }
  return count;
}

/* --text-walk: the native walker (its private data is a struct text_walk) and the text nodes' wrappers (theirs is
 * the xmlNode). */
struct text_walk {
  xmlNodePtr root, current;
};

static JSClassRef walker_class, text_class;
static xmlNodePtr walk_root; /* the page's body, where textNodes() walkers start */

static int skipped(xmlNodePtr node) {
  static const char *names[] = {"script", "style", "noscript", "template"};
  if (node->type != XML_ELEMENT_NODE) return 0;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp((const char *)node->name, names[i])) return 1;
  return 0;
}

/* The next text node after walk->current in document order, inside walk->root, not entering skipped elements. */
static xmlNodePtr next_text(struct text_walk *walk) {
  xmlNodePtr node = walk->current;
  for (;;) {
    if (node->children && !skipped(node) && node->type != XML_ENTITY_REF_NODE) {
      node = node->children;
    } else {
      while (node != walk->root && !node->next) node = node->parent;
      if (node == walk->root) return NULL;
      node = node->next;
    }
    if (node->type == XML_TEXT_NODE) return walk->current = node;
  }
}

static JSValueRef next_node(JSContextRef context, JSObjectRef function, JSObjectRef self, size_t count,
                            const JSValueRef arguments[], JSValueRef *exception) {
  struct text_walk *walk = JSObjectGetPrivate(self);
  xmlNodePtr node = walk ? next_text(walk) : NULL;
  return node ? JSObjectMake(context, text_class, node) : JSValueMakeNull(context);
}

static JSValueRef text_data(JSContextRef context, JSObjectRef object, JSStringRef name, JSValueRef *exception) {
  xmlNodePtr node = JSObjectGetPrivate(object);
  JSStringRef string = JSStringCreateWithUTF8CString(node->content ? (const char *)node->content : "");
  JSValueRef value = JSValueMakeString(context, string);
  JSStringRelease(string);
  return value;
}

static void walker_finalize(JSObjectRef object) { free(JSObjectGetPrivate(object)); }

static JSValueRef text_nodes(JSContextRef context, JSObjectRef function, JSObjectRef self, size_t count,
                             const JSValueRef arguments[], JSValueRef *exception) {
  struct text_walk *walk = malloc(sizeof *walk);
  walk->root = walk->current = walk_root;
  return JSObjectMake(context, walker_class, walk);
}

static void make_classes(void) {
  static const JSStaticFunction walker_functions[] = {{"nextNode", next_node, kJSPropertyAttributeNone}, {0, 0, 0}};
  static const JSStaticValue text_values[] = {{"data", text_data, NULL, kJSPropertyAttributeReadOnly}, {0, 0, 0, 0}};
  JSClassDefinition walker = kJSClassDefinitionEmpty, text = kJSClassDefinitionEmpty;
  walker.className = "TextWalker";
  walker.staticFunctions = walker_functions;
  walker.finalize = walker_finalize;
  text.className = "Text";
  text.staticValues = text_values;
  walker_class = JSClassCreate(&walker);
  text_class = JSClassCreate(&text);
}

/* The first element named `name` in document order, or NULL. */
static xmlNodePtr find_element(xmlNodePtr node, const char *name) {
  for (; node; node = node->next) {
    if (node->type == XML_ELEMENT_NODE && !strcmp((const char *)node->name, name)) return node;
    xmlNodePtr found = node->type == XML_ELEMENT_NODE ? find_element(node->children, name) : NULL;
    if (found) return found;
  }
  return NULL;
}

/* Exported by libjavascriptcoregtk but declared only in its private headers (webaction's shim declares them too): a
 * script parsed once for a context group, run in any of its contexts, as webaction runs an extension's Action.js. */
typedef struct OpaqueJSScript *JSScriptRef;
JSScriptRef JSScriptCreateFromString(JSContextGroupRef group, JSStringRef url, int startingLineNumber,
                                     JSStringRef source, JSStringRef *errorMessage, int *errorLine);
JSValueRef JSScriptEvaluate(JSContextRef ctx, JSScriptRef script, JSValueRef thisValue, JSValueRef *exception);

/* Runs `source` in `context`, parsed once for the process's one context group. */
static JSValueRef evaluate(JSContextRef context, JSScriptRef *compiled, const char *source, const char *what) {
  if (!*compiled) {
    JSStringRef script = JSStringCreateWithUTF8CString(source);
    *compiled = JSScriptCreateFromString(JSContextGetGroup(context), NULL, 1, script, NULL, NULL);
    JSStringRelease(script);
  }
  JSValueRef exception = NULL;
  JSValueRef value = *compiled ? JSScriptEvaluate(context, *compiled, NULL, &exception) : NULL;
  if (!value || exception) {
    fprintf(stderr, "floor: %s did not parse or threw\n", what);
    exit(1);
  }
  return value;
}

/* page-info's word count over `doc` in `context`; returns the number of words. */
static long text_walk(JSGlobalContextRef context, xmlDocPtr doc, const char *action_js) {
  static const char *loop =
      "(function () { var walker = textNodes(), words = 0;"
      " for (var node = walker.nextNode(); node; node = walker.nextNode()) words += pageInfoCountWords(node.data);"
      " return words; })()";
  static JSScriptRef compiled_action, compiled_loop;
  xmlNodePtr body = find_element(doc->children, "body");
  evaluate(context, &compiled_action, action_js, "ACTION_JS");
  JSStringRef name = JSStringCreateWithUTF8CString("textNodes");
  walk_root = body ? body : (xmlNodePtr)doc;
  JSObjectRef function = JSObjectMakeFunctionWithCallback(context, name, text_nodes);
  JSObjectSetProperty(context, JSContextGetGlobalObject(context), name, function, kJSPropertyAttributeNone, NULL);
  JSStringRelease(name);
  return (long)JSValueToNumber(context, evaluate(context, &compiled_loop, loop, "the text walk"), NULL);
}

static char *read_file(const char *path, long *size) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  fseek(file, 0, SEEK_END);
  *size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *data = malloc(*size ? *size : 1);
  if (data && fread(data, 1, *size, file) != (size_t)*size) {
    free(data);
    data = NULL;
  }
  fclose(file);
  return data;
}

int main(int argc, char **argv) {
  JSContextGroupRef group = JSContextGroupCreate();
  long total = 0, words = 0, size = 0;
  char *action_js = NULL;
  int first = 1;
  if (argc > 2 && !strcmp(argv[1], "--text-walk")) {
    if (!(action_js = read_file(argv[2], &size))) {
      fprintf(stderr, "floor: cannot read %s\n", argv[2]);
      return 1;
    }
    action_js = realloc(action_js, size + 1);
    action_js[size] = 0;
    make_classes();
    first = 3;
  }
  for (int i = first; i < argc; i++) {
    double start = now_ms();
    char *data = read_file(argv[i], &size);
    if (!data) {
      fprintf(stderr, "floor: cannot read %s\n", argv[i]);
      return 1;
    }
    htmlDocPtr doc = htmlReadMemory(data, (int)size, argv[i], NULL,
                                    HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                                        XML_PARSE_HUGE);
    if (!doc) {
      fprintf(stderr, "floor: libxml2 could not parse %s\n", argv[i]);
      return 1;
    }
    total += walk((xmlNodePtr)doc);
    JSGlobalContextRef context = JSGlobalContextCreateInGroup(group, NULL);
    if (action_js) words += text_walk(context, doc, action_js);
    xmlChar *out = NULL;
    int length = 0;
    htmlDocDumpMemoryFormat(doc, &out, &length, 0);
    total += length;
    xmlFree(out);
    JSGlobalContextRelease(context);
    xmlFreeDoc(doc);
    free(data);
    printf("%.3f %s\n", now_ms() - start, argv[i]);
  }
  JSContextGroupRelease(group);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("maxrss %ld\n", usage.ru_maxrss);
  fprintf(stderr, "floor: %ld nodes, attributes and bytes; %ld words\n", total, words);
  return 0;
}
