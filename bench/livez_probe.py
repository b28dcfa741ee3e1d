"""Time ``GET /livez`` on one keep-alive connection every 10 ms until SIGTERM; print the times.

Started by ``bench/webhook_throughput.py`` as a process of its own (standard library only, so it
starts in a few milliseconds of CPU): a probe running in the load generator's event loop would
count the generator's own delays (sending 200 updates a second, the fake Bot API answering them)
as the server's. Mostly asleep, it is scheduled as soon as it wakes. It writes ``ready`` after
its first answer, then, once stopped, one JSON line: the response times in seconds.

    python bench/livez_probe.py PORT [EVERY_S]
"""

from __future__ import annotations

import http.client
import json
import signal
import sys
import time

TIMEOUT_S = 30.0


def probe(port: int, every_s: float) -> list[float]:
    """Probe until SIGTERM; return the response times."""
    stopping: list[bool] = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT_S)
    times: list[float] = []
    while not stopping:
        started = time.perf_counter()
        connection.request("GET", "/livez")
        with connection.getresponse() as response:
            response.read()
        times.append(time.perf_counter() - started)
        if len(times) == 1:
            print("ready", flush=True)
        time.sleep(every_s)
    connection.close()
    return times


def main() -> int:
    """Probe the port given, print the times as one JSON line."""
    port = int(sys.argv[1])
    every_s = float(sys.argv[2]) if len(sys.argv) > 2 else 0.01
    print(json.dumps(probe(port, every_s)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
