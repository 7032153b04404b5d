#!/usr/bin/env python3
"""An extension process that misbehaves on demand, for ExtensionProcessTests: the page's title says how.

ok: answers with its process ID. once: answers, then exits (an extension may serve one request only). hang: ignores
SIGTERM and never answers. allocate: allocates without bound (its MemoryError becomes a cancellation). crash: dies of
SIGSEGV. garbage: writes text where a frame belongs.
"""
import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../Examples/background-python.appex"))
import background  # noqa: E402  (the example's protocol code)


exit_after_reply = False


class Frames:
    """The example's frame stream, which exits once a reply is out when asked to (`once`)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, data):
        self.stream.write(data)

    def flush(self):
        self.stream.flush()
        if exit_after_reply:
            os._exit(0)


def begin_request(items):
    global exit_after_reply
    value = items[0]["attachments"][0]["registrations"][0]["item"]
    title = value[background.RESULTS_KEY]["title"]
    if title == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            time.sleep(1)
    if title == "allocate":
        hoard = []
        while True:
            hoard.append(bytearray(1 << 20))
    if title == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    if title == "garbage":
        background.FRAMES.write(b"hello, world\n")
        background.FRAMES.flush()
        time.sleep(60)
    exit_after_reply = title == "once"
    answer = {background.FINALIZE_KEY: {"answer": "%s from %d" % (title, os.getpid())}}
    return [{"attachments": [{"registrations": [{"typeIdentifier": "public.property-list", "item": answer}]}]}]


if __name__ == "__main__":
    fdopen = os.fdopen
    os.fdopen = lambda *args: Frames(fdopen(*args))
    sys.exit(background.serve(begin_request))
