"""The shared secrets (engarde.house.secrets): one thing across the gala, social conflicts and
gossip.  Each test quotes the text whose rule the function keeps."""

from __future__ import annotations

import pytest

from engarde.house.secrets.hands import (SecretsError, by_holder, copy_to, discard, give, hand, holding, in_circulation,
                                         new_secret, reveal, trail)
from engarde.house.secrets.state import GOSSIP, SecretsState
from engarde.registry import Registry
from engarde.world import World


def a_state() -> tuple[SecretsState, object]:
    state = SecretsState()
    original = new_secret(state, "Porthos", "diamonds", 5, "Porthos owes his tailor 300 crowns",
                          holder="Aramis", how="found in the library", month="1635-04")
    return state, original


def test_a_secret_is_about_a_character_with_an_area_and_a_value():
    """DESIGN: "a secret is about a character, has an area (hearts: sexuality, diamonds: money,
    clubs: power, spades: force) and a value"."""
    state, original = a_state()
    secret = state.secrets[original.secret]
    assert (secret.about, secret.area, secret.value, secret.true) == ("Porthos", "diamonds", 5, True)
    assert hand(state, "Aramis") == [original] and original.source is None and original.value == 5
    with pytest.raises(SecretsError, match="area is one of hearts, diamonds, clubs, spades"):
        new_secret(state, "Porthos", "wine", 2, "x", holder="Aramis", how="x", month="1635-04")


def test_a_copy_is_worth_one_less_than_the_card_it_is_copied_from():
    """gala.txt: "The point value of the copy must be one less than the value of the card it was
    copied from ... A scandal worth five in its first telling is worth four at second hand and three
    at third, until at last it dwindles to nothing and is worth no one's trouble to repeat.\""""
    state, original = a_state()
    second = copy_to(state, original, "Athos", how="bought at the gala", month="1635-04")
    third = copy_to(state, second, "d'Artagnan", how="bought at the gala", month="1635-04")
    assert (second.value, third.value) == (4, 3)
    assert (third.source, third.given_by, second.source, second.given_by) == (second.id, "Athos", original.id, "Aramis")
    assert trail(state, third) == [third, second, original]
    worth_one = new_secret(state, "Athos", "hearts", 1, "x", holder="Aramis", how="x", month="1635-04")
    with pytest.raises(SecretsError, match="worth too little to repeat"):
        copy_to(state, worth_one, "Athos", how="x", month="1635-04")


def test_never_twice_to_the_same_buyer():
    """gala.txt: "A secret may be sold as often as its holder likes, but never twice to the same
    buyer. They may not sell a secret to a player who already has a copy of it in their hand.\""""
    state, original = a_state()
    copy_to(state, original, "Athos", how="bought", month="1635-04")
    with pytest.raises(SecretsError, match="Athos already holds a copy of that secret"):
        copy_to(state, original, "Athos", how="bought", month="1635-04")
    assert copy_to(state, original, "Porthos", how="bought", month="1635-04").value == 4


def test_revealed_every_copy_is_discarded_and_circulation_counts_the_copies():
    """gala.txt, Outbursts: "they must remove the amount of reputation points listed on the original
    copy, plus the number of copies in circulation, from their stats. All copies of the secret must
    be discarded from all player hands.\""""
    state, original = a_state()
    second = copy_to(state, original, "Athos", how="bought", month="1635-04")
    copy_to(state, second, "d'Artagnan", how="bought", month="1635-04")
    other = new_secret(state, "Athos", "spades", 3, "x", holder="Aramis", how="x", month="1635-04")
    assert in_circulation(state, original.secret) == 2 and in_circulation(state, other.secret) == 0
    gone = reveal(state, original.secret, "1635-05")
    assert sorted(c.holder for c in gone) == ["Aramis", "Athos", "d'Artagnan"]
    assert hand(state, "Aramis") == [other] and hand(state, "Athos") == []
    assert state.secrets[original.secret].revealed == "1635-05"


def test_a_card_given_keeps_its_value_and_a_pile_can_hold_it():
    """gossip-and-raids.en.txt: "every card over the limit at the end of your turn is added face
    down to the gossip pile"."""
    state, original = a_state()
    moved = give(state, original, GOSSIP, how="over the hand limit", month="1635-04")
    assert hand(state, GOSSIP) == [moved] and moved.value == 5 and moved.given_by == "Aramis"
    assert holding(state, "Aramis", original.secret) is None
    discard(state, moved)
    assert hand(state, GOSSIP) == []


def test_the_state_goes_through_the_world_and_back():
    state, original = a_state()
    copy_to(state, original, "Athos", how="bought", month="1635-04")
    world = World({"secrets": state})
    again = World.from_dict(world.to_dict()).part("secrets")
    assert again == state


def test_secrets_come_with_a_house_rule_that_needs_them_or_alone():
    """A campaign names "secrets" itself, or it comes with the gala, social conflict or gossip."""
    assert Registry.build(("secrets",)).active("secrets")
    assert not Registry.build(()).active("secrets")


def test_every_holders_hand_in_one_walk():
    """by_holder gives each holder the copies hand gives him, in the same order (the reports
    read their men's hands from it, once for all)."""
    state, original = a_state()
    second = copy_to(state, original, "Athos", how="bought", month="1635-04")
    third = new_secret(state, "Athos", "clubs", 2, "x", holder="Aramis", how="x", month="1635-04")
    give(state, second, GOSSIP, how="over the hand limit", month="1635-04")
    held = by_holder(state)
    assert held == {h: hand(state, h) for h in ("Aramis", GOSSIP)} and held["Aramis"] == [original, third]
    assert "Athos" not in held


# -- what mutation testing found unpinned (docs/rules-coverage.md, "Mutation testing") ---------------


def test_a_card_worth_two_is_copied_worth_one():
    """gala.txt: "The point value of the copy must be one less than the value of the card it was
    copied from": a card worth 2 still makes a copy, worth 1 (one worth 1 would make one worth 0,
    "worth no one's trouble to repeat")."""
    state, original = a_state()
    two = new_secret(state, "Athos", "hearts", 2, "x", holder="Aramis", how="x", month="1635-04")
    copy = copy_to(state, two, "Porthos", how="bought at the gala", month="1635-05")
    assert (copy.value, copy.how, copy.month) == (1, "bought at the gala", "1635-05")
    with pytest.raises(SecretsError, match="^that secret is worth too little to repeat$"):
        copy_to(state, copy, "Athos", how="x", month="1635-04")


def test_a_secret_may_be_worth_nothing_but_not_less():
    """gala.txt, Crafting Rumors: "setting upon it whatever value they please": 0 or more; the
    rumour remembers its author and the card who passed it."""
    state = SecretsState()
    rumour = new_secret(state, "Athos", "hearts", 0, "a lie", holder="Porthos", how="made up", month="1635-04",
                        true=False, author="Aramis", given_by="Aramis")
    assert rumour.value == 0 and rumour.given_by == "Aramis"
    assert state.secrets[rumour.secret].author == "Aramis"
    with pytest.raises(SecretsError, match="^a secret's value is 0 or more, not -1$"):
        new_secret(state, "Athos", "hearts", -1, "x", holder="Porthos", how="x", month="1635-04")


def test_a_card_given_to_a_man_who_holds_the_secret_is_refused():
    """gala.txt: "They may not sell a secret to a player who already has a copy of it in their
    hand": nor give him the card itself; a card given keeps where it was copied from."""
    state, original = a_state()
    copy = copy_to(state, original, "Athos", how="bought", month="1635-04")
    with pytest.raises(SecretsError, match="^Athos already holds a copy of that secret$"):
        give(state, original, "Athos", how="given", month="1635-04")
    moved = give(state, copy, "Porthos", how="given", month="1635-04")
    assert (moved.source, moved.given_by) == (original.id, "Athos")


def test_gone_copies_and_secrets_are_said_so():
    """A copy no longer held cannot be copied, nor a missing secret revealed; a copy discarded twice
    is discarded once; a trail stops at a copy gone from play."""
    state, original = a_state()
    second = copy_to(state, original, "Athos", how="x", month="1635-04")
    third = copy_to(state, second, "Porthos", how="x", month="1635-04")
    discard(state, second)
    discard(state, second)
    assert trail(state, third) == [third]
    with pytest.raises(SecretsError, match=f"^copy {second.id} is no longer held by anyone$"):
        copy_to(state, second, "d'Artagnan", how="x", month="1635-04")
    with pytest.raises(SecretsError, match="^there is no secret 99$"):
        reveal(state, 99, "1635-04")
