"""Peak resident memory of a command and every process it starts, summed (Linux, /proc).

    python benchmarks/peak_memory.py -- tabletop simulate volfyirion -n 100000 --bots random,random --workers 2 --out /tmp/s

The process tree is sampled every ``--every`` seconds; the figure is the largest sum of
the resident set sizes seen at one sample (a short spike between samples can be missed).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path


def tree_rss(root: int) -> int:
    """Resident bytes of ``root`` and its descendants right now."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    page = 4096
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            statm = (d / "statm").read_text().split()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        pid = int(d.name)
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(statm[1]) * page
    total, todo = 0, [root]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo.extend(children.get(p, ()))
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=0.25, help="seconds between samples")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, tree_rss(proc.pid))
        time.sleep(args.every)
    print(f"peak RSS {peak / 2**20:.0f} MiB over the process tree, {time.perf_counter() - t0:.0f} s wall, exit {proc.returncode}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
