"""Mail out over TLS (issue 13): a real aiosmtpd on loopback with a certificate made at test
time by `openssl` (tests/tls_certificate.py), offering STARTTLS (and refusing mail before it) or
TLS from the first byte.  The campaign's ``security = "starttls"`` and ``"ssl"`` each send a
report that arrives, trusting the test's CA through ``mail.smtp.cafile``; without it the
certificate cannot be verified, and that is one line naming the server, never a traceback."""

from __future__ import annotations

import pytest

from smtp_server import SmtpServer
from test_mail_out import PLAYERS, Campaign, settings
from tls_certificate import Unavailable, make


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    try:
        return make(tmp_path_factory.mktemp("tls"))
    except Unavailable as exc:
        pytest.skip(f"no certificate for the TLS tests: {exc}")


@pytest.fixture
def resolved(tmp_path):
    """The mail-out test campaign with April 1607 resolved and its gazette written (no mail yet)."""
    folder = tmp_path / "camp"
    folder.mkdir()
    camp = Campaign(folder, 25)
    camp.config.write_text(settings(25).split("[campaigns.mo.mail.smtp]")[0])
    camp.cli("orders", "ingest", code=1)
    camp.cli("turn", "run")
    camp.cli("gazette", "--no-pdf")
    return camp


@pytest.fixture(params=["starttls", "ssl"])
def server(request, certificate):
    smtp = SmtpServer(tls=request.param, context=certificate.server_context()).start()
    yield request.param, smtp
    smtp.stop()


def configure(camp: Campaign, port: int, security: str, extra: str = "") -> None:
    camp.config.write_text(settings(port, extra).replace('security = "none"', f'security = "{security}"'))


def test_a_report_arrives_over_starttls_and_ssl_trusting_the_campaigns_cafile(resolved, server, certificate):
    security, smtp = server
    configure(resolved, smtp.port, security, f'cafile = "{certificate.ca}"\n')
    out = resolved.cli("mail", "publish")
    assert out.endswith("9 message(s): 9 sent.\n"), out
    [report] = smtp.to(PLAYERS["Porthos"])
    assert report["Subject"] == "La Gazette de Paris, April 1607: the private report of Porthos"
    assert "For the eyes of Porthos alone" in report.get_body(("plain",)).get_content()
    assert len(smtp.received) == 9  # eight reports and the reader's gazette, each over TLS


def test_a_certificate_the_client_cannot_verify_is_one_line_naming_the_server(resolved, server):
    security, smtp = server
    configure(resolved, smtp.port, security)  # no cafile: the system's CAs do not know the test's
    out = resolved.cli("mail", "publish", code=1)
    failed = [line for line in out.splitlines() if line.startswith("failed")]
    assert failed and "Traceback" not in out
    assert f"127.0.0.1:{smtp.port}: its certificate could not be verified (" in failed[0]
    assert "mail.smtp.cafile" in failed[0]
    assert smtp.received == []


def test_the_starttls_server_refuses_mail_in_the_clear(resolved, certificate):
    smtp = SmtpServer(tls="starttls", context=certificate.server_context()).start()
    try:
        configure(resolved, smtp.port, "none")
        out = resolved.cli("mail", "publish", code=1)
        assert f"127.0.0.1:{smtp.port}: the server answered 530" in out and smtp.received == []
    finally:
        smtp.stop()


@pytest.mark.parametrize("write, said", [
    (None, "no such file"),
    ("not a certificate\n", "holds no certificate in PEM form"),
])
def test_a_cafile_that_cannot_be_used_is_one_line_naming_its_key(resolved, tmp_path, write, said):
    path = tmp_path / "ca.pem"
    if write is not None:
        path.write_text(write)
    configure(resolved, 25, "starttls", f'cafile = "{path}"\n')
    out = resolved.cli("mail", "publish", code=2)
    assert out.startswith("engarde: ") and f"campaigns.mo.mail.smtp.cafile: {path}: " in out
    assert said in out and out.count("\n") == 1


def test_cafile_is_read_beside_campaigns_toml_and_refused_without_tls(resolved, tmp_path):
    from engarde.config import ConfigError, load

    configure(resolved, 25, "ssl", 'cafile = "certs/ca.pem"\n')
    assert load(resolved.config)["mo"].mail.smtp.cafile == resolved.folder.resolve() / "certs" / "ca.pem"
    configure(resolved, 25, "none", 'cafile = "ca.pem"\n')
    with pytest.raises(ConfigError, match=r"campaigns\.mo\.mail\.smtp\.cafile: security = \"none\" uses no TLS"):
        load(resolved.config)
