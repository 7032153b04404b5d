#!/bin/sh
# Makes webkit/<script>/ from real WebKit (WebKitGTK, ../shared/reference/webkit_host.py; Debian packages
# gir1.2-webkit2-4.1 python3-gi xvfb): each extension of extensions/ runs on the pages below in a 390x844
# window (webaction's), with its <name>.finalize.json. Run from anywhere; it rewrites webkit/ whole.
#
# The two script-injection extensions (inject-*.js) need the page's world to run the <script> they insert,
# which webkit_host's default --page-js csp (script-src 'none') forbids: they run with --page-js on, on the
# pages that have no script of their own to run (SCRIPTLESS), so that the only scripts that run are theirs.
#
# The pages' file:// URLs are written file:///ROOT/<path from the repository root> in every answer (the test
# gives webaction the same URL with --url), so the fixtures do not depend on where the repository was
# checked out. _summary.json is kept without timings, memory and temporary paths, so that a re-run diffs
# only where WebKit's answers changed. The finalized pages are gzipped (<page>.html.gz; gzip -n, so the same
# page gives the same bytes): 44 scripts' copies of 37 pages are 80 MB as text.
set -eu
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
HERE=Tests/webactionTests/Fixtures/webkit-differential
HOST="$ROOT/../shared/reference/webkit_host.py"
cd "$ROOT"

PAGES="Pages/article.html Pages/legacy-windows-1252.html Pages/coverage/rust-book/*.html Pages/coverage/nodejs-api/*.html $HERE/pages/*.html"
SCRIPTLESS="Pages/legacy-windows-1252.html $HERE/pages/constructed-*.html $HERE/pages/cups-*.html $HERE/pages/nginx-welcome.html"

rm -rf "$HERE/webkit"
for ext in "$HERE"/extensions/*.js; do
  name=$(basename "$ext" .js)
  case "$name" in
    inject-*) pages=$SCRIPTLESS; js=on ;;
    *) pages=$PAGES; js=csp ;;
  esac
  # shellcheck disable=SC2086 # the page lists are globs
  /usr/bin/python3 "$HOST" --ext "$ext" --finalize-args "@$HERE/extensions/$name.finalize.json" \
    --window-size 390x844 --page-js "$js" --webkit-stderr /dev/null --quiet --out "$HERE/webkit/$name" $pages || true
  /usr/bin/python3 - "$HERE/webkit/$name" "$ROOT" <<'PY'
import json, os, sys
folder, root = sys.argv[1], sys.argv[2]
for entry in sorted(os.listdir(folder)):
    with open(os.path.join(folder, entry), encoding="utf-8") as f:
        text = f.read()
    if "file://" + root + "/" in text:
        with open(os.path.join(folder, entry), "w", encoding="utf-8") as f:
            f.write(text.replace("file://" + root + "/", "file:///ROOT/"))
path = os.path.join(folder, "_summary.json")
s = json.load(open(path))
for key in ("xdg_data_dirs", "wall_s", "pages_per_s", "pages_per_s_steady", "launch_ms", "close_ms", "median_ms", "sum_ms", "memory", "python"):
    s.pop(key, None)
s["ext"] = s["ext"].replace(root + "/", "")
for r in s.get("records", []):
    r.pop("ms", None)
with open(path, "w") as f:
    json.dump(s, f, indent=1, ensure_ascii=False, sort_keys=True)
    f.write("\n")
PY
  gzip -9n "$HERE/webkit/$name"/*.html
done
