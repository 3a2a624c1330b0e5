"""Every command, fed hostile input, ends with exit status 0, 1 or 2, prints no Python traceback
and does not hang (issue 10: "never a traceback, never a hang").

Covered: every command of the CLI (the core's and every module's, found by walking the click
group as tests/test_docs.py does), each run in a real process (tests/forkrun.py) with a timeout,
against
- hostile campaigns files: any key given a value of the wrong type, an absurd number, a NUL, a
  bad time zone, month, path, database URL or deadline rule; required keys missing, unknown
  keys, hostile ``rules``, ``tables`` and ``mail`` tables; and whole files that are random bytes,
  Latin-1, UTF-16, empty, huge, a folder, a FIFO, a link to /dev/zero, or missing;
- hostile database files: random bytes, empty, text, a folder, a valid database cut short;
- hostile arguments: any text, numbers out of range, unknown months, characters, modules,
  choices and files (a FIFO, a device, a folder, the database, a binary file), and a hostile
  ``--campaign``.
Not here: a database locked by another process (it waits a few seconds each time:
tests/test_database_errors.py) and an unreachable PostgreSQL host (likewise).

Run as a script, it surveys N inputs drawn the same way and counts those that broke, against
whichever engarde is first on PYTHONPATH (the figures of the report on issue 10):

    PYTHONPATH=TREE:tests python tests/test_fuzz_cli.py N
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, event, given, seed, settings
from hypothesis import strategies as st

from engarde.cli import main
from helpers import cli

ROOT = Path(__file__).parent.parent
TIMEOUT = 30  # seconds a command may take before it counts as a hang


def walk(group: click.Group, prefix: list[str]):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from walk(command, prefix + [name])
        elif command is not None:
            yield prefix + [name], command


COMMANDS = list(walk(main, []))

# -- the inputs --------------------------------------------------------------------------------

NASTY_TEXT = ["", " ", "-", "--", "..", "../../etc/passwd", "/", "\t", "é", "Ætholwynn", "\u202eevil",
              "\u0301", "%s%n", "{{ 7*7 }}", "{% raise %}", "<script>alert(1)</script>", "'; DROP TABLE character;--",
              "a" * 5000, "0", "-1", "99999999999999999999", "1e308", "nan", "inf", "None", "null", "true",
              "April 1607", "1607-04", "Smarch 1607", "9999-99", "1607-13", "0-0", "April -5", "Athos", "Porthos",
              "nobody", "duel", "clubs", "Dragoon Guards", "X L X", "X L X CL K X X X X S P JB", "rapier", "sabre",
              "Hunter's", "yes", "no"]
# Text a command line can carry: anything but NUL (and the surrogates UTF-8 cannot write).
text = st.one_of(st.sampled_from(NASTY_TEXT),
                 st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40))
numbers = st.one_of(st.integers(-10, 30), st.sampled_from([-2**63, 2**31, 2**63 - 1, 10**30, -10**30]))

# Files an argument or a key may name, made in every example's folder (see _folder).
# A file argument (a mail source, a backup to write or restore) names one of the example's own
# files, never one of the machine's: a command that wrongly wrote over "/dev/null" as root would
# replace the device itself.  "a-device" is a node like /dev/zero (made when the tests run as
# root), which never ends.
SOURCES = ["mail", "news", "templates", "campaigns.toml", "c.sqlite", "nonexistent", "empty.txt", "binary.bin",
           "a-folder", "a-fifo", "a-device"]
# A folder key may name those, or files of the machine's that no command writes into.
FILES = SOURCES + ["/dev/null", "/proc/version"]

toml_scalars = st.one_of(
    text, st.text(max_size=20), st.integers(-2**63, 2**63 - 1), st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(), st.sampled_from(["\x00", "a\x00b", "\x7f", "\x1b[31m", "\n", "x" * 10_000]),
    st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31)),
    st.datetimes(min_value=dt.datetime(1, 1, 2), max_value=dt.datetime(9999, 12, 30),
                 timezones=st.sampled_from([dt.timezone.utc, dt.timezone(dt.timedelta(hours=14)),
                                            dt.timezone(dt.timedelta(hours=-12))])),
    st.dates(), st.times(),
)
toml_values = st.recursive(toml_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(text, st.sampled_from(["x", "1", ""])), inner, max_size=4)),
    max_leaves=12)

KEY_VALUES = {
    "name": text, "newspaper": text, "seed": text,
    "first_month": st.sampled_from(["April 1607", "1607-04", "Smarch 1607", "0-0", "9999-12", "1607-13", "April -5",
                                    "99999999999 April", "0001-01", "April 99999"]),
    "database": st.sampled_from([
        "sqlite:///c.sqlite", "sqlite:///", "sqlite://", "sqlite:///:memory:", "sqlite:////nonexistent/x.sqlite",
        "sqlite:///a-folder", "sqlite:///binary.bin", "sqlite:///empty.txt", "sqlite:///a-fifo", "sqlite:///mail",
        "sqlite:///c.sqlite?mode=ro", "sqlite:////dev/null", "postgresql+psycopg://gm@127.0.0.1:1/engarde",
        "postgresql://gm:secret@127.0.0.1:1/x", "mysql://gm@localhost/x", "foo://bar", "not a url", "://", "sqlite",
    ]),
    "deadlines": st.sampled_from([
        "FREQ=SECONDLY", "FREQ=MINUTELY", "FREQ=HOURLY;COUNT=3", "FREQ=DAILY;BYHOUR=1,2", "FREQ=DAILY",
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31", "FREQ=MONTHLY;COUNT=2",
        "FREQ=MONTHLY;UNTIL=20000101T000000", "FREQ=MONTHLY;UNTIL=20300101", "FREQ=MONTHLY;UNTIL=20300101T000000Z",
        "DTSTART:20260101T180000\nRRULE:FREQ=WEEKLY", "DTSTART:junk\nRRULE:FREQ=WEEKLY", "FREQ=YEARLY;INTERVAL=99999",
        "FREQ=MONTHLY;COUNT=0", "FREQ=MONTHLY;BYSETPOS=400;BYDAY=MO", "RDATE:99991231T235959", "EXDATE:junk",
        "FREQ=WEEKLY;WKST=XX", "RRULE:FREQ=MONTHLY\nRRULE:FREQ=MONTHLY;BYHOUR=1", "FREQ=", "", "RRULE:",
        "FREQ=MONTHLY;INTERVAL=0", "FREQ=MONTHLY;BYMONTHDAY=0", "X-FOO:bar",
    ]) | text,
    "deadline_start": toml_scalars,
    "timezone": st.sampled_from(["Mars/Olympus", "UTC", "../../etc/passwd", "Europe/Paris\x00", "", "posixrules",
                                 "Etc/GMT+14", "Europe", "/etc/localtime"]) | text,
    "orders": st.sampled_from(FILES) | text, "newsletters": st.sampled_from(FILES) | text,
    "templates": st.sampled_from(FILES) | text,
    "house_rules": st.one_of(st.lists(st.sampled_from(["gala", "toasts", "../x", "", "duel"]) | text, max_size=3),
                             toml_scalars),
    "rules": st.dictionaries(st.sampled_from(["allowance", "rounding", "bawdyhouse_default_purse", "illegal_sequence",
                                              "nmr_status_points"]) | text, toml_values, max_size=3) | toml_scalars,
    "tables": st.dictionaries(st.sampled_from(["clubs", "duel", "loans", "bawdyhouse", "status", "military"]) | text,
                              toml_values, max_size=2) | toml_scalars,
    "mail": st.fixed_dictionaries({}, optional={
        "max_message_bytes": toml_scalars, "nmr_refuse_share": toml_scalars,
        "imap": st.fixed_dictionaries({}, optional={
            "host": st.sampled_from(["127.0.0.1", "", "localhost"]), "port": st.sampled_from([1, 0, 70000, -1]),
            "user": text, "ssl": toml_scalars, "timeout": st.sampled_from([1, 0, -1, 1e9, "x"]),
            "password_env": text, "folder": text, "password": text}),
        # Mail out (issue 13): a server on loopback where nothing listens, hostile values.
        "smtp": st.fixed_dictionaries({}, optional={
            "host": st.sampled_from(["127.0.0.1", "", "localhost"]), "port": st.sampled_from([1, 0, 70000, -1]),
            "security": st.sampled_from(["starttls", "ssl", "none", "tls", ""]) | toml_scalars,
            "from": st.sampled_from(["gm@example.org", "", "no address", "a@b.c\nBcc: x@y.z"]) | text,
            "reply_to": text, "user": text, "timeout": st.sampled_from([1, 0, -1, 1e9, "x"]),
            "password_env": text, "password": text}),
        "readers": st.lists(st.sampled_from(["reader@example.org", "", "x\ny"]) | text, max_size=3) | toml_scalars,
        }) | toml_scalars,
}
BASE = {"name": "Fuzz", "first_month": "April 1607", "seed": "fuzz", "database": "sqlite:///c.sqlite",
        "orders": "mail", "newsletters": "news", "timezone": "Europe/Paris",
        "deadlines": "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12"}


def toml(value: object) -> str:
    """A TOML value (a small writer: the standard library reads TOML but does not write it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if value != value else ("inf" if value == float("inf") else "-inf" if value == float("-inf")
                                             else repr(value))
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value), ensure_ascii=False).replace("\x7f", "\\u007f")


@st.composite
def hostile_config(draw) -> tuple[str, object]:
    """(kind, content): the campaigns file to write (a text, bytes, or a kind of non-file)."""
    kind = draw(st.sampled_from(["keys", "keys", "keys", "keys", "missing-key", "unknown-key", "bytes", "latin-1",
                                 "utf-16", "empty", "huge", "folder", "fifo", "dev-zero", "no-file", "two-campaigns"]))
    event(f"campaigns file: {kind}")
    table = dict(BASE)
    if kind == "keys":
        for key in draw(st.lists(st.sampled_from(sorted(KEY_VALUES)), min_size=1, max_size=3, unique=True)):
            table[key] = draw(KEY_VALUES[key])
    elif kind == "missing-key":
        del table[draw(st.sampled_from(["name", "first_month"]))]
    elif kind == "unknown-key":
        table[draw(text)] = draw(toml_values)
    body = "[campaigns.c]\n" + "".join(f"{json.dumps(k)} = {toml(v)}\n" for k, v in table.items())
    if kind == "bytes":
        return kind, draw(st.binary(max_size=300))
    if kind == "latin-1":
        return kind, body.replace("Fuzz", "Café").encode("latin-1", "replace")
    if kind == "utf-16":
        return kind, body.encode("utf-16")
    if kind == "empty":
        return kind, b""
    if kind == "huge":
        return kind, (body + "#" + "x" * 2_000_000 + "\n").encode()
    if kind == "two-campaigns":
        return kind, (body + body.replace("[campaigns.c]", "[campaigns." + draw(st.sampled_from(["c", "d", "../x", "é"]))
                                          + "]")).encode()
    if kind in ("folder", "fifo", "dev-zero", "no-file"):
        return kind, None
    return kind, body.encode("utf-8")


@st.composite
def hostile_database(draw) -> str:
    kind = draw(st.sampled_from(["random", "empty", "text", "folder", "cut-short", "missing", "other-campaign"]))
    event(f"database: {kind}")
    return kind


def _value(draw, param: click.Parameter, hostile: bool) -> str:
    kind = param.type
    if isinstance(kind, click.Choice):
        return draw(st.sampled_from(list(kind.choices)) | text) if hostile else draw(st.sampled_from(list(kind.choices)))
    if isinstance(kind, click.Path):
        return draw(st.sampled_from(SOURCES))
    if kind == click.INT:
        return str(draw(numbers))
    return draw(text) if hostile else draw(st.sampled_from(NASTY_TEXT))


@st.composite
def command_call(draw, hostile: bool = True) -> list[str]:
    """A command of the CLI and its arguments, each option present or not."""
    path, command = draw(st.sampled_from(COMMANDS))
    event(f"command: {' '.join(path)}")
    args: list[str] = []
    if draw(st.integers(0, 9)) == 0:
        args += ["--campaign", draw(st.sampled_from(["c", "demo", "d"]) | text)]
    args += path
    for param in command.params:
        if param.name == "help":
            continue
        if isinstance(param, click.Argument):
            if param.required or draw(st.booleans()):
                args.append(_value(draw, param, hostile))
        elif isinstance(param, click.Option):
            if param.is_flag:
                flags = [*param.opts, *param.secondary_opts]
                if param.required or draw(st.booleans()):
                    args.append(draw(st.sampled_from(flags)))
            elif param.required or draw(st.booleans()):
                args += [draw(st.sampled_from(param.opts)), _value(draw, param, hostile)]
    return args


# -- the runs --------------------------------------------------------------------------------


class Runner:
    """tests/forkrun.py: each command in a real child process, with a timeout."""

    def __init__(self, pythonpath: str) -> None:
        env = {**os.environ, "PYTHONPATH": pythonpath, "ENGARDE_IMAP_PASSWORD": ""}
        env.pop("ENGARDE_CONFIG", None)
        env.pop("ENGARDE_CAMPAIGN", None)
        self.process = subprocess.Popen([sys.executable, str(ROOT / "tests" / "forkrun.py")], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, folder: Path, args: list[str]) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"cwd": str(folder), "args": args, "timeout": TIMEOUT}) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the fork server stopped"
        return json.loads(answer)

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait(timeout=60)


def broken(result: dict) -> str | None:
    """Why a run broke the promise, or None."""
    if result["timed_out"]:
        return f"hung (killed after {TIMEOUT} s)"
    if "Traceback (most recent call last)" in result["output"]:
        return "a Python traceback"
    if result["status"] not in (0, 1, 2):
        return f"exit status {result['status']}"
    return None


def _base(folder: Path) -> Path:
    """The good campaign every example starts from: two men, a month resolved, mail waiting."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaigns.toml").write_text("[campaigns.c]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in BASE.items()))
    shutil.copytree(ROOT / "orders" / "demo", folder / "mail")
    run = cli(folder / "campaigns.toml")
    run("init")
    for name in ("Athos", "Porthos"):
        run("character", "create", name, "--given", "--sl", "8", "--crowns", "300", "--strength", "12",
            "--constitution", "12", "--expertise", "10", "--ma", "3")
    run("turn", "run", "--force")
    return folder


def _folder(base: Path, config: tuple[str, object] | None = None, database: str | None = None) -> Path:
    """A fresh copy of the good campaign, with the files arguments may name, and the hostile
    campaigns file or database put in place."""
    folder = Path(tempfile.mkdtemp(prefix="engarde-fuzz-"))
    shutil.copytree(base, folder, dirs_exist_ok=True)
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "a-folder").mkdir()
    (folder / "templates").mkdir()
    os.mkfifo(folder / "a-fifo")
    if os.geteuid() == 0:
        os.mknod(folder / "a-device", 0o666 | stat.S_IFCHR, os.makedev(1, 5))  # what /dev/zero is
    if config is not None:
        kind, content = config
        path = folder / "campaigns.toml"
        path.unlink()
        if kind == "folder":
            path.mkdir()
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "dev-zero":
            # the example's own device as root (a command writing there wrongly harms nothing else)
            path.symlink_to(folder / "a-device" if os.geteuid() == 0 else "/dev/zero")
        elif content is not None:
            path.write_bytes(content)  # type: ignore[arg-type]
    if database is not None:
        db = folder / "c.sqlite"
        good = db.read_bytes()
        db.unlink()
        if database == "random":
            db.write_bytes(os.urandom(len(good)))
        elif database == "empty":
            db.write_bytes(b"")
        elif database == "text":
            db.write_text("Porthos owes me fifty crowns.\n" * 200)
        elif database == "folder":
            db.mkdir()
        elif database == "cut-short":
            db.write_bytes(good[: len(good) // 2])
        elif database == "other-campaign":
            db.write_bytes(good)
            (folder / "campaigns.toml").write_text((folder / "campaigns.toml").read_text().replace(
                "[campaigns.c]", "[campaigns.d]"))
    return folder


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return _base(tmp_path_factory.mktemp("fuzz-base") / "campaign")


@pytest.fixture(scope="module")
def runner():
    runner = Runner(os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    yield runner
    runner.close()


def _check(runner: Runner, base: Path, args: list[str], **hostile: object) -> None:
    folder = _folder(base, **hostile)  # type: ignore[arg-type]
    try:
        result = runner.run(folder, ["--config", "campaigns.toml", *args])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    why = broken(result)
    assert why is None, f"engarde {' '.join(args)} with {hostile or 'a good campaign'}: {why}\n{result['output'][-3000:]}"


FUZZ = settings(max_examples=250, deadline=dt.timedelta(seconds=2 * TIMEOUT), derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])


@FUZZ
@given(config=hostile_config(), call=command_call(hostile=False))
def test_every_command_survives_a_hostile_campaigns_file(runner, base, config, call):
    _check(runner, base, call, config=config)


@settings(FUZZ, max_examples=100)
@given(database=hostile_database(), call=command_call(hostile=False))
def test_every_command_survives_a_hostile_database(runner, base, database, call):
    _check(runner, base, call, database=database)


@FUZZ
@given(call=command_call(hostile=True))
def test_every_command_survives_hostile_arguments(runner, base, call):
    _check(runner, base, call)


# -- the survey (python tests/test_fuzz_cli.py N) ---------------------------------------------------


def survey(count: int) -> None:
    """Draw ``count`` inputs of each kind the way the tests do, run each, and count what broke."""
    work = Path(tempfile.mkdtemp(prefix="engarde-survey-"))
    base_folder = _base(work / "base")
    runner = Runner(os.environ.get("PYTHONPATH", ""))
    tally: dict[str, list[str]] = {"config": [], "database": [], "arguments": []}
    tried = {"config": 0, "database": 0, "arguments": 0}

    def record(kind: str, args: list[str], **hostile: object) -> None:
        folder = _folder(base_folder, **hostile)  # type: ignore[arg-type]
        result = runner.run(folder, ["--config", "campaigns.toml", *args])
        shutil.rmtree(folder, ignore_errors=True)
        tried[kind] += 1
        why = broken(result)
        if why:
            last = result["output"].strip().splitlines()[-1:] or [""]
            tally[kind].append(f"{why}: engarde {' '.join(args)[:80]} {str(hostile)[:120]}: {last[0][:160]}")

    quiet = settings(max_examples=count, deadline=None, database=None, derandomize=True,
                     suppress_health_check=list(HealthCheck))

    @quiet
    @given(config=hostile_config(), call=command_call(hostile=False))
    def configs(config, call):
        record("config", call, config=config)

    @quiet
    @given(database=hostile_database(), call=command_call(hostile=False))
    def databases(database, call):
        record("database", call, database=database)

    @quiet
    @given(call=command_call(hostile=True))
    def arguments(call):
        record("arguments", call)

    for function in (configs, databases, arguments):
        seed(0)(function)()
    runner.close()
    shutil.rmtree(work, ignore_errors=True)
    for kind, problems in tally.items():
        print(f"{kind}: {tried[kind]} tried, {len(problems)} broke")
        for p in problems:
            print(f"  {p}")


if __name__ == "__main__":
    survey(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
