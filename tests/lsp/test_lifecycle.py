"""The server's life as a raw stdio peer sees it: exit codes, closed input, garbage on stdin, and
nothing on stdout but the protocol."""

from __future__ import annotations

import json
import subprocess
import threading

from lsp_support import SERVER
from support import BD4, DECKS


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _messages(data: bytes) -> list[dict]:
    found = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        assert head.startswith(b"Content-Length: "), data[:80]
        size = int(head.split(b"\r\n")[0].split(b": ")[1])
        found.append(json.loads(rest[:size]))
        data = rest[size:]
    return found


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}}
SHUTDOWN = {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}
EXIT = {"jsonrpc": "2.0", "method": "exit"}
HOVER_UNKNOWN = {
    "jsonrpc": "2.0",
    "id": 3,
    "method": "textDocument/hover",
    "params": {"textDocument": {"uri": "file:///nowhere/deck.txt"}, "position": {"line": 9, "character": 99}},
}


def _run(*messages: dict | bytes) -> subprocess.CompletedProcess:
    data = b"".join(m if isinstance(m, bytes) else _frame(m) for m in messages)
    return subprocess.run(SERVER, input=data, capture_output=True, timeout=60)


def test_exit_after_shutdown_is_0_and_without_it_1():
    done = _run(INITIALIZE, {"jsonrpc": "2.0", "method": "initialized", "params": {}}, SHUTDOWN, EXIT)
    assert done.returncode == 0, done.stderr
    answers = _messages(done.stdout)
    assert answers[0]["id"] == 1 and answers[0]["result"]["capabilities"]["positionEncoding"] == "utf-16"
    assert _run(INITIALIZE, EXIT).returncode == 1


def test_garbage_on_stdin_is_survived_and_answers_still_come():
    done = _run(
        b"hello\r\n\r\n\x00\xff garbage\r\n",
        b"Content-Length: 5\r\n\r\n{{{{{",
        INITIALIZE,
        HOVER_UNKNOWN,
        SHUTDOWN,
        EXIT,
    )
    assert done.returncode == 0
    answers = {m.get("id"): m for m in _messages(done.stdout) if "id" in m}
    assert {1, 2, 3} <= set(answers)
    assert b"Traceback" not in done.stderr


def _read_message(stream) -> dict:
    size = 0
    while (header := stream.readline()) not in (b"\r\n", b""):
        if header.lower().startswith(b"content-length:"):
            size = int(header.split(b":")[1])
    return json.loads(stream.read(size))


def test_twenty_changes_at_once_are_one_publish_for_the_last_version(tmp_path):
    uri = (tmp_path / "deck.txt").as_uri()
    text = (DECKS / BD4).read_text(encoding="utf-8")
    opened = {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}}
    start = {"line": 0, "character": 0}
    changes = [
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": start, "end": start}, "text": "#"}],
            },
        }
        for version in range(2, 22)
    ]
    burst = [INITIALIZE, {"jsonrpc": "2.0", "method": "initialized", "params": {}}]
    burst += [{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": opened}, *changes]
    server = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    deadline = threading.Timer(60, server.kill)  # a server that never publishes ends the wait (and fails)
    deadline.start()
    try:
        server.stdin.write(b"".join(_frame(m) for m in burst))  # one write: all of it is waiting at once
        server.stdin.flush()
        published = []
        while not published or published[-1] != 21:
            message = _read_message(server.stdout)
            if message.get("method") == "textDocument/publishDiagnostics":
                published.append(message["params"]["version"])
        server.stdin.write(_frame(HOVER_UNKNOWN) + _frame(SHUTDOWN) + _frame(EXIT))
        server.stdin.close()
        rest = _messages(server.stdout.read())
        assert server.wait(timeout=60) == 0
    finally:
        deadline.cancel()
        if server.poll() is None:
            server.kill()
    published += [m["params"]["version"] for m in rest if m.get("method") == "textDocument/publishDiagnostics"]
    # Coalesced: the last publish is the last version and none goes back. On a loaded machine the
    # server may read the burst in two pieces and publish once for each (seen in CI: [20, 21]).
    assert published[-1] == 21 and published == sorted(set(published)) and len(published) <= 3, published


def test_the_initialize_answer_does_not_wait_for_the_card_pool(tmp_path):
    """Data that cannot be loaded (a folder without index.tsv) does not touch the initialize answer:
    the pool is loaded later, for the first check (which then says what is wrong)."""
    broken = tmp_path / "cards"
    broken.mkdir()
    (broken / "cards.jsonl").write_text("{not json\n", encoding="utf-8")
    initialize = {**INITIALIZE, "params": {**INITIALIZE["params"], "initializationOptions": {"dataDir": str(broken)}}}
    done = _run(initialize, SHUTDOWN, EXIT)
    answers = {m.get("id"): m for m in _messages(done.stdout)}
    assert "result" in answers[1] and "capabilities" in answers[1]["result"]
    assert done.returncode == 0


def test_a_closed_document_has_its_published_problems_cleared(tmp_path):
    """A client that is pushed diagnostics keeps a closed document's until the server sends none."""
    uri = (tmp_path / "deck.txt").as_uri()
    text = (DECKS / BD4).read_text(encoding="utf-8") + "\n1 ボルシャック・ドラゴソ\n"  # DP100, DP001
    opened = {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}}
    start = [INITIALIZE, {"jsonrpc": "2.0", "method": "initialized", "params": {}}]
    start.append({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": opened})
    server = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    deadline = threading.Timer(60, server.kill)  # a server that never publishes ends the wait (and fails)
    deadline.start()
    try:
        server.stdin.write(b"".join(_frame(m) for m in start))
        server.stdin.flush()
        while (message := _read_message(server.stdout)).get("method") != "textDocument/publishDiagnostics":
            pass
        assert message["params"]["uri"] == uri and message["params"]["diagnostics"]
        closed = {"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}}
        server.stdin.write(_frame(closed) + _frame(SHUTDOWN) + _frame(EXIT))
        server.stdin.close()
        rest = _messages(server.stdout.read())
        assert server.wait(timeout=60) == 0
    finally:
        deadline.cancel()
        if server.poll() is None:
            server.kill()
    published = [m["params"] for m in rest if m.get("method") == "textDocument/publishDiagnostics"]
    assert published and published[-1]["uri"] == uri and published[-1]["diagnostics"] == []
