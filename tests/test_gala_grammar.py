"""The gala plan as players write it (engarde.house.gala.grammar): read at ingest like any order,
every line used or reported with its line number; and, over generated text, never a crash and
never a plan line silently dropped (hypothesis)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engarde.house.gala.orders import ALONE, ANYONE, ATTACK, DANCE, EXPLORE, RUMOUR, SEEK, SELL, SPEAK, GalaPlan, Move
from engarde.known import Known
from engarde.parse import parse_sheet
from engarde.registry import Registry

REGISTRY = Registry.build(("gala",))
KNOWN = Known.of(["Athos", "Porthos", "Aramis", "Milady", "Rochefort", "d'Artagnan"])
HEAD = "Character: Athos\nWeek 1: rest\nWeek 2: Attend the gala\nWeek 3: rest\nWeek 4: rest\nGala plan:\n"
FIRST = HEAD.count("\n") + 1  # the line number of the first plan line


def read(lines: str):
    sheet = parse_sheet(HEAD + lines, "athos.txt", REGISTRY, KNOWN)
    return sheet, sheet.monthly.of(GalaPlan)


def test_a_round_is_an_engagement_then_an_action():
    """The issue: "for each of the nine rounds, engagement (seek out someone's conversation, join a
    dance, keep the room to oneself) and action (attack a stat, ask to dance, propose, sell a
    secret, explore a room, speak)\""""
    sheet, plan = read("Round 1: seek Porthos; attack Porthos's wit\nRound 3: join the dance\n"
                       "Rounds 4-5: keep to myself; explore the card room\n"
                       "Round 7: sell my secret about Rochefort (clubs) to Milady\n"
                       "Round 8: seek Porthos; sell a rumour about Rochefort (hearts, 4) to Porthos: he wears a wig\n"
                       "Round 9: speak\n")
    assert sheet.errors == []
    assert plan.moves == (
        Move(1, SEEK, "Porthos", ATTACK, target="Porthos", stat="wit"), Move(3, DANCE),
        Move(4, ALONE, action=EXPLORE, room="card room"), Move(5, ALONE, action=EXPLORE, room="card room"),
        Move(7, SEEK, "Milady", SELL, target="Milady", about="Rochefort", area="clubs"),
        Move(8, SEEK, "Porthos", RUMOUR, target="Porthos", about="Rochefort", area="hearts", value=4,
             text="he wears a wig"),
        Move(9, ALONE, action=SPEAK))
    assert "gala plan, round 7: seek Milady; sell my secret about Rochefort (clubs) to Milady" in plan.describe()


def test_the_standing_answers():
    """The issue: "standing answers: whom to accept as a partner or a husband/wife-to-be, whether to
    retort, when to call faux pas and how to vote on others' calls\""""
    sheet, plan = read("Accept dances from: anyone\nAccept proposals from: Milady and Aramis\n"
                       "Retort: when my Wit is 10 or more\nCall faux pas on: interrupting, selling; Vote: against\n"
                       "Call rumours: worth 3 or more\nA secret about me called a rumour: deny it\n"
                       "Outburst: tell the secrets about Rochefort\n")
    assert sheet.errors == []
    assert (plan.dances_from, plan.proposals_from, plan.retort, plan.calls, plan.vote, plan.accuse, plan.questioned,
            plan.outburst) == ((ANYONE,), ("Milady", "Aramis"), "10", ("interrupting", "selling"),
                               "against the accuser", "3", "deny", ("Rochefort",))


def test_every_mistake_is_reported_on_its_line():
    """The brief: "A plan/tactics block that is malformed gives one clear error per bad line.\""""
    sheet, plan = read("Round 10: speak\nRound 2: seek Porthos; fly to the moon\nRound 3: attack Porthos's nose\n"
                       "Retort: sometimes\nCall faux pas on: yawning\nAccept dances from: Athos the Bold\n"
                       "Round 4: sell a rumour about Rochefort (hearts, 99) to Porthos: x\nRound 5: seek Athos; speak\n")
    lines = [e.line for e in sheet.errors]
    assert lines == list(range(FIRST, FIRST + 7)), [str(e) for e in sheet.errors]
    assert "'Round 10: speak': the rounds of a gala are 1 to 9" in sheet.errors[0].message
    assert "'fly to the moon' is no gala action" in sheet.errors[1].message
    assert "'nose' is no gala stat" in sheet.errors[2].message
    assert "'Bold' after Athos is not understood" in sheet.errors[5].message
    assert "more than 5" in sheet.errors[6].message
    assert plan.moves == (Move(5, SEEK, "Athos"),)


def test_attending_is_the_weeks_action():
    """The issue: "Attending is the week's action"."""
    sheet, _ = read("")
    assert sheet.weeks[2].describe() == "Attend the gala"
    text = HEAD.replace("Attend the gala", "Attend the Duchesse de Chevreuse's gala")
    assert parse_sheet(text, "a.txt", REGISTRY, KNOWN).weeks[2].host == "Duchesse de Chevreuse"
    text = HEAD.replace("Attend the gala", "attend the ball given by Milady")
    assert parse_sheet(text, "a.txt", REGISTRY, KNOWN).weeks[2].host == "Milady"
    text = HEAD.replace("Attend the gala", "host my gala")
    assert parse_sheet(text, "a.txt", REGISTRY, KNOWN).weeks[2].host == "Athos"


PLAN_HEADS = ["Round 1:", "Rounds 2-3:", "Round 9 -", "Accept dances from:", "Accept proposals from:", "Retort:",
              "Call faux pas on:", "Vote:", "Call rumours:", "A secret about me called a rumour:", "Outburst:"]
WORDS = ["seek", "Porthos", "Athos's", "wit", "charm", ";", "attack", "ask", "to", "dance", "propose", "sell",
         "my", "secret", "about", "Rochefort", "(hearts, 3)", ":", "explore", "the", "library", "speak", "keep",
         "myself", "join", "always", "never", "anyone", "no one", "with the accuser", "interrupting", "worth",
         "or more", "tell", "everything", "deny it", "rumour", "\u2019s", "99", "-1", ",", "and"]
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.sampled_from(PLAN_HEADS), st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=10))
def test_a_plan_line_is_read_or_reported(head, words):
    """Property: whatever follows a plan line's head, the sheet is read without raising, and the
    line is either taken into the plan or reported with its line number."""
    line = (head + " " + " ".join(words)).replace("\n", " ").replace("\r", " ")
    sheet, plan = read(line + "\n")
    reported = any(e.line == FIRST for e in sheet.errors)
    taken = plan != GalaPlan()
    assert reported or taken, (line, sheet.errors, sheet.notes)


@SETTINGS
@given(st.text(max_size=300))
def test_random_text_never_raises(text):
    """Property: random text in a gala plan is read or reported, never a crash."""
    sheet, _ = read(text)
    assert sheet.character == "Athos"


def test_the_readme_plan_reads_whole():
    """The README's sample plan (section "House rules", "The Gala") is read without an error."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("#### The Gala\n", 1)[1].split("```\n", 2)[1]
    sheet, plan = read(block.removeprefix("Gala plan:\n"))
    assert sheet.errors == [] and len(plan.moves) == 7 and plan.outburst == ("all",)
