"""The test processes do not wait for the disk (not a test module): ``os.fsync`` returns at
once in them, as `eatmydata` makes it for a CI job.  A save stays atomic (the temp file
renamed over the game, tests/test_nothing_lost.py), and what a test can see of a file is
the same with or without it: the page cache holds the bytes for every process; only a
power cut between a save and the disk's own write would tell, and no test makes one.
A save's fsync cost the suite about 10,000 waits of ~3 ms, a core idle meanwhile.
tests/test_disk_full.py still makes it fail (monkeypatch over this one)."""

from __future__ import annotations

import os


def _no_wait(fd: int) -> None:
    os.fstat(fd)  # (a closed or wrong descriptor is refused as fsync refuses it)


os.fsync = _no_wait
