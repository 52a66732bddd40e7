"""What the language server (``duepa-check lsp``) costs, driven over stdio as an editor drives it.

    python benchmarks/lsp.py                 # 9 rounds, the running interpreter
    python benchmarks/lsp.py --repeat 21     # steadier medians

Medians, as ratios to ``python -c "import typer"`` measured in the same run (the machines these
run on are shared; a ratio moves less than a time): spawn → initialize answer against a process
that only imports pygls' server; didChange → publish for a 60-line deck; hover; completion; open →
publish of a 64 KB document; open → publish of a 1 MB document (once, in seconds); and the server's
resident memory after the run. The targets are in benchmarks/README.md, with the last figures.
Standard library only: the client here is a few lines of JSON-RPC, not pygls.
"""

from __future__ import annotations

import argparse
import json
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "tests" / "fixtures" / "decks" / "DM23-BD4.txt"
AS_OF = "2026-03-16"


class Server:
    """One server process and a thread reading its messages into a queue."""

    def __init__(self, python: str) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [python, "-m", "duepa_check", "lsp", "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        self.messages: queue.Queue = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            size = 0
            while (header := stream.readline()) not in (b"\r\n", b""):
                if header.lower().startswith(b"content-length:"):
                    size = int(header.split(b":")[1])
            if not size:
                return
            self.messages.put((time.perf_counter(), json.loads(stream.read(size))))

    def send(self, method: str, params=None, request: bool = False) -> int | None:
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()
        return message.get("id")

    def wait(self, match, timeout: float = 60.0) -> float:
        """The time the first message ``match`` accepts arrived (answering the server's own requests)."""
        end = time.perf_counter() + timeout
        while True:
            arrived, message = self.messages.get(timeout=max(0.01, end - time.perf_counter()))
            if "id" in message and "method" in message:  # the server asks (configuration, registration)
                answer = [None] if message["method"] == "workspace/configuration" else None
                body = json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": answer}).encode()
                self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
                self.process.stdin.flush()
            if match(message):
                return arrived

    def request(self, method: str, params) -> float:
        """Seconds from sending a request to its answer."""
        sent = time.perf_counter()
        wanted = self.send(method, params, request=True)
        return self.wait(lambda m: m.get("id") == wanted and "method" not in m) - sent

    def resident_mib(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status")
        for line in status.read_text().splitlines() if status.exists() else ():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        self.request("shutdown", None)
        self.send("exit")
        self.process.stdin.close()
        self.process.wait(timeout=30)


def _published(uri: str, version: int):
    return lambda m: (
        m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == uri
        and m["params"].get("version") == version
    )


def _open(server: Server, uri: str, text: str) -> float:
    sent = time.perf_counter()
    item = {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}
    server.send("textDocument/didOpen", {"textDocument": item})
    return server.wait(_published(uri, 1), timeout=120) - sent


def one_round(python: str, folder: Path) -> dict[str, float]:
    """Every figure once, in one server."""
    server = Server(python)
    capabilities = {"general": {"positionEncodings": ["utf-16"]}, "workspace": {"configuration": True}}
    init = {"processId": None, "capabilities": capabilities, "initializationOptions": {"asOf": AS_OF}}
    server.request("initialize", init)
    spawn = time.perf_counter() - server.started
    server.send("initialized", {})
    deck = DECK.read_text(encoding="utf-8")
    uri = (folder / "deck.txt").as_uri()
    figures = {"first_check_s": _open(server, uri, deck)}
    changes = []
    for version in range(2, 12):
        sent = time.perf_counter()
        where = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
        server.send(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"range": where, "text": "#"}]},
        )
        changes.append(server.wait(_published(uri, version)) - sent)
    figures["change"] = statistics.median(changes)
    position = {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 10}}
    figures["hover"] = statistics.median(server.request("textDocument/hover", position) for _ in range(10))
    typing = {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 4}}
    figures["completion"] = statistics.median(server.request("textDocument/completion", typing) for _ in range(10))
    big = (deck * (64 * 1024 // len(deck.encode())))[: 64 * 1024 // 3 * 3]
    figures["document_64kb"] = _open(server, (folder / "big.txt").as_uri(), big)
    figures["resident_mib"] = server.resident_mib()
    server.close()
    figures["spawn"] = spawn
    return figures


def huge_open(python: str, folder: Path) -> float:
    """Seconds from opening a document of just under 1 MB (checked on open, once) to its diagnostics."""
    server = Server(python)
    server.request("initialize", {"processId": None, "capabilities": {}, "initializationOptions": {"asOf": AS_OF}})
    server.send("initialized", {})
    deck = DECK.read_text(encoding="utf-8")
    text = deck * (990_000 // len(deck.encode()))
    seconds = _open(server, (folder / "huge.txt").as_uri(), text)
    server.close()
    return seconds


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    python = args.python
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        typer = [python, "-c", "import typer"]
        pygls = [python, "-c", "import pygls.lsp.server"]
        timed(typer), timed(pygls), one_round(python, folder)  # once untimed: .pyc files, the file cache
        rounds = []
        for _ in range(args.repeat):
            rounds.append({"typer": timed(typer), "pygls": timed(pygls), **one_round(python, folder)})
        huge = huge_open(python, folder)
    median = {key: statistics.median(r[key] for r in rounds) for key in rounds[0]}
    typer_s = median["typer"]
    rows = [
        ("spawn → initialize answer", "spawn", median["pygls"], "× pygls import", 1.5),
        ("didChange → publish (60 lines)", "change", typer_s, "× typer import", 0.3),
        ("hover", "hover", typer_s, "× typer import", 0.1),
        ("completion", "completion", typer_s, "× typer import", 0.1),
        ("open → publish (64 KB)", "document_64kb", typer_s, "× typer import", 1.0),
    ]
    print(
        f"import typer {typer_s * 1000:.0f} ms, import pygls.lsp.server {median['pygls'] * 1000:.0f} ms (medians of "
        f"{args.repeat})"
    )
    for name, key, base, unit, target in rows:
        ratio = median[key] / base
        verdict = "ok" if ratio <= target else "OVER"
        print(f"{name:34} {ratio:7.3f} {unit:16} target ≤ {target:<4} {verdict:4}  ({median[key] * 1000:.1f} ms)")
    print(
        f"{'open → publish (1 MB, once)':34} {huge:6.2f} s                 target ≤ 2 s  "
        f"{'ok' if huge <= 2 else 'OVER'}"
    )
    resident = median["resident_mib"]
    print(
        f"{'resident after the run':34} {resident:6.1f} MiB               target ≤ 100  "
        f"{'ok' if resident <= 100 else 'OVER'}"
    )


if __name__ == "__main__":
    main()
