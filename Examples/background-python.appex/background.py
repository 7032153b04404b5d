#!/usr/bin/env python3
"""Apple's sample Action extension (webaction's built-in `background`), as a process of its own, in Python.

webaction starts this file (the bundle's CFBundleExecutable) and talks to it over the extension protocol: frames of
a 4-byte big-endian length and a binary property list, requests on standard input, replies on standard output
(README: "Extensions in their own process"). `serve` below is the whole protocol; `begin_request` is the extension.
"""
import os
import plistlib
import struct
import sys

RESULTS_KEY = "NSExtensionJavaScriptPreprocessingResultsKey"
FINALIZE_KEY = "NSExtensionJavaScriptFinalizeArgumentKey"
ARGUMENTS_KEY = "WebActionArgumentsKey"
NULL = {"$null": True}  # how a JavaScript null travels (binary property lists have no null)
FRAMES = None  # where serve() writes frames: the original standard output


def begin_request(input_items):
    """Returns the items to complete the request with; raises to cancel it."""
    results, arguments = {}, {}
    for item in input_items:
        arguments = arguments or item.get("userInfo", {}).get(ARGUMENTS_KEY, {})
        for attachment in item.get("attachments", []):
            for registration in attachment["registrations"]:
                value = registration["item"]
                if isinstance(value, dict) and RESULTS_KEY in value:
                    results = value[RESULTS_KEY]
    forced = arguments.get("color") or None
    current = results.get("currentBackgroundColor") or ""
    if current == NULL:
        current = ""
    color = forced or ("green" if current else "red")
    return [{"attachments": [{"registrations": [
        {"typeIdentifier": "com.apple.property-list", "item": {FINALIZE_KEY: {"newBackgroundColor": color}}}]}]}]


def serve(handler):
    global FRAMES
    frames = FRAMES = os.fdopen(os.dup(1), "wb")  # frames only; print() now goes to standard error
    os.dup2(2, 1)
    source = sys.stdin.buffer
    while True:
        header = source.read(4)
        if len(header) < 4:
            return 0  # the host closed our input: it is done
        (length,) = struct.unpack(">I", header)
        message = plistlib.loads(source.read(length), fmt=plistlib.FMT_BINARY)
        if message["type"] == "expire":
            return 0  # time is up; the host stops us next anyway
        if message["type"] != "request":
            continue
        try:
            reply = {"type": "completed", "id": message["id"], "items": handler(message.get("inputItems", []))}
        except MemoryError:
            reply = cancelled(message["id"], "MemoryError", "ran out of memory (the host limits an extension's memory)")
        except Exception as error:  # cancelRequest(withError:)
            reply = cancelled(message["id"], type(error).__name__, str(error))
        body = plistlib.dumps(reply, fmt=plistlib.FMT_BINARY)
        frames.write(struct.pack(">I", len(body)) + body)
        frames.flush()


def cancelled(request, domain, description):
    return {"type": "cancelled", "id": request, "error": {"domain": domain, "code": 1, "description": description}}


if __name__ == "__main__":
    sys.exit(serve(begin_request))
