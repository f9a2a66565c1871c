"""Loaded by every Python that ``bench_load.py --profile DIR`` starts (it puts this folder on PYTHONPATH):
in a kernel, every button click the page sends (in the benchmark, a Check) is timed and profiled.

Per kernel, ``DIR/kernel-PID.jsonl`` gets a line a click: ``sent`` (the browser's time on the message),
``start`` (the kernel began handling it: the difference is the way in, through Voilà and the kernel's
queue) and ``ms`` (the kernel's Python time on it: the check, the widgets redrawn, the live region, the
progress saved, the update messages sent). ``DIR/kernel-PID.prof`` holds cProfile's statistics of those
clicks alone. Any other Python (the server, the browser's helpers) is left alone.
"""

from __future__ import annotations

import os


def _in_kernel() -> bool:
    try:
        with open("/proc/self/cmdline", "rb") as cmdline:
            return b"ipykernel" in cmdline.read()
    except OSError:
        return False


def _install(folder: str) -> None:
    import cProfile
    import datetime
    import json
    import time

    from comm import base_comm

    original = base_comm.CommManager.comm_msg
    profile = cProfile.Profile()
    stem = os.path.join(folder, f"kernel-{os.getpid()}")

    def comm_msg(self, stream, ident, msg):        # noqa: ANN001, ANN202 (the kernel's own signature)
        data = msg.get("content", {}).get("data") or {}
        click = data.get("method") == "custom" and (data.get("content") or {}).get("event") == "click"
        if not click:
            return original(self, stream, ident, msg)
        start, began = time.time(), time.perf_counter()
        profile.enable()
        try:
            return original(self, stream, ident, msg)
        finally:
            profile.disable()
            spent = (time.perf_counter() - began) * 1000
            sent = msg.get("header", {}).get("date")
            if isinstance(sent, str):
                sent = datetime.datetime.fromisoformat(sent.replace("Z", "+00:00"))
            with open(stem + ".jsonl", "a", encoding="utf-8") as out:
                out.write(json.dumps({"sent": sent.timestamp() if sent else None, "start": start, "ms": spent}) + "\n")
            profile.dump_stats(stem + ".prof")

    base_comm.CommManager.comm_msg = comm_msg


if os.environ.get("BENCH_KERNEL_PROFILE") and _in_kernel():
    _install(os.environ["BENCH_KERNEL_PROFILE"])
