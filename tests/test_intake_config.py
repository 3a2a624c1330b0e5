"""campaigns.toml keys for order mail: [campaigns.ID.mail], [campaigns.ID.mail.imap] and the NMR rule
setting.  Every key is checked, and a mistake names the key."""

from __future__ import annotations

import pytest

from engarde.config import ConfigError, ImapSettings, MailSettings
from engarde.registry import for_campaign, load_campaign

BASE = '[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\n'


def load(tmp_path, extra: str):
    (tmp_path / "campaigns.toml").write_text(BASE + extra)
    return load_campaign(tmp_path / "campaigns.toml", "t")


def test_defaults(tmp_path):
    camp = load(tmp_path, "")
    assert camp.mail == MailSettings(max_message_bytes=5_000_000, nmr_refuse_share=0.5, imap=None)
    assert for_campaign(camp).tables.month.nmr_status_points == 0


def test_the_order_passwords_cost(tmp_path):
    """[campaigns.ID.mail] password_cost: scrypt's N = 2**cost for new hashes, 14 unless told,
    from 10 to 16; anything else is one line naming the key."""
    assert load(tmp_path, "").mail.password_cost == 14
    assert load(tmp_path, "[campaigns.t.mail]\npassword_cost = 11\n").mail.password_cost == 11
    for bad in ("9", "17", "11.5", '"11"', "true", "-1"):
        with pytest.raises(ConfigError, match=r"campaigns\.t\.mail\.password_cost: must be a whole number "
                                              r"from 10 to 16") as e:
            load(tmp_path, f"[campaigns.t.mail]\npassword_cost = {bad}\n")
        assert "\n" not in str(e.value)


def test_mail_and_imap_settings(tmp_path):
    camp = load(tmp_path, '[campaigns.t.rules]\nnmr_status_points = 2\n'
                          '[campaigns.t.mail]\nmax_message_bytes = 100000\nnmr_refuse_share = 0.25\n'
                          '[campaigns.t.mail.imap]\nhost = "imap.example.org"\nuser = "gm"\nssl = false\n'
                          'folder = "Orders"\ntimeout = 10\n')
    assert for_campaign(camp).tables.month.nmr_status_points == 2
    assert (camp.mail.max_message_bytes, camp.mail.nmr_refuse_share) == (100000, 0.25)
    assert camp.mail.imap == ImapSettings(host="imap.example.org", port=143, ssl=False, user="gm",
                                          password_env="ENGARDE_IMAP_PASSWORD", folder="Orders", timeout=10.0)


@pytest.mark.parametrize("extra,named", [
    ('[campaigns.t.mail]\nmax_message_bytes = "big"\n', "campaigns.t.mail.max_message_bytes"),
    ('[campaigns.t.mail]\nmax_message_bytes = 10\n', "campaigns.t.mail.max_message_bytes"),
    ('[campaigns.t.mail]\nnmr_refuse_share = 2\n', "campaigns.t.mail.nmr_refuse_share"),
    ('[campaigns.t.mail]\nflavour = 1\n', "campaigns.t.mail.flavour"),
    ('[campaigns.t.mail.imap]\nuser = "gm"\n', "campaigns.t.mail.imap.host"),
    ('[campaigns.t.mail.imap]\nhost = "h"\n', "campaigns.t.mail.imap.user"),
    ('[campaigns.t.mail.imap]\nhost = "h"\nuser = "u"\nport = 0\n', "campaigns.t.mail.imap.port"),
    ('[campaigns.t.mail.imap]\nhost = "h"\nuser = "u"\nssl = "yes"\n', "campaigns.t.mail.imap.ssl"),
    ('[campaigns.t.mail.imap]\nhost = "h"\nuser = "u"\ntimeout = 0\n', "campaigns.t.mail.imap.timeout"),
    ('[campaigns.t.mail.imap]\nhost = "h"\nuser = "u"\npassword_env = "not a name"\n',
     "campaigns.t.mail.imap.password_env"),
    ('[campaigns.t.rules]\nnmr_status_points = -1\n', "campaigns.t.rules.nmr_status_points"),
    ('[campaigns.t.rules]\nnmr_status_points = "two"\n', "campaigns.t.rules.nmr_status_points"),
])
def test_each_mistake_names_its_key(tmp_path, extra, named):
    with pytest.raises(ConfigError, match=named.replace(".", r"\.")):
        load(tmp_path, extra)


def test_a_password_in_the_file_is_refused_with_the_way_to_give_it(tmp_path):
    with pytest.raises(ConfigError, match="read from the environment variable named by password_env"):
        load(tmp_path, '[campaigns.t.mail.imap]\nhost = "h"\nuser = "u"\npassword = "secret"\n')
