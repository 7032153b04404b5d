/* The floor of a page's cost in `Scripts/bench batch`: what any host must do with a saved page, done with libxml2 and
 * JavaScriptCore directly and nothing else.
 *
 *   floor PAGE...
 *
 * For each page, in one process: read the file, parse it with libxml2's HTML parser, walk the whole tree (every
 * node, every attribute), serialize it to memory, free both, and create and release a JavaScript global context in
 * one context group shared by all pages. Prints one line per page, "<milliseconds> <path>", then "maxrss <KiB>".
 * Built by Scripts/bench with the same pkg-config packages webaction builds against. */
#include <JavaScriptCore/JavaScript.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <stdio.h>
#include <stdlib.h>
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
  long total = 0;
  for (int i = 1; i < argc; i++) {
    double start = now_ms();
    long size = 0;
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
    xmlChar *out = NULL;
    int length = 0;
    htmlDocDumpMemoryFormat(doc, &out, &length, 0);
    total += length;
    xmlFree(out);
    xmlFreeDoc(doc);
    free(data);
    JSGlobalContextRef context = JSGlobalContextCreateInGroup(group, NULL);
    JSGlobalContextRelease(context);
    printf("%.3f %s\n", now_ms() - start, argv[i]);
  }
  JSContextGroupRelease(group);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("maxrss %ld\n", usage.ru_maxrss);
  fprintf(stderr, "floor: %ld nodes, attributes and bytes\n", total);
  return 0;
}
