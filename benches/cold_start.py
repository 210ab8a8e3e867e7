#!/usr/bin/env python3
"""Cold start of the archie binary: median wall time and peak RSS over N runs.

Usage: cargo build --release && python3 benches/cold_start.py [N] [-- ARGS...]
Default: 20 runs of `$CARGO_TARGET_DIR/release/archie echo hi` (default target/; ARCHIE_BIN
overrides the binary) in a fresh temporary folder.
Wall time is timed from spawn to exit. Peak RSS is read by GNU time (/usr/bin/time -f %M):
a child's own rusage is useless here, because Linux counts the forking Python process's
memory in the child's high-water mark until exec.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
binary = os.environ.get("ARCHIE_BIN", os.path.join(target, "release", "archie"))
args = sys.argv[1:]
runs = 20
if args and args[0].isdigit():
    runs = int(args.pop(0))
if args and args[0] == "--":
    args.pop(0)
cmd = [binary] + (args or ["echo", "hi"])

walls, rss = [], []
with tempfile.TemporaryDirectory() as cwd:
    for _ in range(runs):
        start = time.perf_counter()
        status = subprocess.call(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append((time.perf_counter() - start) * 1000)
        if status != 0:
            sys.exit(f"{' '.join(cmd)} failed with exit code {status}")
        out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, cwd=cwd,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        rss.append(int(out.stderr.strip().splitlines()[-1]) / 1024)  # KiB -> MiB

print(f"command: {' '.join(cmd)}  ({runs} runs)")
print(f"wall ms: median {statistics.median(walls):.2f}  min {min(walls):.2f}  max {max(walls):.2f}")
print(f"peak RSS MiB: median {statistics.median(rss):.1f}  max {max(rss):.1f}")
