"""PostgreSQL works by changing the database URL, nothing else."""

from pathlib import Path

from click.testing import CliRunner
from sqlmodel import select

from engarde import ops, store
from engarde.cli import main
from engarde.config import load_one
from engarde.records import DEAD
from engarde.store import CharacterRow

ROOT = Path(__file__).parent.parent


def test_a_whole_month_on_postgresql(tmp_path, postgres_url):
    (tmp_path / "campaigns.toml").write_text(
        f'[campaigns.pg]\nname = "On PostgreSQL"\nfirst_month = "April 1607"\nseed = "pg"\n'
        f'database = "{postgres_url}"\norders = "{ROOT / "orders" / "demo"}"\n'
    )
    camp = load_one(tmp_path / "campaigns.toml", "pg")
    from engarde.demo import run_demo

    lines: list[str] = []
    report = run_demo(camp, pdf=False, echo=lines.append)
    assert report.month.key == "1607-04" and report.events
    count, findings = ops.audit(camp)
    assert count == 7 and findings == []
    # The same month on SQLite gives the same sheets: the storage does not change the rules.
    sqlite = tmp_path / "sqlite.toml"
    sqlite.write_text(
        f'[campaigns.pg]\nname = "On SQLite"\nfirst_month = "April 1607"\nseed = "pg"\n'
        f'orders = "{ROOT / "orders" / "demo"}"\n'
    )
    lite = load_one(sqlite, "pg")
    run_demo(lite, pdf=False, echo=lines.append)
    assert {c.name: c.ledger_values() for c in ops.list_characters(camp)} == {
        c.name: c.ledger_values() for c in ops.list_characters(lite)
    }
    result = CliRunner().invoke(main, ["--config", str(tmp_path / "campaigns.toml"), "audit"])
    assert result.exit_code == 0, result.output
    # What a sheet may name, read by the database (each man's state from his sheet's JSON), is
    # the same on both: a dead man among the dead on each.
    for c in (camp, lite):
        with store.transaction(c.database) as s:
            row = s.exec(select(CharacterRow).where(CharacterRow.campaign_id == c.id, CharacterRow.name == "Aramis")).one()
            row.current = {**row.current, "state": DEAD}
            s.add(row)
    on_pg, on_sqlite = ops.known_names(camp), ops.known_names(lite)
    assert (on_pg.characters, on_pg.dead, on_pg.mistresses) == (on_sqlite.characters, on_sqlite.dead,
                                                                 on_sqlite.mistresses)
    assert on_pg.dead == ("Aramis",) and "Athos" in on_pg.characters and on_pg.mistresses
