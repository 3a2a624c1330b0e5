"""The installed package is the product (issue 17): the wheel, built from the source and
installed into a fresh virtual environment, runs a GM's first campaign in an empty folder
with nothing of the repository at hand: init, three characters, a sheet ingested, a month
resolved, the gazette written; and the demo, from the data the wheel carries.

The fresh environment gets engarde from the wheel alone; its dependencies (SQLModel,
WeasyPrint...) are borrowed from the test's own environment by a path file, so the test needs
no network.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from engarde import __version__

ROOT = Path(__file__).parent.parent
SOURCE = ["pyproject.toml", "README.md", "LICENSE", "engarde"]


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> str:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path, dict[str, str]]:
    """The wheel, a fresh virtual environment it is installed in, and the environment to run it in."""
    work = tmp_path_factory.mktemp("package")
    source = work / "source"
    source.mkdir()
    for name in SOURCE:  # a copy, so the build leaves nothing in the checkout
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, source / name)
    if importlib.util.find_spec("setuptools") is None:
        pytest.skip("setuptools is not installed in the test environment (pip install -e '.[test]')")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w", work / "dist", source,
        cwd=work)
    [wheel] = (work / "dist").glob("engarde-*.whl")
    fresh = work / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", fresh, cwd=work)
    python = fresh / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "--quiet", wheel, cwd=work)
    purelib = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=work).strip())
    # The dependencies, borrowed; the test environment's own engarde (an editable install) is
    # not among them: a path file adds the folder, not the .pth files in it.
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "_engarde_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    env = {"PATH": f"{fresh / 'bin'}:/usr/bin:/bin", "HOME": str(work), "LANG": "C.UTF-8"}
    return wheel, fresh, env


def test_the_wheel_carries_templates_demo_data_migrations_and_licence(installed):
    wheel, _, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("engarde/templates/gazette.html.j2", "engarde/rules/duel/templates/events.html.j2",
                   "engarde/data/demo/campaigns.toml", "engarde/data/demo/orders/porthos.eml",
                   "engarde/data/demo_roster.toml", "engarde/migrations/script.py.mako",
                   "engarde/migrations/versions/0001_baseline.py", "engarde/__main__.py"):
        assert needed in names, needed
    assert any(n.endswith("licenses/LICENSE") for n in names)
    assert wheel.name == f"engarde-{__version__}-py3-none-any.whl"


def test_a_first_campaign_from_the_installed_command(installed, tmp_path):
    _, fresh, env = installed
    gm = tmp_path / "gm"
    gm.mkdir()
    engarde = fresh / "bin" / "engarde"
    where = run(fresh / "bin" / "python", "-c", "import engarde; print(engarde.__file__)", cwd=gm, env=env)
    assert where.startswith(str(fresh)), where
    assert run(engarde, "--version", cwd=gm, env=env).strip() == f"engarde, version {__version__}"
    assert "Usage: engarde" in run(fresh / "bin" / "python", "-m", "engarde", "--help", cwd=gm, env=env)
    run(engarde, "init", "--name", "The First Campaign", "--deadlines", "the last Friday of every month at 18:00",
        cwd=gm, env=env)
    passwords = {}
    for name in ("Rodney Bergerac", "Jacques Lefevre", "Henri Dupont"):
        out = run(engarde, "character", "create", name, "--player", name.split()[0],
                  "--email", f"{name.split()[0].lower()}@example.org", cwd=gm, env=env)
        passwords[name] = re.search(rf"Order password of {name}: (\S+)", out)[1]
    (gm / "orders" / "rodney.txt").write_text(
        f"Character: Rodney Bergerac\nPassword: {passwords['Rodney Bergerac']}\n"
        "Week 1: practise the rapier\nWeek 2: rest\nWeek 3: rest\nWeek 4: rest\n")
    assert "1 accepted" in run(engarde, "orders", "ingest", cwd=gm, env=env)
    run(engarde, "turn", "run", "--force", cwd=gm, env=env)
    run(engarde, "gazette", cwd=gm, env=env)
    assert (gm / "newsletters" / "first-campaign" / "1607-04.html").exists()
    assert "agree with their ledgers" in run(engarde, "audit", cwd=gm, env=env)


def test_the_demo_from_the_installed_command(installed, tmp_path):
    _, fresh, env = installed
    out = run(fresh / "bin" / "engarde", "demo", "--no-pdf", cwd=tmp_path, env=env)
    assert "The demo campaign is in demo/" in out
    assert (tmp_path / "demo" / "newsletters" / "demo" / "1607-04.html").exists()
    assert len(list((tmp_path / "demo" / "newsletters" / "demo" / "reports" / "1607-04").iterdir())) == 7
