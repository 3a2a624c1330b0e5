"""Mail out through the campaign's SMTP server (``[campaigns.ID.mail.smtp]``), with the standard
library's ``smtplib``.

One connection per command, opened when the first message goes and closed at the end.  Every
way a server can fail (it cannot be reached, does not answer within the timeout, refuses the
password or a recipient, its certificate is not good) is a ``SendError``: one line naming the
server, never a traceback.  Once the server could not be reached, the messages after are not
tried again in the same run (each would wait out the timeout): they fail with the same line.
"""

from __future__ import annotations

import os
import smtplib
import ssl
from email.message import EmailMessage

from .config import Campaign, ConfigError, SmtpSettings


class SendError(Exception):
    """A message was not sent: the line says which server and why."""


def settings_of(campaign: Campaign) -> SmtpSettings:
    """The campaign's SMTP settings; a campaign without them cannot send (say how to add them)."""
    smtp = campaign.mail.smtp
    if smtp is None:
        raise ConfigError(f"{campaign.key('mail.smtp')}: missing: engarde needs an SMTP server to send mail "
                          "(host, from, and security, port, user as README.md, \"Configuring a campaign\", says); "
                          "--dry-run writes the messages to a folder instead")
    return smtp


def password_of(campaign: Campaign, smtp: SmtpSettings) -> str | None:
    """The SMTP password from the environment (only with a ``user``): read before anything is sent,
    so that a missing one stops the command at once."""
    if not smtp.user:
        return None
    password = os.environ.get(smtp.password_env)
    if not password:
        raise ConfigError(f"{campaign.key('mail.smtp.password_env')}: the environment variable {smtp.password_env} "
                          f"is not set: it holds the SMTP password of {smtp.user} on {smtp.server}")
    return password


def tls_context(campaign: Campaign, smtp: SmtpSettings) -> ssl.SSLContext | None:
    """The TLS context the server's certificate is checked with (None: no TLS): the system's
    certificates, or those of ``cafile`` instead; a cafile that cannot be used is said before
    anything is sent, naming its key."""
    if smtp.security == "none":
        return None
    if smtp.cafile is None:
        return ssl.create_default_context()
    key = campaign.key("mail.smtp.cafile")
    if not smtp.cafile.is_file():
        raise ConfigError(f"{key}: {smtp.cafile}: " + ("is not a file" if smtp.cafile.exists() else "no such file"))
    try:
        return ssl.create_default_context(cafile=str(smtp.cafile))
    except OSError as exc:
        if not isinstance(exc, ssl.SSLError):
            raise ConfigError(f"{key}: {smtp.cafile}: {(exc.strerror or str(exc)).lower()}") from None
        raise ConfigError(f"{key}: {smtp.cafile}: holds no certificate in PEM form ({exc.reason or exc})") from None
    except ValueError as exc:  # no certificate at all in the file
        raise ConfigError(f"{key}: {smtp.cafile}: holds no certificate in PEM form ({exc})") from None


def _reason(exc: BaseException) -> str:
    if isinstance(exc, smtplib.SMTPResponseException):
        text = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
        return f"the server answered {exc.smtp_code} {' '.join(text.split())}"
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        refused = "; ".join(f"{addr}: {code} {msg.decode('utf-8', 'replace') if isinstance(msg, bytes) else msg}"
                            for addr, (code, msg) in exc.recipients.items())
        return f"the recipient was refused ({' '.join(refused.split())})"
    if isinstance(exc, TimeoutError):
        return "no answer within the timeout (mail.smtp.timeout)"
    if isinstance(exc, ssl.SSLCertVerificationError):
        return (f"its certificate could not be verified ({exc.verify_message or exc.reason}): if the server's "
                "certificate is a private CA's or its own, name it in mail.smtp.cafile")
    if isinstance(exc, ssl.SSLError):
        return f"TLS failed: {exc.reason or exc}"
    if isinstance(exc, OSError):
        return (exc.strerror or str(exc) or type(exc).__name__).lower()
    return " ".join(str(exc).split()) or type(exc).__name__


class Postman:
    """Sends messages through one SMTP connection; ``close`` ends it."""

    def __init__(self, smtp: SmtpSettings, password: str | None, context: ssl.SSLContext | None = None) -> None:
        self.smtp = smtp
        self.password = password
        # The certificate check (tls_context); without one, the system's certificates.
        self.context = context if context is not None or smtp.security == "none" else ssl.create_default_context()
        self._server: smtplib.SMTP | None = None
        self._unreachable: str | None = None  # why the server could not be reached, once it could not

    def _fail(self, exc: BaseException) -> SendError:
        return SendError(f"{self.smtp.server}: {_reason(exc)}")

    def _connect(self) -> smtplib.SMTP:
        if self._unreachable is not None:
            raise SendError(self._unreachable)
        smtp = self.smtp
        try:
            if smtp.security == "ssl":
                server: smtplib.SMTP = smtplib.SMTP_SSL(smtp.host, smtp.port, timeout=smtp.timeout,
                                                        context=self.context)
            else:
                server = smtplib.SMTP(smtp.host, smtp.port, timeout=smtp.timeout)
            try:
                server.ehlo()
                if smtp.security == "starttls":
                    server.starttls(context=self.context)
                    server.ehlo()
                if smtp.user:
                    server.login(smtp.user, self.password or "")
            except BaseException:
                server.close()
                raise
        except smtplib.SMTPNotSupportedError:
            self._unreachable = f"{smtp.server}: the server does not offer STARTTLS (security = \"starttls\")"
            raise SendError(self._unreachable) from None
        except smtplib.SMTPAuthenticationError as exc:
            self._unreachable = f"{smtp.server}: the server refused the user {smtp.user} and its password " \
                                f"({_reason(exc)})"
            raise SendError(self._unreachable) from None
        except (smtplib.SMTPException, OSError, ValueError) as exc:
            self._unreachable = str(self._fail(exc))
            raise SendError(self._unreachable) from None
        self._server = server
        return server

    def send(self, message: EmailMessage, to: str) -> None:
        """Send ``message`` to the one address ``to`` (its envelope recipient, whatever the headers say)."""
        server = self._server or self._connect()
        try:
            server.send_message(message, from_addr=self.smtp.sender, to_addrs=[to])
        except smtplib.SMTPServerDisconnected as exc:
            self._server = None
            self._unreachable = str(self._fail(exc))
            raise SendError(self._unreachable) from None
        except (smtplib.SMTPException, OSError, ValueError) as exc:
            if isinstance(exc, (OSError,)) and not isinstance(exc, smtplib.SMTPException):
                self._server = None
                self._unreachable = str(self._fail(exc))
                raise SendError(self._unreachable) from None
            raise self._fail(exc) from None

    def close(self) -> None:
        if self._server is not None:
            try:
                self._server.quit()
            except (smtplib.SMTPException, OSError):
                self._server.close()
            self._server = None
