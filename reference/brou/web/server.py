"""Running `brou web`: uvicorn serving the application on a host and port, the address printed
(and opened in a browser with `--open`), until Ctrl-C."""

from __future__ import annotations

import socket
import sys
import threading
import webbrowser

from ..compiled import slow_warning
from ..errors import UsageError
from .app import Config, build, is_loopback


def address(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/"


def serve(config: Config, port: int, open_browser: bool = False, log_level: str = "warning") -> int:
    """Serve until interrupted; the address is printed first (port 0: a free one, chosen now)."""
    import uvicorn

    host = config.host
    # The socket listens before the address is printed: a browser sent there at once is queued, not
    # refused (a probe bind released before uvicorn listened left that window open).
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(2048)
    except OSError as exc:
        listening.close()
        raise UsageError(f"brou web: cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    port = int(listening.getsockname()[1])  # port 0: the one the system chose
    app, _ = build(config)
    url = address("127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host, port)
    print(f"brou web: serving on {url}" + ("" if is_loopback(host) else
                                           f" (listening on {host}: every machine that reaches it can play; docs/web.md)"),
          flush=True)
    print("brou web: Ctrl-C stops it", file=sys.stderr, flush=True)
    warning = slow_warning("web")  # its players and its analysis search
    if warning:
        print(warning, file=sys.stderr, flush=True)
    if open_browser:
        threading.Timer(0.8, webbrowser.open, (url,)).start()
    # connections kept alive 30 s (uvicorn's default is 5): a person thinks longer than that between moves
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level=log_level, access_log=False,
                                           server_header=False, date_header=False, timeout_graceful_shutdown=2,
                                           limit_concurrency=4096, timeout_keep_alive=30))
    try:
        server.run(sockets=[listening])
    finally:
        listening.close()
    return 0
