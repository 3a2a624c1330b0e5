"""The second demo campaign, the salon: the Gala, social conflict and gossip house rules on, played by `engarde demo` after the
first demo campaign (which stays as it is: tests/test_demo.py, tests/test_demo_golden.py)."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

from engarde.config import load, load_one
from engarde.demo import SALON_ID, run_salon, unpack
from engarde.house.gala.codes import EV_GALA, EV_GALA_ACCOUNT
from engarde.house.social_conflict.codes import EV_CONFLICT

ROOT = Path(__file__).parent.parent


def test_the_salon_shows_the_gala(tmp_path):
    """The issue: "the demo campaign gains a second campaign (or a month) with the gala on, so
    `engarde demo` shows it"."""
    shutil.copy(ROOT / "salon.toml", tmp_path / "salon.toml")
    shutil.copytree(ROOT / "orders" / "salon", tmp_path / "orders" / "salon")
    camp = load_one(tmp_path / "salon.toml", SALON_ID)
    lines: list[str] = []
    report = run_salon(camp, pdf=False, echo=lines.append)
    accepted = sorted(line.strip() for line in lines if line.strip().startswith("accepted"))
    assert accepted == [f"accepted  {tmp_path}/orders/salon/{n}.txt: {c}" for n, c in (
        ("aramis", "Aramis"), ("athos", "Athos"), ("constance", "Constance"), ("dartagnan", "D'Artagnan"),
        ("milady", "Milady"), ("porthos", "Porthos"))]
    assert not [line for line in lines if ".txt:" in line and "accepted" not in line]  # no mistake in the mail
    (gala,) = [e for e in report.events if e.code == EV_GALA]
    assert gala.public and gala.characters == ("Athos", "Milady", "Aramis", "Porthos", "Constance", "D'Artagnan")
    assert len([e for e in report.events if e.code == EV_GALA_ACCOUNT]) == 6
    assert "  audit: 6 sheets, 0 disagreements" in lines
    html = (tmp_path / "newsletters" / "salon" / "1607-04.html").read_text(encoding="utf-8")
    column = re.sub(r"<[^>]+>", "", html.split("<h2>At the Gala</h2>", 1)[1].split("</section>", 1)[0])
    assert "Duchesse de Chevreuse" in column and "Athos and Milady are engaged" in column
    # found in the library: Athos's slip, not the gazette's (the secret itself comes out when
    # Porthos, who bought a copy, bursts out with it)
    assert "slip of paper" not in html and "library" not in html
    assert "Porthos told the whole party: Milady bears a fleur-de-lys" in column
    athos = (tmp_path / "newsletters" / "salon" / "reports" / "1607-04" / "athos.html").read_text(encoding="utf-8")
    assert "Chevreuse&#39;s Gala, week 2" in athos and "Your Gala Attributes" in athos
    assert "slip of paper: in the library, a letter: Milady bears a fleur-de-lys" in athos


def test_the_salon_shows_social_conflict_and_gossip(tmp_path):
    """Issue 16: "the demo shows both modules at work": in the salon, Athos tries to win Porthos
    over in week 3 (his report tells it card by card), and at the month's end the gossip column
    prints what Aramis spread (a threat about Porthos: he is exposed, Aramis known for an
    informer) and the tale the GM put on the pile."""
    shutil.copy(ROOT / "salon.toml", tmp_path / "salon.toml")
    shutil.copytree(ROOT / "orders" / "salon", tmp_path / "orders" / "salon")
    camp = load_one(tmp_path / "salon.toml", SALON_ID)
    lines: list[str] = []
    report = run_salon(camp, pdf=False, echo=lines.append)
    assert "  secret No. 1: about Porthos (hearts, 4), to Aramis" in lines
    (conflict,) = [e for e in report.events if e.code == EV_CONFLICT]
    assert conflict.characters[:2] == ("Athos", "Porthos") and conflict.week == 3
    html = (tmp_path / "newsletters" / "salon" / "1607-04.html").read_text(encoding="utf-8")
    gossip = re.sub(r"<[^>]+>", "", html.split("<h2>Gossip</h2>", 1)[1].split("</section>", 1)[0])
    assert "Porthos was seen leaving a house in the rue des Mauvais-Garçons at dawn" in gossip
    assert "D&#39;Artagnan fought an unlicensed duel" in gossip and "Aramis is known now for an informer" in gossip
    reports = tmp_path / "newsletters" / "salon" / "reports" / "1607-04"
    athos = " ".join(re.sub(r"<[^>]+>", " ", (reports / "athos.html").read_text(encoding="utf-8")).split())
    assert "You tried to win over Porthos" in athos and "a loan of 100 crowns" in athos
    porthos = " ".join(re.sub(r"<[^>]+>", " ", (reports / "porthos.html").read_text(encoding="utf-8")).split())
    assert "tried to win you over at Porthos&#39;s lodgings" in porthos
    assert "Queen of spades" in athos and "Queen of spades" not in html  # the card play is the two men's


def test_the_packaged_salon_is_the_repositorys(tmp_path):
    """The salon a package plays (engarde/data/demo/salon.toml, salon/) is the repository's
    salon.toml but for where its mail is, and `engarde demo` writes it beside the first demo."""
    unpack(tmp_path / "demo")
    packaged = tomllib.loads((tmp_path / "demo" / "salon.toml").read_text())["campaigns"]["salon"]
    repository = tomllib.loads((ROOT / "salon.toml").read_text())["campaigns"]["salon"]
    assert {**packaged, "orders": None} == {**repository, "orders": None}
    assert sorted(p.name for p in (tmp_path / "demo" / "salon").iterdir()) == sorted(
        p.name for p in (ROOT / "orders" / "salon").iterdir())
    assert list(load(tmp_path / "demo" / "campaigns.toml")) == ["demo"]  # the first demo's file: one campaign
