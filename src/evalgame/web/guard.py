"""What every request passes through first: the Host check, the body cap, security headers.

* **Host header.** A web page elsewhere can point a name it owns at this machine (DNS
  rebinding) and read the API through the visitor's browser; its requests carry that name
  in ``Host``. So only the names allowed (``localhost`` and those given with
  ``evalgame serve --allow-host``) and literal IP addresses — which no rebinding can
  carry — are served; any other is refused with 400.
* **Body size.** No request of the API needs more than a few hundred bytes: bodies over
  :data:`MAX_BODY` are refused with 413 before they are read whole.
* **Headers.** Every answer says ``nosniff``, refuses framing and cross-origin reads, and
  its Content-Security-Policy allows scripts from this server only.

>>> host_allowed("127.0.0.1:8000", ("localhost",)), host_allowed("[::1]:80", ("localhost",))
(True, True)
>>> host_allowed("evil.example:8000", ("localhost",)), host_allowed("LOCALHOST", ("localhost",))
(False, True)
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Sequence

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: largest request body accepted, in bytes
MAX_BODY = 64 * 1024
TOO_LARGE = f"request bodies are at most {MAX_BODY} bytes"
#: the names a local server answers to
LOCAL_HOSTS = ("localhost",)

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ),
]


def host_allowed(host: str, allowed: Sequence[str]) -> bool:
    """Whether the Host header ``host`` names this server: an allowed name or an IP."""
    name = host.strip().lower()
    if name.startswith("["):  # [::1]:8000
        name = name[1 : name.find("]")] if "]" in name else name
    elif name.count(":") == 1:
        name = name.rsplit(":", 1)[0]
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in {allowed_name.lower() for allowed_name in allowed}


class _TooLarge(Exception):
    pass


class Guard:
    """ASGI middleware applying the rules of the module doc; ``allowed_hosts=None``
    serves any Host."""

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str] | None = None) -> None:
        self.app = app
        self.allowed_hosts = allowed_hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1")
        if self.allowed_hosts is not None and not host_allowed(host, self.allowed_hosts):
            await _refuse(send, 400, "bad host", f"this server does not answer to {host!r}")
            return
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await _refuse(send, 413, "too large", TOO_LARGE)
            return
        received = 0
        refused = False

        async def capped_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY:  # a chunked body that did not say its length
                raise _TooLarge
            return message

        async def secured_send(message: Message) -> None:
            nonlocal refused
            if refused:  # the app's own answer to the broken read is replaced
                return
            if message["type"] == "http.response.start":
                if received > MAX_BODY:
                    refused = True
                    await _refuse(send, 413, "too large", TOO_LARGE)
                    return
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, capped_receive, secured_send)


async def _refuse(send: Send, status: int, error: str, message: str) -> None:
    body = json.dumps({"error": error, "message": message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *SECURITY_HEADERS,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
