"""A campaign set up, reset (the demo), and its characters added; a character's order
password and address on record."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import DatabaseError

from .. import lock, passwords, queries, store
from ..config import Campaign
from ..dice import Roll
from ..errors import CampaignError
from ..records import Character
from ..rules.creation.rules import Birth
from ..store import CampaignRow, CharacterRow


@dataclass
class NewCharacter:
    """A character just stored, and his order password as written: the one moment it can be
    read (only its hash is kept), to show the GM and put in the player's welcome text."""

    character: Character
    password: str
    generated: bool  # True: engarde made it up; False: the GM gave it


def init(campaign: Campaign) -> bool:
    """Create the campaign's tables (in an empty database) and row.  False if it already existed."""
    with lock.writing(campaign, "init", creating=True) as s:
        if s.get(CampaignRow, campaign.id) is not None:
            return False
        s.add(CampaignRow(id=campaign.id, current_month=campaign.first_month.key, seed=campaign.seed))
    return True


def reset(campaign: Campaign) -> None:
    """Delete everything the campaign has stored (the demo starts afresh): an SQLite file
    goes whole (whatever its schema), with the files SQLite keeps beside it."""
    url = campaign.database
    files = store.sqlite_files(url)
    if files:
        store.forget_engine(url)
        if not files[0].exists():
            _unlink(files)
            return
        engine = store.new_engine(url)
        try:
            # Held while the files go, so that no engarde command is half way through writing them.
            with lock.connected(campaign, "reset", engine):
                _unlink(files)
        except DatabaseError:  # not a database engarde can open: no engarde command is writing it
            _unlink(files)
        finally:
            engine.dispose()
        return
    with lock.writing(campaign, "reset", creating=True) as s:  # an empty database has nothing to delete
        queries.delete_campaign(s, campaign.id)


def _unlink(files: list) -> None:
    for p in files:
        p.unlink(missing_ok=True)


def add_character(campaign: Campaign, birth: Birth, rolls: list[Roll] = (),
                  password: str | None = None) -> NewCharacter:
    """Store a new character; his starting sheet is what the ledger starts from.

    Every character has an order password: ``password`` if given, else a generated one
    (``engarde.passwords.generate``).  Only its hash is stored.
    """
    ch = birth.character
    name = ch.name.strip()
    if not name:
        raise CampaignError("a character needs a name")
    generated = password is None
    plain = passwords.generate() if password is None else password
    if (why := passwords.password_problem(plain)) is not None:
        raise CampaignError(f"--password: {why}")
    hashed = passwords.hash_password(plain)
    with lock.writing(campaign, "character-create") as s:
        queries.campaign_row(s, campaign)
        same = queries.character_named(s, campaign.id, name)
        if same is not None:
            raise CampaignError(f"there is already a character called {same.name!r}")
        sheet = ch.to_dict()
        sheet.pop("id", None)
        row = CharacterRow(
            campaign_id=campaign.id,
            name=name,
            player=ch.player,
            email=ch.email,
            password=hashed,
            social_level=ch.social_level,
            start=sheet,
            current=sheet,
            birth_story=list(birth.story),
            birth_rolls=[{"values": list(r.values), "sides": r.sides, "reason": r.reason} for r in rolls],
        )
        s.add(row)
        s.flush()
        ch.id = row.id
    return NewCharacter(ch, plain, generated)


def set_password(campaign: Campaign, name: str, password: str | None = None) -> NewCharacter:
    """The GM resets a character's order password: to ``password``, else to a generated one.
    Returns it as written (the GM's one chance to read it: only its hash is kept)."""
    generated = password is None
    plain = passwords.generate() if password is None else password
    if (why := passwords.password_problem(plain)) is not None:
        raise CampaignError(f"--set: {why}")
    with lock.writing(campaign, "character-password") as s:
        row = queries.find_character(s, campaign, name)
        row.password = passwords.hash_password(plain)
        s.add(row)
        ch = store.character_from_row(row)
    return NewCharacter(ch, plain, generated)


def set_email(campaign: Campaign, name: str, email: str) -> Character:
    """The GM puts the player's address on record (``""``: none; his sheets must then come as
    text files the GM puts in the orders folder)."""
    address = email.strip()
    if address and ("@" not in address or any(c.isspace() for c in address)):
        raise CampaignError(f"{email!r} is not a mail address")
    with lock.writing(campaign, "character-email") as s:
        row = queries.find_character(s, campaign, name)
        row.email = address
        # the sheet's copies of the address (the player's details, not ledger values)
        row.current = dict(row.current, email=address)
        s.add(row)
        return store.character_from_row(row)
