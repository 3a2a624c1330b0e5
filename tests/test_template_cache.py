"""The compiled templates kept between runs (engarde.gazette._CompiledTemplates): a template is
compiled again when what its compiled code depends on changed, not only its source (an upgrade of
engarde that changed how a filter is called ran the old code against it and failed)."""

from __future__ import annotations

import tempfile

import jinja2

from engarde import gazette as gz


def _environment(kind, filter_) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ x|shout }}"}))
    env.filters["shout"] = kind(filter_)
    env.bytecode_cache = gz._compiled_templates(env)
    return env


def test_a_template_compiled_against_a_filter_called_otherwise_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the cache's folder, the user's own
    before = _environment(jinja2.pass_eval_context, lambda eval_ctx, v: f"{v}!")
    assert before.get_template("t.html").render(x="a") == "a!"
    [folder] = tmp_path.iterdir()
    assert len(list(folder.iterdir())) == 1  # compiled and kept
    # the same template source; its filter now takes the template's context
    after = _environment(jinja2.pass_context, lambda context, v: f"{v}{context.get('mark', '?')}")
    assert after.get_template("t.html").render(x="a", mark="?!") == "a?!"
    assert len(list(folder.iterdir())) == 2
    again = _environment(jinja2.pass_eval_context, lambda eval_ctx, v: f"{v}!")
    assert again.get_template("t.html").render(x="b") == "b!"  # the first one's, read back
    assert len(list(folder.iterdir())) == 2


def test_the_caches_name_holds_the_filters_and_the_syntax_settings():
    def named(**settings) -> str:
        env = jinja2.Environment(**settings)
        env.filters["shout"] = jinja2.pass_context(lambda context, v: v)
        return gz._compiled_with(env)

    plain = named()
    assert plain == named()
    assert plain != named(trim_blocks=True) != named(block_start_string="<%", block_end_string="%>")
    env = jinja2.Environment()
    env.filters["shout"] = jinja2.pass_eval_context(lambda eval_ctx, v: v)
    assert gz._compiled_with(env) != plain
