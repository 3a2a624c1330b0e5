"""Two engarde commands made to meet: one held at a named point (engarde.pause), the other run
against it.  The held one is a real process (the real CLI), so it can be killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from engarde.pause import marker

ROOT = Path(__file__).parent.parent
PATIENCE = 60.0  # a command that has not reached its point or finished by then has hung


class Command:
    """``engarde --config CONFIG ARGS`` in a subprocess; ``pause``/``mark`` name engarde.pause points."""

    def __init__(self, config: Path, *args: str, pause: str = "", mark: str = "", env: dict[str, str] | None = None):
        self.folder = config.parent
        self.pause = pause
        self.mark = mark
        environ = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
                       ENGARDE_TEST_PAUSE=pause, ENGARDE_TEST_MARK=mark, ENGARDE_TEST_PAUSE_DIR=str(self.folder),
                       **(env or {}))
        self.process = subprocess.Popen([sys.executable, "-m", "engarde.cli", "--config", str(config), *args],
                                        cwd=self.folder, env=environ, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)

    def _wait_for(self, path: Path) -> None:
        until = time.monotonic() + PATIENCE
        while not path.exists():
            if self.process.poll() is not None:
                out, err = self.process.communicate()
                raise AssertionError(f"the command ended (status {self.process.returncode}) before {path.name}:\n"
                                     f"{out}{err}")
            assert time.monotonic() < until, f"{path.name} not reached within {PATIENCE:.0f} s"
            time.sleep(0.02)

    def paused(self) -> "Command":
        """Wait until it holds at its pause point."""
        self._wait_for(marker(self.folder, self.pause, "paused"))
        return self

    def reached(self) -> "Command":
        """Wait until it has passed its marked point (e.g. it is waiting for the lock)."""
        self._wait_for(marker(self.folder, self.mark, "reached"))
        return self

    def release(self) -> "Command":
        marker(self.folder, self.pause, "release").write_text("go")
        return self

    def finish(self) -> tuple[int, str, str]:
        """Its exit status, output and error output."""
        out, err = self.process.communicate(timeout=PATIENCE)
        return self.process.returncode, out, err

    def kill(self) -> None:
        """SIGKILL: nothing of it runs after this, not even a finally."""
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate(timeout=PATIENCE)
        assert self.process.returncode == -signal.SIGKILL
