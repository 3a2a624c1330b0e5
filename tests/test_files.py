"""Every file engarde writes is whole or absent, whatever kills the command (engarde.files)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engarde import files
from engarde.errors import CampaignError
from helpers import resolved_campaign

ROOT = Path(__file__).parent.parent
OLD = b"the good file of an earlier run\n"


def _published_campaign(folder: Path) -> Path:
    """A campaign with two men and a resolved month.  Its own templates print no text in the PDF
    (so no font is subset: each PDF takes a moment, not a second); the file writing is the same
    for any template."""
    templates = folder / "templates"
    templates.mkdir()
    (templates / "gazette.html.j2").write_text(
        "<html><body><!-- {{ campaign.newspaper }}, {{ month }}: {% for ch in characters %}{{ ch.name }} "
        "{{ ch.social_level }} {% endfor %}--><div style='height:1cm;background:black'></div></body></html>\n")
    (templates / "report.html.j2").write_text(
        "<html><body><!-- {{ character.name }}, {{ month }}: {{ character.crowns }} crowns -->"
        "<div style='height:1cm;background:black'></div></body></html>\n")
    config = resolved_campaign(folder, "kill", templates="templates", newsletters="news")
    return config


class KillServer:
    """tests/killpoints.py: the command run in a child killed at its K-th file step."""

    def __init__(self, folder: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
        self.process = subprocess.Popen([sys.executable, str(ROOT / "tests" / "killpoints.py"), *args],
                                        cwd=folder, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        assert self.process.stdout
        self.ready = self.process.stdout.readline().strip()

    def run(self, kill_at: int) -> str:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{kill_at}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        assert answer, "the kill server stopped"
        return answer

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait(timeout=30)


def _complete(path: Path, reference: bytes) -> bool:
    data = path.read_bytes()
    if path.suffix == ".pdf":  # WeasyPrint's bytes differ from run to run; a whole PDF ends so
        return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    return data == reference


def test_a_gazette_killed_at_any_step_leaves_each_file_as_it_was_or_whole(tmp_path):
    """The gazette (HTML and PDF) and each report, written by `engarde gazette` in a real process
    killed (SIGKILL) at every file-system step of the command in turn: after each kill every file
    is the good one of the earlier run or the new one whole; a report that did not exist before
    is absent or whole; and the next complete run leaves no temporary file behind."""
    config = _published_campaign(tmp_path)
    news = tmp_path / "news" / "kill"
    targets = [news / "1607-04.html", news / "1607-04.pdf", news / "reports" / "1607-04" / "athos.html"]
    new_report = news / "reports" / "1607-04" / "porthos.html"
    server = KillServer(tmp_path, "--config", str(config), "gazette")
    try:
        assert server.ready == "ready 0", server.ready  # it ran once: the new files, for reference
        reference = {p: p.read_bytes() for p in [*targets, new_report]}
        kills = 0
        for kill_at in range(1, 10_000):
            for p in targets:
                p.write_bytes(OLD)
            new_report.unlink(missing_ok=True)
            answer = server.run(kill_at)
            if answer.startswith("finished"):
                assert answer.startswith("finished 0 "), answer
                break
            assert answer == "killed"
            kills += 1
            for p in targets:
                assert p.read_bytes() == OLD or _complete(p, reference[p]), f"{p.name} after a kill at step {kill_at}"
            assert not new_report.exists() or _complete(new_report, reference[new_report]), kill_at
        else:
            pytest.fail("the command never finished")
    finally:
        server.close()
    assert all(_complete(p, reference[p]) for p in [*targets, new_report])
    assert sorted(p.name for p in news.rglob(".*")) == [], "temporary files left behind"
    # Every file has its steps: opening the temporary file, writing, syncing, renaming.
    assert kills >= 4 * 6, kills
    print(f"{kills} kills tried")


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_file(tmp_path):
    """An error while the new file is being written: the old file stays as it was."""
    path = tmp_path / "gazette.html"
    path.write_bytes(OLD)
    with pytest.raises(RuntimeError):
        with files.replacing(path) as out:
            out.write(b"half a gaz")
            raise RuntimeError("the renderer failed")
    assert path.read_bytes() == OLD
    assert [p.name for p in tmp_path.iterdir()] == ["gazette.html"]


def test_a_new_file_gets_the_usual_mode_and_a_rewritten_one_keeps_its_own(tmp_path):
    """The temporary file is private, but the file it becomes is readable as a plain write's would
    be (a web server serves the gazette), and a file the GM made group-writable stays so."""
    umask = os.umask(0o022)
    try:
        fresh = files.write_text(tmp_path / "fresh.html", "<p>new</p>")
        kept = tmp_path / "kept.html"
        kept.write_text("old")
        kept.chmod(0o664)
        files.write_text(kept, "new")
    finally:
        os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o644
    assert kept.stat().st_mode & 0o777 == 0o664 and kept.read_text() == "new"


def test_a_temporary_file_of_a_dead_process_is_removed_by_the_next_write(tmp_path):
    """SIGKILL leaves its temporary file; the next write of that file removes it (its process is
    gone), and leaves alone another living process's."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    left = tmp_path / f".gazette.html.{dead.stdout.strip()}.abc123.part"
    left.write_bytes(b"half")
    living = tmp_path / f".gazette.html.{os.getppid()}.def456.part"
    living.write_bytes(b"another command's")
    files.write_text(tmp_path / "gazette.html", "whole")
    assert not left.exists() and living.exists()


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_nothing_is_written_over_a_fifo_a_folder_or_a_device(tmp_path, kind):
    """A rename puts the new file in place of whatever had the name: a GM's slip (`engarde
    backup /dev/null`, as root) would have replaced the device itself.  Only a regular file (or
    none) is replaced."""
    path = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        if os.geteuid() != 0:
            pytest.skip("only root may make a device node")
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # what /dev/null is
    before = path.lstat()
    with pytest.raises(CampaignError, match="not a regular file"):
        files.write_bytes(path, b"a backup")
    after = path.lstat()
    assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["target"]


def test_a_link_is_followed_to_the_file_it_names(tmp_path):
    """The GM's link (news/latest.html -> 1607-04.html) keeps being a link; the file it names is
    the one rewritten."""
    (tmp_path / "1607-04.html").write_text("old")
    (tmp_path / "latest.html").symlink_to("1607-04.html")
    files.write_text(tmp_path / "latest.html", "new")
    assert (tmp_path / "latest.html").is_symlink() and (tmp_path / "1607-04.html").read_text() == "new"


def test_many_files_are_written_whole_with_the_leftovers_of_dead_writes_removed(tmp_path):
    """A month's reports are written in one batch (engarde.files.write_many): each file whole,
    in two folders; a dead process's temporary file of one of them removed, a living one's and
    a dead one's of a file not in the batch left alone (the latter is removed when that file is
    written)."""
    reports = tmp_path / "reports"
    reports.mkdir()
    (tmp_path / "gazette.html").write_bytes(OLD)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = dead.stdout.strip()
    left = reports / f".athos.html.{pid}.abc123.part"
    other = reports / f".porthos.html.{pid}.abc123.part"
    living = reports / f".athos.html.{os.getppid()}.def456.part"
    for p in (left, other, living):
        p.write_bytes(b"half")
    written = files.write_many([(tmp_path / "gazette.html", b"the gazette"), (reports / "athos.html", b"Athos"),
                                (reports / "aramis.html", b"Aramis")])
    assert written == [tmp_path / "gazette.html", reports / "athos.html", reports / "aramis.html"]
    assert [p.read_bytes() for p in written] == [b"the gazette", b"Athos", b"Aramis"]
    assert not left.exists() and other.exists() and living.exists()
    assert sorted(p.name for p in tmp_path.glob(".*")) == []


def test_a_batch_that_fails_before_its_renames_leaves_every_old_file(tmp_path):
    """An error while the batch is written (the third file's content is no bytes): the files
    written before it are not put in place either; no temporary file stays."""
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    first.write_bytes(OLD)
    with pytest.raises(TypeError):
        files.write_many([(first, b"new a"), (second, b"new b"), (tmp_path / "c.html", "not bytes")])
    assert first.read_bytes() == OLD and not second.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["a.html"]


def test_a_batch_with_a_folder_among_its_files_writes_nothing(tmp_path):
    """The names are checked before anything is written: a folder where a report should go is
    refused with its name, and the other files of the batch stay as they were."""
    first = tmp_path / "a.html"
    first.write_bytes(OLD)
    (tmp_path / "b.html").mkdir()
    with pytest.raises(CampaignError, match="b.html: not a regular file"):
        files.write_many([(first, b"new a"), (tmp_path / "b.html", b"new b")])
    assert first.read_bytes() == OLD and sorted(p.name for p in tmp_path.iterdir()) == ["a.html", "b.html"]


def test_a_batch_written_in_steps_is_put_in_place_only_when_committed(tmp_path):
    """engarde.files.Batch: the gazette writes its reports while the PDF is still being made. The
    reports are on the disk under temporary names, the old files untouched, until the commit;
    a batch left without committing (the PDF failed) removes them and changes no file."""
    first, second = tmp_path / "a.html", tmp_path / "b.pdf"
    first.write_bytes(OLD)
    with files.Batch() as batch:
        batch.write([(first, b"new a")])
        assert first.read_bytes() == OLD and len(list(tmp_path.glob(".a.html.*.part"))) == 1
    assert first.read_bytes() == OLD and [p.name for p in tmp_path.iterdir()] == ["a.html"]
    with files.Batch() as batch:
        batch.write([(first, b"new a")])
        batch.write([(second, b"the PDF")])
        assert batch.commit() == [first, second]
    assert first.read_bytes() == b"new a" and second.read_bytes() == b"the PDF"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.html", "b.pdf"]
