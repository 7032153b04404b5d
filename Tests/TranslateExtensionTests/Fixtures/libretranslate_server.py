#!/usr/bin/env python3
"""A loopback server speaking LibreTranslate's documented API, for TranslateExtensionTests.

GET /languages -> [{code, name, targets}]; POST /translate {q, source, target, format, api_key} -> {translatedText}
(a string for a string q, a list for a list q). It "translates" with a tiny en->es word table, outside tags only.
A segment containing "DROPTAG" comes back without its first tag, to exercise damage detection.
GET /last returns the last /translate request body. Prints the port it listens on, then serves until killed.
"""
import json
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

API_KEY = sys.argv[1] if len(sys.argv) > 1 else None
WORDS = {"hello": "hola", "world": "mundo", "the": "el", "house": "casa", "is": "es", "red": "roja",
         "click": "clic", "here": "aquí", "to": "para", "start": "empezar"}
last = {}


def translate(html):
    if "DROPTAG" in html:
        html = re.sub(r"<[a-z][^>]*>", "", html, count=1)
    parts = re.split(r"(<[^>]*>)", html)
    out = []
    for part in parts:
        if part.startswith("<"):
            out.append(part)
        else:
            out.append(re.sub(r"[A-Za-z]+", lambda m: WORDS.get(m.group(0).lower(), m.group(0)), part))
    return "".join(out)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/languages":
            self.reply(200, [{"code": "en", "name": "English", "targets": ["en", "es", "fr"]},
                             {"code": "es", "name": "Spanish", "targets": ["en"]}])
        elif self.path == "/last":
            self.reply(200, last)
        else:
            self.reply(404, {"error": "Not Found"})

    def do_POST(self):
        if self.path != "/translate":
            return self.reply(404, {"error": "Not Found"})
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        last.clear()
        last.update(body)
        if API_KEY is not None and body.get("api_key") != API_KEY:
            return self.reply(403, {"error": "Invalid API key"})
        if (body.get("source"), body.get("target")) != ("en", "es"):
            return self.reply(400, {"error": "%s is not supported" % body.get("target")})
        q = body.get("q")
        if isinstance(q, list):
            self.reply(200, {"translatedText": [translate(s) for s in q]})
        else:
            self.reply(200, {"translatedText": translate(q)})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
