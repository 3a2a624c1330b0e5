"""Order passwords: generated, hashed, checked.

A character's order password is stored only as a slow salted hash, in the character row's
``password`` column, as one self-describing string::

    scrypt$16384$8$1$<salt, base64>$<hash, base64>

scrypt with N = 2**14, r = 8, p = 1 and a 16-byte random salt, 32 bytes out: the parameters
Percival's scrypt paper gives for an interactive login (16 MiB
of memory and some 50 ms of one core per guess), so a stolen database costs a guesser that much
per password tried, while an ingest of a few hundred sheets still takes seconds.  The parameters
are written into each hash, so a campaign that raises them later still checks the old ones.

The scrypt is libsodium's (PyNaCl's binding), where it is installed with its scrypt: the same
function as the standard library's ``hashlib.scrypt`` (OpenSSL's), the same bytes out (a test
holds them equal, and to RFC 7914's vectors), a fifth faster on this project's machines, and a
deadline's ingest is mostly these checks.  Without it, ``hashlib.scrypt``.

A campaign may choose the cost of the hashes it makes from then on (``[campaigns.ID.mail]
password_cost``: N = 2**cost, from ``MIN_COST`` to ``MAX_COST``; default ``COST``, 14): a month
of ten thousand sheets spends one check a sheet, so a large campaign may trade some of a stolen
database's cost to a guesser for a shorter ingest.  The hashes already stored keep their own N.

A database made before hashing holds the passwords as written: ``is_hashed`` tells them apart,
and ``hash_password`` is what the upgrade applies to each (an empty one stays empty: that
character has no password, and his sheets are refused until the GM sets one).  Its JSON
copies of each character held the password too (``without_password``), and its stored sheets
hold it in their text and raw mail (``engarde.redaction.withhold_stored_sheet``).
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import hmac
import secrets
from typing import Callable

SCHEME = "scrypt"
COST = 14  # the default: N = 2**COST
MIN_COST, MAX_COST = 10, 16  # what [campaigns.ID.mail] password_cost may be (2**16: 64 MiB a check)
N, R, P = 2**COST, 8, 1
SALT_BYTES, HASH_BYTES = 16, 32
# scrypt needs 128 * N * r bytes (and a few blocks more: ``_memory``); OpenSSL refuses more than
# 32 MiB unless told
MAXMEM = 64 * 1024 * 1024
# Generated passwords: lower-case letters and digits a player cannot mistake for another
# (no 0/o, 1/l/i), 10 of them (31**10: some 49 bits), written as two groups of five.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
LENGTH = 10
# What stands for a password wherever a sheet is stored or echoed.
WITHHELD = "[withheld]"


def generate() -> str:
    """A new password a player can type: ten letters and digits without look-alikes, e.g. ``k7dm4-qz2xa``."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{chars[:5]}-{chars[5:]}"


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(plain: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return scrypt(plain.encode("utf-8"), salt, n, r, p, length)


def scrypt(password: bytes, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    """scrypt (RFC 7914): libsodium's where PyNaCl has it, else the standard library's."""
    sodium = _sodium_scrypt()
    if sodium is not None:
        return sodium(password, salt, n, r, p, dklen=length, maxmem=_memory(r, p))
    return hashlib_scrypt(password, salt, n, r, p, length)


def hashlib_scrypt(password: bytes, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.scrypt(password, salt=salt, n=n, r=r, p=p, maxmem=_memory(r, p), dklen=length)


def _memory(r: int, p: int) -> int:
    # MAXMEM bounds scrypt's N blocks of 128 * r bytes (``_parts``); OpenSSL and PyNaCl count p + 2
    # working blocks beside them (MAXMEM alone refused MAX_COST)
    return MAXMEM + 128 * r * (p + 2)


@functools.cache
def _sodium_scrypt() -> Callable[..., bytes] | None:
    # Imported at the first hash, not with this module: PyNaCl's bindings take 14 ms to import,
    # and what only reads a sheet (engarde orders check) needs this module's constants alone.
    try:
        from nacl import bindings
    except ImportError:
        return None
    if not getattr(bindings, "has_crypto_pwhash_scryptsalsa208sha256", False):  # a minimal libsodium
        return None
    return bindings.crypto_pwhash_scryptsalsa208sha256_ll


def hash_password(plain: str, cost: int = COST) -> str:
    """``plain`` as stored: ``scrypt$N$r$p$salt$hash`` with a fresh random salt and N = 2**cost
    (the campaign's ``mail.password_cost``, which its settings hold to ``MIN_COST``..``MAX_COST``)."""
    n = 2**cost
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(plain, salt, n, R, P, HASH_BYTES)
    return f"{SCHEME}${n}${R}${P}${_b64(salt)}${_b64(digest)}"


def _parts(stored: str) -> tuple[int, int, int, bytes, bytes] | None:
    fields = stored.split("$")
    if len(fields) != 6 or fields[0] != SCHEME:
        return None
    try:
        n, r, p = (int(x) for x in fields[1:4])
        salt = base64.b64decode(fields[4], validate=True)
        digest = base64.b64decode(fields[5], validate=True)
    except (ValueError, binascii.Error):
        return None
    # a power of two above 1, and costs that hashlib (and memory) can bear
    if n < 2 or n & (n - 1) or not 1 <= r <= 64 or not 1 <= p <= 16 or 128 * n * r > MAXMEM or not salt \
            or not digest:
        return None
    return n, r, p, salt, digest


def is_hashed(stored: str) -> bool:
    """True for a stored hash (``scrypt$...``), False for a password as written (an older database's)."""
    return _parts(stored or "") is not None


def check_password(plain: str | None, stored: str) -> bool:
    """Whether ``plain`` is the password ``stored`` holds, compared in constant time.

    ``stored`` is a hash; a password as written (a database not yet upgraded) is compared as
    such.  No password on record matches nothing: an empty ``stored`` is never a match.
    """
    if not stored or plain is None:
        return False
    parts = _parts(stored)
    if parts is None:
        return hmac.compare_digest(plain.encode("utf-8"), stored.encode("utf-8"))
    n, r, p, salt, digest = parts
    return hmac.compare_digest(_scrypt(plain, salt, n, r, p, len(digest)), digest)


def password_problem(plain: str) -> str | None:
    """Why ``plain`` cannot be an order password (it must be written on one line of a sheet);
    None if it can."""
    if not plain.strip():
        return "an order password cannot be empty"
    if plain != plain.strip():
        return "an order password cannot begin or end with a space"
    if any(ord(c) < 32 or ord(c) == 127 for c in plain):
        return "an order password is one line of ordinary characters"
    if len(plain) > 200:
        return "an order password is at most 200 characters"
    return None


def without_password(record: dict) -> dict:
    """A JSON copy of a character (``character.start``/``current``, a turn's snapshot) as this
    engarde writes it: with no ``password`` key (an older one wrote the password there as written)."""
    return {k: v for k, v in record.items() if k != "password"}
