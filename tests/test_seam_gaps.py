"""Three gaps at the house-rule seam, closed with the secrets and gossip house rules:

1. ``engarde turn undo`` undoes what the month did to the secrets and keeps what the GM did
   since (``engarde secrets add/give``), telling him what cannot be kept (secrets/undo.py);
2. a monthly line of a house rule the campaign does not use is refused by name, as its weekly
   verbs are (registry.inactive_lines, parse.py), and never a core line;
3. ``engarde sheet`` shows a man's hand (secrets) and his exposure cubes, indictments, informer
   months and hand limit (gossip)."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from engarde import registry as registry_module
from engarde.grammar import LineReader
from engarde.house.gossip.orders import GossipOrders
from engarde.house.gossip.rules import INFORMER, exposed_counter, indictment_counter
from engarde.house.gossip.sheet import character_view
from engarde.house.secrets.hands import copy_to, give, new_secret
from engarde.house.secrets.state import GM_GIVE, GM_HOW, SecretsState
from engarde.house.secrets.undo import lost, undo
from engarde.modules import MONTH_END, RuleModule, Step
from engarde.ops import not_kept_world, undone_world
from engarde.parse import parse_sheet
from engarde.records import Character
from engarde.registry import ALL_MODULES, Registry
from engarde.world import World
from test_gossip_cli import DATA, campaign, listed, put_into_play

# -- 1. turn undo and the secrets ---------------------------------------------------------------


def _played_month(tmp_path, house_rules: str = 'house_rules = ["gossip"]'):
    run = campaign(tmp_path, house_rules)
    put_into_play(run)
    shutil.copytree(DATA / "orders", tmp_path / "mail")
    run("orders", "ingest", code=1)
    return run


def test_undo_keeps_the_secrets_the_gm_put_into_play_and_gave_since(tmp_path):
    """The month's spreading, printing and hushing are undone; a secret the GM put into play after
    the month was resolved, and a card he gave since, are kept; the month run again sees them."""
    run = _played_month(tmp_path)
    before = listed(run)
    run("turn", "run")
    assert any(s["revealed"] for s in listed(run))  # the month printed some
    out = run("secrets", "add", "Athos", "spades", "5", "Athos fought at dawn", "--to", "Porthos")
    assert "Secret 7 about Athos" in out
    run("secrets", "give", "4", "Porthos")  # No. 4 (Athos's, about Aramis) was in play before the month
    undone = run("turn", "undo")
    assert undone == "Undid April 1607; it is the month to resolve again.\n"  # nothing lost: nothing said
    after = {s["id"]: s for s in listed(run)}
    assert [s for s in after.values() if s["id"] != 7 and s["id"] != 4] == [
        s for s in before if s["id"] not in (4, 7)]  # the month's work undone
    assert after[7]["text"] == "Athos fought at dawn" and after[7]["copies"][0]["holder"] == "Porthos"
    [card] = after[4]["copies"]
    assert (card["holder"], card["given_by"], card["how"]) == ("Porthos", "Athos", GM_GIVE)
    run("turn", "run")  # the month again, with the GM's set-up
    assert "agree with their ledgers" in run("audit")
    again = {s["id"]: s for s in listed(run)}
    # Porthos's sheet orders "secret No. 7" spread: this time he holds it, and it goes into the pile
    assert again[7]["revealed"] == "1607-04" or again[7]["copies"][0]["holder"] == "(safe)"
    assert again[4]["copies"][0]["holder"] == "Porthos"
    run("secrets", "add", "Porthos", "hearts", "1", "Porthos snores", "--to", "Athos")
    assert listed(run, "--character", "Athos")[-1]["id"] == 8  # numbers go on after the kept ones


def test_undo_of_a_month_without_the_gms_hand_restores_the_secrets_exactly(tmp_path):
    """Nothing done since: the secrets are exactly as before the month."""
    run = _played_month(tmp_path)
    before = listed(run)
    run("turn", "run")
    run("turn", "undo")
    assert listed(run) == before


def _sells_a_copy(turn) -> None:
    """The month makes a card, as the gala's selling does: a copy of No. 1 for Athos."""
    state = turn.world.part("secrets")
    copy_to(state, state.copies[1], "Athos", how="bought at the gala", month=turn.month.key)


COPIER = RuleModule("copier", "a house rule that makes a card in the month (a test's)", house=True,
                    requires=("secrets",),
                    steps=(Step("sell", MONTH_END, _sells_a_copy, after="titles.consider"),))


@pytest.fixture
def copier():
    registry_module.register(COPIER)
    yield COPIER
    registry_module.unregister("copier")


def test_undo_tells_the_gm_what_it_cannot_keep(tmp_path, copier):
    """`engarde turn undo` after the GM gave a card the month made: the card goes with the month,
    and the GM is told so, after "Undid ..."; what he put into play since is kept."""
    run = campaign(tmp_path, 'house_rules = ["copier"]')
    run("secrets", "add", "Porthos", "hearts", "4", "Porthos was seen at dawn", "--to", "Aramis")
    run("turn", "run", "--force")
    assert [c["id"] for c in listed(run)[0]["copies"]] == [1, 2]  # No. 2, Athos's, the month's
    run("secrets", "give", "2", "Porthos")
    run("secrets", "add", "Athos", "spades", "5", "Athos fought at dawn", "--to", "gossip")
    out = run("turn", "undo")
    assert out == ("Undid April 1607; it is the month to resolve again.\n"
                   "Not kept: secrets: card No. 2, which you gave to Porthos after the month was resolved, was "
                   "made in that month and is undone with it (give its secret again once the month is run "
                   "again)\n")
    assert [(s["id"], [c["id"] for c in s["copies"]]) for s in listed(run)] == [(1, [1]), (2, [3])]


def _state(*steps) -> SecretsState:
    state = SecretsState()
    for step in steps:
        step(state)
    return state


def test_a_gift_of_a_card_the_month_made_is_not_kept_and_the_gm_is_told():
    """A card the month itself made (a copy bought at a gala) goes with the month: the GM's gift
    of it since is lost, and said."""
    state = _state(lambda s: new_secret(s, "Athos", "hearts", 4, "x", holder="Aramis", how=GM_HOW, month="1607-04"))
    before = state.to_dict()
    made = copy_to(state, state.copies[1], "Porthos", how="bought at the gala", month="1607-04")  # the month's
    give(state, made, "Athos", how=GM_GIVE, month="1607-05")  # the GM's, since
    now = state.to_dict()
    assert SecretsState.from_dict(undo(before, now)).copies == SecretsState.from_dict(before).copies
    [line] = lost(before, now)
    assert "card No. 2, which you gave to Athos after the month was resolved, was made in that month" in line
    assert not_kept_world({"secrets": before}, {"secrets": now}, Registry.build(("secrets",)).modules) == [line]


def test_a_gift_the_undone_month_makes_impossible_is_not_kept_and_the_gm_is_told():
    """A man holds one copy of a secret at most: when undoing the month gives him back his own copy,
    the card the GM gave him since stays where it was before the month, and the GM is told."""
    state = _state(lambda s: new_secret(s, "Athos", "hearts", 4, "x", holder="Aramis", how=GM_HOW, month="1607-03"),
                   lambda s: copy_to(s, s.copies[1], "Porthos", how="bought at the gala", month="1607-03"))
    before = state.to_dict()
    give(state, state.copies[2], "(gossip)", how="spread in public", month="1607-04")  # the month's
    give(state, state.copies[1], "Porthos", how=GM_GIVE, month="1607-05")  # the GM's, since
    now = state.to_dict()
    undone = SecretsState.from_dict(undo(before, now))
    assert (undone.copies[1].holder, undone.copies[2].holder) == ("Aramis", "Porthos")
    [line] = lost(before, now)
    assert "card No. 1, which you gave to Porthos after the month was resolved, stays with Aramis" in line


def test_gossip_keeps_nothing_the_gm_sets_up_so_its_evidence_is_the_snapshots():
    """Gossip's own state (the evidence on each house) is changed only by the month (the GM has no
    command for it), so undoing the month puts it back as it was."""
    [gossip] = [m for m in Registry.build(("gossip",)).modules if m.name == "gossip"]
    assert gossip.undo is None and gossip.commands == ()
    world = World.from_dict({"gossip": {"house_evidence": {"bawdyhouse": 2}}}).to_dict()
    assert undone_world(world, {"gossip": {"house_evidence": {"bawdyhouse": 6}}},
                        Registry.build(("gossip",)).modules)["gossip"] == {"house_evidence": {"bawdyhouse": 2}}


# -- 2. a line of a house rule not in use -----------------------------------------------------------


def _read(registry: Registry, *lines: str):
    return parse_sheet("Character: Aramis\nWeek 1: rest\n" + "\n".join(lines) + "\n", "aramis.txt", registry)


def test_a_gossip_line_in_a_campaign_without_gossip_is_refused_by_name():
    """"Spread secret 12" and "Keep secrets 3, 5" are gossip's lines for the month: a campaign
    without gossip says the house rule is not in use, not "line not understood"."""
    sheet = _read(Registry.build(()), "Spread secret 12", "Keep secrets 3, 5", "Keep my rapier sharp")
    assert [(e.line, e.code) for e in sheet.errors] == [(3, "module-not-in-use"), (4, "module-not-in-use"),
                                                        (5, "unknown-verb")]
    assert sheet.errors[0].message == "'Spread secret 12': the gossip house rule is not in use in this campaign"
    assert sheet.errors[1].message == "'Keep secrets 3, 5': the gossip house rule is not in use in this campaign"
    assert sheet.monthly.of(GossipOrders) == GossipOrders()


def test_the_same_sheet_reads_in_a_campaign_with_gossip():
    sheet = _read(Registry.build(("gossip",)), "Spread secret 12", "Keep secrets 3, 5")
    assert sheet.errors == []
    assert sheet.monthly.of(GossipOrders) == GossipOrders(spread=(12,), keep=(3, 5))


class _Greedy(LineReader):
    """A house rule's lines that would swallow core lines if they were tried first."""

    LINES = ((re.compile(r"(?:visit|if\s+challenged|borrow|toast).*", re.I), "never"),)

    def never(self, number, m):  # pragma: no cover - an inactive module's reader is never run
        raise AssertionError("an inactive module's line reader ran")


def test_a_core_line_is_never_taken_for_an_inactive_modules_line():
    """The refusal is only for a line nothing of the campaign reads: a core week, a core standing
    line and a week's action without its week are read or reported as before."""
    greedy = RuleModule("greedy", "a greedy house rule", house=True, lines=(_Greedy,))
    registry = Registry.build((), modules=[*ALL_MODULES.values(), greedy])
    assert [m for m, _ in registry.inactive_lines].count("greedy") == 1
    sheet = _read(registry, "Week 2: visit Hunter's", "If challenged: accept with sabre", "Visit Hunter's",
                  "toast the King")
    assert sheet.weeks[2] is not None and not sheet.weeks[2].__class__.__name__.endswith("Rest")
    by_line = {e.line: e for e in sheet.errors}
    assert 3 not in by_line and 4 not in by_line  # read as the core reads them
    assert by_line[5].code == "unknown-verb" and "put the week number first" in by_line[5].suggestion
    assert by_line[6].message == "'toast the King': the greedy house rule is not in use in this campaign"


# -- 3. the sheet -------------------------------------------------------------------------------


def test_the_sheet_shows_his_hand_and_his_exposure(tmp_path):
    """`engarde sheet Porthos` before and after the sample month: his hand by area (secrets) and
    against the limit (gossip); after it, exposed by Aramis's threat (his No. 2 to the pile), one
    hearts cube, and his No. 7 spread and printed: a discovered informer (six month-ends), with an
    empty hand.  The same in --json."""
    run = _played_month(tmp_path)
    run("secrets", "add", "Athos", "spades", "5", "Athos fought at dawn", "--to", "Porthos")
    text = run("sheet", "Porthos")
    assert ("  Secrets held: 2 (hearts 1, spades 1)\n    No. 2: about Porthos, hearts, worth 2\n"
            "    No. 7: about Athos, spades, worth 5\n  Gossip: exposure cubes 0\n") in text
    assert "    hand: 2 of 6 secrets\n" in text
    run("turn", "run")
    text = run("sheet", "Porthos")
    assert "  Secrets held: none\n  Gossip: exposure cubes 1 (hearts 1)\n" in text
    assert ("    indictments: 0 major, 0 minor\n    informer: discovered, 6 month-ends left\n"
            "    hand: 0 of 6 secrets\n") in text
    data = json.loads(run("sheet", "Porthos", "--json"))
    assert data["gossip"] == {"exposed": {"hearts": 1, "diamonds": 0, "clubs": 0, "spades": 0},
                              "indictments": {"major": 0, "minor": 0}, "informer_months": 6,
                              "hand": 0, "hand_limit": 6}
    athos = json.loads(run("sheet", "Athos", "--json"))["secrets"]
    assert (athos["held"], athos["by_area"]["clubs"], athos["copies"][0]["about"]) == (1, 1, "Aramis")


def test_the_sheet_shows_his_indictments(tmp_path):
    """The raid campaign of test_gossip_cli: Aramis's major indictment is on his sheet."""
    run = _played_month(tmp_path, 'house_rules = ["gossip"]\n[campaigns.test.tables.gossip]\nthreat_value = 2\n'
                                  'raid_at = 4\n')
    run("turn", "run")
    assert "    indictments: 1 major, 0 minor\n" in run("sheet", "Aramis")
    assert "    indictments: 0 major, 1 minor\n" in run("sheet", "Athos")


def test_the_sheet_shows_his_informer_months_and_a_hand_over_the_limit():
    """His ledger's counters as the rule leaves them: months left as a discovered informer, cubes
    by area, indictments; a hand over the limit is said."""
    world = World()
    state = world.part("secrets")
    for n in range(7):
        new_secret(state, "Athos", "hearts", 1, f"tale {n}", holder="Aramis", how=GM_HOW, month="1607-04")
    aramis = Character("Aramis", counters={INFORMER: 3, exposed_counter("clubs"): 2,
                                           indictment_counter("minor"): 1})
    data, lines = character_view(world, aramis, Registry.build(("gossip",)).tables)
    assert lines == ["Gossip: exposure cubes 2 (clubs 2)", "  indictments: 0 major, 1 minor",
                     "  informer: discovered, 3 month-ends left", "  hand: 7 of 6 secrets (over the limit)"]
    assert data["gossip"]["informer_months"] == 3
