"""A real SMTP server on loopback for the tests (aiosmtpd): it keeps every message it is given,
with its envelope, so a test checks what each address received."""

from __future__ import annotations

import socket
import ssl
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

from aiosmtpd.controller import Controller


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    data: bytes

    @property
    def message(self) -> EmailMessage:
        return BytesParser(policy=policy.default).parsebytes(self.data)  # type: ignore[return-value]


@dataclass
class Keeper:
    received: list[Received] = field(default_factory=list)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), bytes(envelope.content)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SmtpServer:
    """Start with ``start()``; ``received`` lists the messages; ``stop()``.

    ``tls``: None (plain SMTP), "starttls" (STARTTLS offered and required before any mail) or
    "ssl" (TLS from the first byte), with ``context`` the server's certificate (tls_certificate.py)."""

    def __init__(self, port: int | None = None, *, tls: str | None = None, context: ssl.SSLContext | None = None
                 ) -> None:
        self.port = port or free_port()
        self.keeper = Keeper()
        if tls == "starttls":
            self.controller = Controller(self.keeper, hostname="127.0.0.1", port=self.port, tls_context=context,
                                         require_starttls=True)
        elif tls == "ssl":
            self.controller = Controller(self.keeper, hostname="127.0.0.1", port=self.port, ssl_context=context)
        else:
            self.controller = Controller(self.keeper, hostname="127.0.0.1", port=self.port)

    @property
    def received(self) -> list[Received]:
        return self.keeper.received

    def to(self, address: str) -> list[EmailMessage]:
        """The messages whose envelope went to ``address``."""
        return [r.message for r in self.received if address in r.rcpt_tos]

    def start(self) -> "SmtpServer":
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()
