"""A campaign set up, reset (the demo), and its characters added."""

from __future__ import annotations

from sqlalchemy.exc import DatabaseError

from .. import lock, queries, store
from ..config import Campaign
from ..dice import Roll
from ..errors import CampaignError
from ..records import Character
from ..rules.creation.rules import Birth
from ..store import CampaignRow, CharacterRow


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


def add_character(campaign: Campaign, birth: Birth, rolls: list[Roll] = ()) -> Character:
    """Store a new character; his starting sheet is what the ledger starts from."""
    ch = birth.character
    name = ch.name.strip()
    if not name:
        raise CampaignError("a character needs a name")
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
            password=ch.password,
            social_level=ch.social_level,
            start=sheet,
            current=sheet,
            birth_story=list(birth.story),
            birth_rolls=[{"values": list(r.values), "sides": r.sides, "reason": r.reason} for r in rolls],
        )
        s.add(row)
        s.flush()
        ch.id = row.id
    return ch
