"""A campaign set up, reset (the demo), and its characters added; a character's order
password and address on record."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import DatabaseError

from sqlmodel import Session

from .. import lock, passwords, queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..dice import Roll, SeededDice
from ..errors import CampaignError
from ..records import Character
from ..registry import for_campaign
from ..rules.creation.imported import Imported, import_values
from ..rules.creation.rules import Birth
from ..store import CampaignRow, CharacterRow, LedgerRow
from ..turn import Turn
from ..world import World


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
                  password: str | None = None, imported: Imported | None = None) -> NewCharacter:
    """Store a new character; his starting sheet is what the ledger starts from.

    Every character has an order password: ``password`` if given, else a generated one
    (``engarde.passwords.generate``).  Only its hash is stored.  ``imported``: what the GM's
    records of a running campaign give of him besides (status points, regiment and rank,
    horses, club, mistress, debts), set through the ledger of the campaign's month, each value
    checked by the rules first (``engarde.rules.creation.imported``; a refusal stores nothing).
    """
    ch = birth.character
    name = ch.name.strip()
    if not name:
        raise CampaignError("a character needs a name")
    generated = password is None
    plain = passwords.generate() if password is None else password
    if (why := passwords.password_problem(plain)) is not None:
        raise CampaignError(f"--password: {why}")
    hashed = passwords.hash_password(plain, campaign.mail.password_cost)
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
        if imported is not None and imported.given():
            ch = _import(s, campaign, row, imported)
    return NewCharacter(ch, plain, generated)


def _import(s: Session, campaign: Campaign, row: CharacterRow, imported: Imported) -> Character:
    """Set ``imported`` on the new character through the ledger of the campaign's month (and the
    world's records: his mistress's lover, his loans, his lenders' sheets); returns him."""
    camp = queries.campaign_row(s, campaign)
    rows = {r.name: r for r in queries.characters(s, campaign.id)}
    # copies: a sheet read from a row shares the row's dicts, and a change made in place would
    # not be seen as a change to store
    characters = {name: store.character_from_row(r).copy() for name, r in rows.items()}
    # No rule of the import rolls a die; the dice are the campaign's, should one ever need to.
    dice = SeededDice(f"{camp.seed}:import:{row.name}")
    turn = Turn(GameMonth.parse(camp.current_month), characters, dice, for_campaign(campaign).tables,
                world=World.from_dict(camp.world))
    import_values(turn, characters[row.name], imported)
    for e in turn.ledger:
        s.add(LedgerRow(campaign_id=campaign.id, character_id=rows[e.character].id, month=e.month.key,
                        week=e.week, field=e.field, delta=e.delta, value=e.value, reason=e.reason, rule=e.rule))
    for name in sorted({e.character for e in turn.ledger}):
        data = characters[name].to_dict()
        data.pop("id", None)
        rows[name].current = data
        rows[name].social_level = characters[name].social_level
        s.add(rows[name])
    camp.world = turn.world.to_dict()
    s.add(camp)
    return characters[row.name]


def set_password(campaign: Campaign, name: str, password: str | None = None) -> NewCharacter:
    """The GM resets a character's order password: to ``password``, else to a generated one.
    Returns it as written (the GM's one chance to read it: only its hash is kept)."""
    generated = password is None
    plain = passwords.generate() if password is None else password
    if (why := passwords.password_problem(plain)) is not None:
        raise CampaignError(f"--set: {why}")
    with lock.writing(campaign, "character-password") as s:
        row = queries.find_character(s, campaign, name)
        row.password = passwords.hash_password(plain, campaign.mail.password_cost)
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
