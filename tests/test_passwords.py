"""Issue 10, items 5 and 7: every character has an order password, kept only as a slow salted
hash; the GM sees it once (at creation, or when he resets it), and a forged sender cannot
take a character over.

These tests run with the real scrypt parameters (tests/conftest.py lowers them elsewhere).
"""

from __future__ import annotations

import json
import re
from email import policy
from email.message import EmailMessage

import pytest
from hypothesis import given, settings, strategies as st
from sqlmodel import select

from engarde import password_checks, store
from engarde.config import load_one
from engarde.passwords import (ALPHABET, MAX_COST, _sodium_scrypt, check_password, generate, hash_password,
                               hashlib_scrypt, is_hashed, scrypt)
from engarde.store import CharacterRow, TurnRow
from helpers import cli, write_campaign

HASH = re.compile(r"scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=")


def test_a_password_is_stored_as_a_salted_scrypt_hash_that_names_its_parameters():
    stored = hash_password("pourquoi-pas")
    assert HASH.fullmatch(stored) and is_hashed(stored)
    assert hash_password("pourquoi-pas") != stored  # a fresh salt each time
    assert check_password("pourquoi-pas", stored)
    for wrong in ("Pourquoi-pas", "pourquoi-pas ", "", None):
        assert not check_password(wrong, stored)


def test_a_hash_made_with_other_parameters_still_checks():
    """The parameters are in the stored string, so a campaign that raises them keeps its old hashes."""
    stored = hash_password("sack", 10)
    assert stored.startswith("scrypt$1024$8$1$") and check_password("sack", stored)
    assert not check_password("sac", stored)


def test_a_hash_made_at_cost_11_verifies():
    stored = hash_password("pourquoi-pas", 11)
    assert stored.startswith("scrypt$2048$8$1$") and is_hashed(stored)
    assert check_password("pourquoi-pas", stored) and not check_password("pourquoi-pa", stored)


def test_the_highest_cost_a_campaign_may_choose_hashes_and_checks():
    """``[campaigns.ID.mail] password_cost`` may be MAX_COST (N = 2**16, 64 MiB): scrypt's own
    working blocks beside its N blocks once made OpenSSL refuse it ("memory limit exceeded")."""
    stored = hash_password("pourquoi-pas", MAX_COST)
    assert stored.startswith(f"scrypt${2**MAX_COST}$8$1$") and check_password("pourquoi-pas", stored)
    assert hashlib_scrypt(b"x", b"salt", 2**MAX_COST, 8, 1, 32) == scrypt(b"x", b"salt", 2**MAX_COST, 8, 1, 32)


# RFC 7914, section 12: scrypt's test vectors (P, S, N, r, p, dkLen -> the derived key).
RFC_7914 = [
    (b"", b"", 16, 1, 1, 64,
     "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
     "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"),
    (b"password", b"NaCl", 1024, 8, 16, 64,
     "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
     "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"),
    (b"pleaseletmein", b"SodiumChloride", 16384, 8, 1, 64,
     "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
     "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"),
]


@pytest.mark.parametrize("vector", RFC_7914, ids=["empty", "NaCl", "SodiumChloride"])
def test_scrypt_gives_rfc_7914s_keys_by_libsodium_and_by_the_standard_library(vector):
    """The hashes are scrypt's whichever library makes them: libsodium's (PyNaCl, a fifth faster)
    where it is installed, else the standard library's, and a hash either made the other checks."""
    password, salt, n, r, p, length, key = vector
    assert _sodium_scrypt() is not None, "PyNaCl with libsodium's scrypt is a dependency"
    assert scrypt(password, salt, n, r, p, length).hex() == key
    assert hashlib_scrypt(password, salt, n, r, p, length).hex() == key


def test_without_pynacl_the_standard_librarys_scrypt_makes_the_same_hashes(monkeypatch):
    stored = hash_password("pourquoi-pas", 10)
    monkeypatch.setattr("engarde.passwords._sodium_scrypt", lambda: None)
    assert check_password("pourquoi-pas", stored) and not check_password("pourquoi-pa", stored)
    again = hash_password("sack", 10)
    monkeypatch.undo()
    assert check_password("sack", again)


@settings(max_examples=30, deadline=None)
@given(st.binary(max_size=40), st.binary(min_size=1, max_size=32), st.sampled_from([2, 16, 1024]),
       st.integers(1, 8), st.integers(1, 4))
def test_both_scrypts_derive_the_same_key(password, salt, n, r, p):
    assert scrypt(password, salt, n, r, p, 32) == hashlib_scrypt(password, salt, n, r, p, 32)


def test_a_password_from_before_hashing_is_told_apart_and_still_checks():
    """An older database holds the password as written: is_hashed says so (the upgrade hashes it),
    and until then it is compared as written; no password on record matches nothing."""
    for legacy in ("sack", "scrypt$not-a-hash", "scrypt$16384$8$1$x$y", "scrypt$3$8$1$AAAA$AAAA"):
        assert not is_hashed(legacy)
    assert check_password("sack", "sack") and not check_password("sac", "sack")
    assert not check_password("", "") and not check_password(None, "")


def test_checks_made_ahead_on_every_core_give_the_answers_of_one_check_at_a_time():
    """A deadline's batch of sheets has its password checks made ahead, in threads (scrypt
    releases the GIL): each answer must be the one check_password gives, for the right
    password, a wrong one, a hash of another cost and a password from before hashing."""
    right, other = hash_password("Porthos-1", cost=11), hash_password("Athos-22", cost=10)
    pairs = [("Porthos-1", right), ("porthos-1", right), ("Athos-22", other), ("Athos-22", right),
             ("plain-old", "plain-old"), ("plain-old", "plain-new")]
    with password_checks.Checks(workers=2) as checks:
        checks.ahead(pairs + pairs)  # a pair asked twice is checked once
        assert len(checks._started) == len(pairs)
        assert [checks(p, h) for p, h in pairs] == [check_password(p, h) for p, h in pairs] == [
            True, False, True, False, True, False]
        assert checks(None, right) is False and checks("Porthos-1", "") is False  # never asked ahead
    with password_checks.Checks(workers=1) as one_core:  # no thread: each checked when asked
        one_core.ahead(pairs)
        assert one_core._pool is None and one_core(*pairs[0]) is True


def test_a_generated_password_is_ten_characters_a_player_can_type():
    seen = {generate() for _ in range(200)}
    assert len(seen) == 200
    for pw in seen:
        assert re.fullmatch(r"[a-z2-9]{5}-[a-z2-9]{5}", pw)
        assert not set(pw.replace("-", "")) - set(ALPHABET)
        assert not set(pw) & set("01ilo")


@settings(max_examples=20, deadline=None)
@given(st.text(min_size=1, max_size=40))
def test_any_password_checks_against_its_own_hash_only(plain):
    stored = hash_password(plain)
    assert check_password(plain, stored) and not check_password(plain + "x", stored)


# -- through the CLI -------------------------------------------------------------------------------


@pytest.fixture
def gm(tmp_path):
    (tmp_path / "mail").mkdir()
    run = cli(write_campaign(tmp_path, orders="mail"))
    run("init")
    run.path = tmp_path
    run.camp = load_one(tmp_path / "campaigns.toml", "test")
    return run


def stored_password(gm, name: str) -> str:
    with store.transaction(gm.camp.database) as s:
        return s.exec(select(CharacterRow).where(CharacterRow.name == name)).one().password


GIVEN = ("--given", "--sl", "9", "--crowns", "300", "--strength", "10", "--constitution", "10", "--expertise", "10",
         "--ma", "3")


def test_a_character_created_without_a_password_gets_one_shown_once_with_his_welcome_text(gm):
    """Item 5: created with no --password, a character gets a generated one, printed in the
    command's output and in the welcome text; only its hash is stored."""
    out = gm("character", "create", "Porthos", "--player", "Paul", "--email", "paul@example.org", *GIVEN)
    [pw] = re.findall(r"Order password of Porthos: (\S+) \(generated; shown this once", out)
    assert f"    Character: Porthos\n    Password: {pw}\n" in out  # the welcome text, with it
    assert "Send them by mail from paul@example.org" in out
    stored = stored_password(gm, "Porthos")
    assert HASH.fullmatch(stored) and check_password(pw, stored) and pw not in stored
    # the welcome text later cannot hold it: only its hash is kept
    later = gm("character", "welcome", "Porthos")
    assert pw not in later and "(the order password your GM gave you)" in later
    assert f"Password: {pw}" in gm("character", "welcome", "Porthos", "--password", pw)
    assert "that is not Porthos's order password" in gm("character", "welcome", "Porthos", "--password", "x",
                                                         code=2)


def test_a_rolled_character_gets_a_password_too_and_a_given_one_is_not_echoed(gm):
    out = gm("character", "create", "Cyrano", "--seed", "nose", "--email", "c@example.org")
    assert re.search(r"Order password of Cyrano: [a-z2-9]{5}-[a-z2-9]{5} \(generated", out)
    out = gm("character", "create", "Athos", *GIVEN, "--email", "h@example.org", "--password", "comte de la Fère")
    assert "Order password of Athos: as given" in out
    assert check_password("comte de la Fère", stored_password(gm, "Athos"))
    assert "an order password cannot be empty" in gm("character", "create", "Nobody", *GIVEN, "--password", " ",
                                                     code=2)


def test_the_gm_resets_a_password_and_sees_the_new_one_once(gm):
    """Item 5: `engarde character password NAME --generate | --set P`."""
    gm("character", "create", "Porthos", *GIVEN, "--email", "paul@example.org", "--password", "old-one")
    out = gm("character", "password", "Porthos", "--generate")
    [pw] = re.findall(r"New order password of Porthos: (\S+) \(shown this once", out)
    assert check_password(pw, stored_password(gm, "Porthos")) and not check_password("old-one",
                                                                                     stored_password(gm, "Porthos"))
    assert "order password is changed" in gm("character", "password", "porthos", "--set", "musketeer-1607")
    assert check_password("musketeer-1607", stored_password(gm, "Porthos"))
    assert "give --set PASSWORD or --generate" in gm("character", "password", "Porthos", code=2)
    assert "give --set PASSWORD or --generate" in gm("character", "password", "Porthos", "--generate", "--set", "x",
                                                     code=2)
    assert "no character called 'Mordred'" in gm("character", "password", "Mordred", "--generate", code=2)


def test_a_campaign_changing_its_password_cost_still_verifies_the_old_hashes(gm):
    """[campaigns.ID.mail] password_cost is the cost of the hashes made from then on (created,
    reset, or sent on a sheet); the ones on record keep their own N and still check."""
    gm("character", "create", "Porthos", *GIVEN, "--email", "paul@example.org", "--password", "old-one")
    old = stored_password(gm, "Porthos")
    assert old.startswith("scrypt$16384$")
    with (gm.path / "campaigns.toml").open("a") as f:
        f.write("[campaigns.test.mail]\npassword_cost = 11\n")
    assert load_one(gm.path / "campaigns.toml", "test").mail.password_cost == 11
    gm("character", "create", "Athos", *GIVEN, "--email", "h@example.org", "--password", "comte")
    new = stored_password(gm, "Athos")
    assert new.startswith("scrypt$2048$") and check_password("comte", new)
    assert stored_password(gm, "Porthos") == old and check_password("old-one", old)
    gm("character", "password", "Porthos", "--set", "new-one")
    assert stored_password(gm, "Porthos").startswith("scrypt$2048$")
    assert check_password("new-one", stored_password(gm, "Porthos"))


def test_the_gm_puts_an_address_on_record(gm):
    out = gm("character", "create", "Jacques", *GIVEN, "--password", "bread")
    assert "No address on record: Jacques's sheets must come as text files" in out
    assert "No mail address of yours is on record" in out
    assert "orders by mail from jacques@example.org" in gm("character", "email", "Jacques", "jacques@example.org")
    assert "Send them by mail from jacques@example.org" in gm("character", "welcome", "Jacques")
    assert "is not a mail address" in gm("character", "email", "Jacques", "not an address", code=2)
    assert "no address on record" in gm("character", "email", "Jacques", "")


def test_a_campaign_may_have_its_own_welcome_text(gm, tmp_path):
    (tmp_path / "tpl").mkdir()
    (tmp_path / "tpl" / "welcome.txt.j2").write_text("Bienvenue, {{ character.name }} ({{ password }})\n")
    config = tmp_path / "campaigns.toml"
    config.write_text(config.read_text() + 'templates = "tpl"\n')
    gm("character", "create", "Porthos", *GIVEN, "--password", "vin-rouge")
    assert gm("character", "welcome", "Porthos", "--password", "vin-rouge") == "Bienvenue, Porthos (vin-rouge)\n"


def mail(frm: str, body: str, date: str = "Tue, 29 Jan 2030 10:00:00 +0100") -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Date"] = frm, "gm@example.org", "orders", date
    m.set_content(body)
    return m.as_bytes(policy=policy.default)


def test_a_forged_sender_cannot_take_over_a_character_created_without_a_password(gm):
    """Item 5, as found: a character created with no --password had an empty one, so a mail with
    his player's address forged in From and a `New password:` line was accepted and locked the
    real player out.  Now he has a generated password the forger does not know: the mail is
    rejected and the password on record is unchanged."""
    gm("character", "create", "Porthos", *GIVEN, "--email", "paul@example.org")
    before = stored_password(gm, "Porthos")
    (gm.path / "mail" / "forged.eml").write_bytes(
        mail("Paul <paul@example.org>", "Character: Porthos\nWeek 1: rest\nNew password: mine-now\n"))
    out = gm("orders", "ingest", code=1)
    assert "rejected" in out and "wrong or missing password for Porthos" in out
    assert stored_password(gm, "Porthos") == before and not check_password("mine-now", before)


def test_the_password_is_in_no_json_copy_of_the_character(gm):
    """Item 7: not in the character row's JSON (start, current, birth data), nor the turn's
    snapshot, nor `sheet --json`, `character list --json`."""
    gm("character", "create", "Porthos", *GIVEN, "--password", "pourquoi-pas")
    gm("character", "create", "Cyrano", "--seed", "nose")
    gm("turn", "run", "--force")
    with store.transaction(gm.camp.database) as s:
        rows = list(s.exec(select(CharacterRow)))
        turns = list(s.exec(select(TurnRow)))
    for row in rows:
        for copy in (row.start, row.current, row.standing, row.birth_story, row.birth_rolls):
            assert "password" not in json.dumps(copy)
    assert "password" not in json.dumps([t.snapshot for t in turns])
    for name in ("Porthos", "Cyrano"):
        assert "password" not in gm("sheet", name, "--json") and "password" not in gm("sheet", name)
    assert "password" not in gm("character", "list", "--json")


def test_status_names_the_characters_with_no_password_on_record(gm):
    """A character made before every character had a password has an empty one: `status` names him
    and the command that gives him one (his sheets are refused meanwhile)."""
    gm("character", "create", "Porthos", *GIVEN, "--password", "sack")
    assert "No order password on record" not in gm("status")
    with store.transaction(gm.camp.database) as s:
        row = s.exec(select(CharacterRow).where(CharacterRow.name == "Porthos")).one()
        row.password = ""
        s.add(row)
    assert "No order password on record for: Porthos" in gm("status")
    (gm.path / "mail" / "p.txt").write_text("Character: Porthos\nPassword: sack\nWeek 1: rest\n")
    assert "no order password is on record for Porthos" in gm("orders", "ingest", code=1)
    gm("character", "password", "Porthos", "--set", "sack")
    assert "No order password on record" not in gm("status")


def test_a_broken_welcome_template_is_one_line_naming_it(gm, tmp_path):
    """A campaign's own welcome.txt.j2 with a mistake: one line naming it, no traceback; the
    character is created all the same and his password was printed before."""
    (tmp_path / "tpl").mkdir()
    config = tmp_path / "campaigns.toml"
    config.write_text(config.read_text() + 'templates = "tpl"\n')
    for name, body, said in (("Porthos", "{% if %}broken", "welcome.txt.j2:1: Expected an expression"),
                             ("Athos", "{{ nosuch.thing }}", "'nosuch' is undefined")):
        (tmp_path / "tpl" / "welcome.txt.j2").write_text(body)
        out = gm("character", "create", name, *GIVEN, code=2)
        assert f"Order password of {name}: " in out and said in out and "Traceback" not in out
        out = gm("character", "welcome", name, code=2)
        assert out.startswith("engarde: ") and said in out
