"""Serves a web-platform-tests checkout with the real wptserve (its .py handlers, .sub. substitutions, headers
files), on 127.0.0.1 and a free port, for the WPT runner's test host (Tests/WPTHost).

    python wpt-server.py WPT_ROOT

Prints "ready PORT" once listening, then serves until it is killed or its standard input closes (so a runner
that dies does not leave it behind).
"""
import logging
import os
import sys
import threading

from wptserve.server import WebTestHttpd


def main():
    root = sys.argv[1]
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("wptserve").setLevel(logging.WARNING)
    httpd = WebTestHttpd(host="127.0.0.1", port=0, doc_root=root, use_ssl=False, certificate=None)
    httpd.start()
    print("ready", httpd.port, flush=True)
    # Nobody reads standard output after that line: a full pipe would block the server. Requests are not logged.
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    done = threading.Event()

    def wait_for_eof():
        sys.stdin.read()
        done.set()

    threading.Thread(target=wait_for_eof, daemon=True).start()
    done.wait()
    httpd.stop()


if __name__ == "__main__":
    main()
