"""How a player writes gossip by mail (engarde.house.gossip.grammar): "Spread secret 12" and "Keep
secrets 3, 5", lines for the month; every word used, a known filler, or reported with its line;
and (hypothesis) any text read so, never raising."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engarde.house.gossip import codes
from engarde.house.gossip.orders import GossipOrders
from engarde.parse import parse_sheet
from engarde.registry import Registry

GOSSIP = Registry.build(("gossip",))
SETTINGS = settings(max_examples=200, deadline=None)


def read(*lines: str, registry: Registry = GOSSIP):
    return parse_sheet("Character: Aramis\nWeek 1: rest\n" + "\n".join(lines) + "\n", "aramis.txt", registry)


def test_spread_and_keep_lines_read_the_secrets_numbers():
    """The numbers his report gives the secrets he holds, as players write lists."""
    sheet = read("Spread secret 12", "Spread secrets No. 14, 15 and #16 please", "spread the gossip: nos. 12, 17",
                 "Keep secrets: 3, 5", "keep secret no. 9.", "Tell secret twenty")
    assert sheet.errors == []
    assert sheet.monthly.of(GossipOrders) == GossipOrders(spread=(12, 14, 15, 16, 17, 20), keep=(3, 5, 9))
    assert GOSSIP.describe(sheet.monthly, "monthly") == [
        "spread secrets No. 12, No. 14, No. 15, No. 16, No. 17, No. 20 into the gossip of Paris",
        "over the hand limit, keep No. 3, No. 5, No. 9 first"]


def test_a_word_that_is_no_number_is_reported_with_its_line_and_the_line_not_taken():
    """"Never misread in silence": a line with a word that is no secret's number is taken not at
    all, and one error says which word, on which line."""
    sheet = read("Spread secret 12", "Spread secrets 14 and Porthos's", "Keep secrets", "Spread secret -3")
    assert sheet.monthly.of(GossipOrders) == GossipOrders(spread=(12,))
    assert [(e.line, e.code) for e in sheet.errors] == [(4, codes.E_GOSSIP_NUMBERS), (5, codes.E_GOSSIP_NUMBERS),
                                                         (6, codes.E_GOSSIP_NUMBERS)]
    assert "'Porthos's' is not a whole number" in sheet.errors[0].message
    assert "the line names none" in sheet.errors[1].message
    assert "cannot be negative" in sheet.errors[2].message
    assert all("the line is not taken" in e.message for e in sheet.errors)


def test_spreading_written_as_a_weeks_action_is_refused_with_where_it_belongs():
    """Spreading takes no week: on a week's line it is an error saying to write it on its own line."""
    sheet = read("Week 2: whisper the secret 3 at Hunter's")
    [error] = sheet.errors
    assert error.line == 3 and "an order for the whole month, not a week's action" in error.message
    assert "Spread secret 12" in error.suggestion


def test_without_the_house_rule_the_lines_are_reported():
    """A campaign that does not play gossip reads none of it, and says so for each line."""
    sheet = read("Spread secret 12", "Week 2: spread secret 3", registry=Registry.build(()))
    assert sheet.monthly.of(GossipOrders) == GossipOrders()
    assert [e.line for e in sheet.errors] == [3, 4]
    assert all("the gossip house rule is not in use in this campaign" in e.message for e in sheet.errors)


def test_the_orders_go_to_the_database_and_back():
    sheet = read("Spread secret 12", "Keep secrets 3, 5")
    again = GOSSIP.sheet_from(sheet.to_dict())
    assert again.monthly.of(GossipOrders) == GossipOrders(spread=(12,), keep=(3, 5))


# -- properties -----------------------------------------------------------------------------------

WORDS = st.sampled_from(["12", "No.", "nos.", "#4", ",", " and ", "&", "please", "the", "Porthos", "-3", "1e9",
                         "twelve", "9999999999", ":", ".", "secret", "  ", "0", "3,5"])
rests = st.lists(WORDS, max_size=8).map(" ".join) | st.text(max_size=40)
heads = st.sampled_from(["Spread secret", "Spread secrets", "spread the gossip:", "Tell secret", "Keep secrets",
                         "keep secret", "whisper rumours", "publish tales"])


@SETTINGS
@given(heads, rests)
def test_every_gossip_line_is_read_or_reported(head, rest):
    """Random words after a gossip line's head: never raises; the line is read (its numbers added)
    or it has its one error, never both and never neither."""
    line = f"{head} {rest}".replace("\n", " ").replace("\r", " ")
    sheet = read(line)
    errors = [e for e in sheet.errors if e.line == 3]
    orders = sheet.monthly.of(GossipOrders)
    taken = bool(orders.spread or orders.keep)
    assert taken != bool(errors), (line, sheet.errors, orders)
    assert len(errors) <= 1
    assert all(n >= 1 for n in orders.spread + orders.keep)


@SETTINGS
@given(st.lists(st.text(max_size=60) | heads, max_size=12))
def test_any_text_never_raises_with_gossip_on(lines):
    sheet = read(*[line.replace("\r", " ") for line in lines])
    assert all(e.line >= 1 for e in sheet.errors)
