"""The registry: a campaign's modules put together, and a clear message when they cannot be."""

from __future__ import annotations

import pytest

from engarde import registry as registry_module
from engarde.grammar import verb
from engarde.modules import MONTH_END, MONTH_START, WEEK, EventKind, RuleModule, Section, Step
from engarde.orders import Rest
from engarde.registry import ALL_MODULES, Registry, RegistryError
from engarde.rules import MONTH, SECTIONS, VERBS


def nothing(*args):
    return None


def build(*modules: RuleModule, on: tuple[str, ...] | None = None) -> Registry:
    names = tuple(m.name for m in modules) if on is None else on
    return Registry.build(names, modules=[*ALL_MODULES.values(), *modules])


def house(name: str = "toasts", **parts) -> RuleModule:
    return RuleModule(name, name.title(), house=True, **parts)


def test_the_core_month_is_the_listed_order():
    """engarde.rules.MONTH is the core's month, step for step; the verbs and sections likewise."""
    core = Registry.build(())
    assert tuple(s.qualified for s in core.steps) == MONTH
    assert [v.name for v in (*core.verbs, *core.fallback_verbs)][:len(VERBS)] == list(VERBS)
    assert tuple(s.name for s in core.sections) == SECTIONS


@pytest.mark.parametrize("where", ["before", "after"])
def test_a_step_placed_against_an_unknown_step(where):
    step = Step("tally", MONTH_END, nothing, **{where: "status.no_such_step"})
    with pytest.raises(RegistryError, match=f"toasts: the step 'toasts.tally' is placed {where} "
                                            "'status.no_such_step', which does not exist"):
        build(house(steps=(step,)))


def test_a_step_without_a_place():
    with pytest.raises(RegistryError, match=r"toasts: the step 'toasts.tally' needs a place: before=\.\.\."):
        build(house(steps=(Step("tally", MONTH_END, nothing),)))


def test_a_step_in_the_wrong_phase_for_its_place():
    """A month-end step placed among the month's start: the phases would run out of order."""
    step = Step("tally", MONTH_END, nothing, after="clubs.join")
    with pytest.raises(RegistryError, match=r"comes after 'toasts.tally' \(month end\)"):
        build(house(steps=(step,)))


def test_steps_placed_in_a_circle():
    a = Step("a", WEEK, nothing, before="toasts.b")
    b = Step("b", WEEK, nothing, after="toasts.a")
    with pytest.raises(RegistryError, match="are placed against each other in a circle"):
        build(house(steps=(a, b)))


def test_two_modules_claim_one_verb():
    toast = verb("toast", r"toast\b.*", lambda m, r: Rest(), after="rest")
    with pytest.raises(RegistryError, match="cheers: the verb 'toast' is already the toasts module's"):
        build(house(verbs=(toast,)), house("cheers", verbs=(toast,)))
    with pytest.raises(RegistryError, match="toasts: the verb 'rest' is already the month module's"):
        build(house(verbs=(verb("rest", r"rest", lambda m, r: Rest(), after="ditto"),)))


def test_a_verb_placed_against_an_unknown_verb():
    toast = verb("toast", r"toast\b.*", lambda m, r: Rest(), before="sing")
    with pytest.raises(RegistryError, match="toasts: the verb 'toast' is placed before 'sing', which does not exist"):
        build(house(verbs=(toast,)))


def test_a_section_clash_and_an_unknown_anchor():
    with pytest.raises(RegistryError, match="toasts: the section 'society' is already the status module's"):
        build(house(sections=(Section("society", "x.html.j2", after="press"),)))
    with pytest.raises(RegistryError, match="the section 'toasts' is placed after 'sports', which does not exist"):
        build(house(sections=(Section("toasts", "x.html.j2", after="sports"),)))


def test_an_event_code_and_a_printed_section_must_be_known():
    with pytest.raises(RegistryError, match="toasts: the event code 'footpads' is already the bawdyhouse module's"):
        build(house(events=(EventKind("footpads"),)))
    with pytest.raises(RegistryError, match="toasts: the event 'toast' goes to a gazette section 'toasts' that no "
                                            "module of this campaign prints"):
        build(house(events=(EventKind("toast", ("toasts",)),)))


def test_house_rules_are_named_and_their_needs_met():
    with pytest.raises(RegistryError, match=r"campaign.house_rules: unknown house rule 'gala' \(house rules: secrets, (?:[a-z_]+, )*toasts\)"):
        build(house(), on=("gala",))
    with pytest.raises(RegistryError, match="the toasts module needs the cellar module, which does not exist"):
        build(house(requires=("cellar",)))



def test_a_house_module_another_needs_comes_with_it():
    """house_rules = ["toasts"] with toasts needing the house module cellar (as the gala needs the
    secrets): cellar is on too, and a module neither names stays off."""
    registry = build(house(requires=("cellar",)), house("cellar"), house("attic"), on=("toasts",))
    assert registry.active("toasts") and registry.active("cellar") and not registry.active("attic")


def test_a_module_that_is_off_brings_nothing():
    """house_rules switches a module on: off, it adds no step, verb or section."""
    toast = verb("toast", r"toast\b.*", lambda m, r: Rest(), after="rest")
    module = house(verbs=(toast,), steps=(Step("tally", MONTH_START, nothing, after="clubs.join"),),
                   sections=(Section("toasts", "x.html.j2", after="society"),))
    off, on = build(module, on=()), build(module)
    assert off.names == Registry.build(()).names and not off.active("toasts") and on.active("toasts")
    assert len(on.steps) == len(off.steps) + 1 and len(on.sections) == len(off.sections) + 1
    # (the other house rules' verbs are inactive too: each is named by its module)
    assert "toasts" in [n for n, v in off.inactive_verbs] and "toasts" not in [n for n, v in on.inactive_verbs]


def test_register_refuses_a_second_module_of_one_name():
    module = house()
    registry_module.register(module)
    try:
        registry_module.register(module)  # the same module again: nothing happens
        with pytest.raises(RegistryError, match="two modules are called 'toasts'"):
            registry_module.register(house())
        assert registry_module.registry(("toasts",)).active("toasts")
    finally:
        registry_module.unregister("toasts")
    with pytest.raises(RegistryError, match="unknown house rule 'toasts'"):
        registry_module.registry(("toasts",))
    with pytest.raises(RegistryError, match="the duel module is the core's"):
        registry_module.unregister("duel")


def test_a_group_runs_for_the_same_men():
    """Steps of one group run man by man: a member that runs for other men, or for nobody, is refused."""
    odd = Step("tally", MONTH_START, nothing, each="home", group="orders", after="month.no_orders")
    with pytest.raises(RegistryError, match="toasts: the step 'toasts.tally' is in the group 'orders', whose "
                                            "steps run for each='living', not 'home'"):
        build(house(steps=(odd,)))
    alone = Step("tally", MONTH_START, nothing, group="mine", after="regiments.plan_duty")
    with pytest.raises(RegistryError, match="says nobody to run for"):
        build(house(steps=(alone,)))
