"""Helpers of the Ctrl-C tests that signal a child process (Linux: they read /proc)."""

from __future__ import annotations

import os
import subprocess
import time
from typing import Any


def process_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) that process ``pid`` has used so far: the Ctrl-C tests wait
    on it to know that a child's long call is under way."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_cpu(proc: subprocess.Popen[Any], seconds: float, deadline: float) -> None:
    """Wait until the process of ``proc`` has used ``seconds`` more CPU or has exited; fail
    once ``time.monotonic()`` passes ``deadline`` (a hang, not slowness)."""
    start = process_cpu_seconds(proc.pid)
    while proc.poll() is None and process_cpu_seconds(proc.pid) - start < seconds:
        assert time.monotonic() < deadline, f"process {proc.pid} hangs"
        time.sleep(0.005)
