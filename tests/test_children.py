"""engarde.children.shared: a long list made on both cores, the command and one child taking
batches from a shared counter: every item made once, in order, whichever process made it; an
error in either raised in the command; a short list made in the command alone.  And a month's
reports rendered so are the reports rendered one after another."""

import os
import time

import pytest

from engarde import children
from engarde.gazette import GazetteData, report_files
from test_gazette import APRIL, campaign
from test_gazette_scale import men, raised

pytestmark = pytest.mark.skipif(not children.forks() or (os.cpu_count() or 1) < 2,
                                reason="the work is shared only where the system forks and has two cores")


def _slowly(item: int) -> bytes:
    time.sleep(0.002)  # long enough that the child, once started, takes batches too
    return f"{item}:{os.getpid()}".encode()


def _fails_at_the_end(item: int) -> bytes:
    if item == children.SHARED_FROM - 1:
        raise ValueError(f"item {item} cannot be made")
    return _slowly(item)


def test_every_item_made_once_and_in_order_by_both_processes():
    items = list(range(children.SHARED_FROM + 50))
    made = [m.decode().split(":") for m in children.shared(_slowly, items)]
    assert [int(item) for item, _ in made] == items
    makers = {pid for _, pid in made}
    assert str(os.getpid()) in makers and len(makers) == 2, makers


def test_an_error_in_either_process_is_raised_in_the_command():
    with pytest.raises(ValueError, match="item .* cannot be made"):
        children.shared(_fails_at_the_end, list(range(children.SHARED_FROM)))


def test_a_short_list_is_made_in_the_command_alone():
    ticks = []
    made = children.shared(_slowly, list(range(10)), lambda done, total: ticks.append((done, total)))
    assert {m.decode().split(":")[1] for m in made} == {str(os.getpid())}
    assert ticks[0] == (0, 10) and ticks[-1] == (10, 10)


def test_the_reports_rendered_on_both_cores_are_those_rendered_one_by_one(tmp_path, monkeypatch):
    people = men(children.SHARED_FROM + 20)
    data = GazetteData(campaign(tmp_path), APRIL, people, [raised(ch.name, ch.social_level) for ch in people])
    shared = report_files(data, [])
    monkeypatch.setattr(children, "SHARED_FROM", len(people) + 1)
    alone = report_files(data, [])
    assert len(shared) == len(people) and shared == alone
