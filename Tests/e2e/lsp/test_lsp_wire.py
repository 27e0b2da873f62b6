"""The server on the wire: the spec's exit codes, JSON-RPC errors for malformed messages with the server
still serving, cancellation, and a 1 MB tutorial answered in order while edits stream in."""
import time

import pytest

from lsp_support import BINARY, FIXTURES
from rpc import RawServer


@pytest.fixture
def server():
    raw = RawServer(BINARY)
    yield raw
    raw.close()


def error_code(message: dict):
    return message.get("error", {}).get("code")


def test_shutdown_then_exit_is_code_0(server):
    server.initialize()
    assert server.response(server.request("shutdown"))["result"] is None
    server.notify("exit")
    assert server.exit_code() == 0


def test_exit_without_shutdown_is_code_1(server):
    server.initialize()
    server.notify("exit")
    assert server.exit_code() == 1


def test_end_of_input_without_shutdown_is_code_1(server):
    server.initialize()
    server.process.stdin.close()
    assert server.exit_code() == 1


def test_malformed_messages_get_errors_and_the_server_keeps_serving(server):
    early = server.request("textDocument/documentSymbol", {"textDocument": {"uri": "file:///x.md"}})
    assert error_code(server.response(early)) == -32002
    server.initialize()
    server.send_bytes(b"Content-Length: 9\r\n\r\n{not json")
    server.send_bytes(b"Content-Type: text/plain\r\n\r\n")
    server.send_bytes(b'Content-Length: 7\r\n\r\n[1,2,3]')
    unknown = server.request("textDocument/prepareTypeHierarchy", {})
    wrong = server.request("textDocument/hover", {"textDocument": {"uri": 42}, "position": {"line": 0, "character": 0}})
    server.notify("textDocument/didChange", {"textDocument": {"uri": "file:///never-opened.md", "version": 3}, "contentChanges": [{"text": "x"}]})
    server.notify("$/unknownNotification", {})
    assert error_code(server.response(unknown)) == -32601
    assert error_code(server.response(wrong)) == -32602
    null_id_errors = [error_code(m) for m in server.responses() if m.get("id", 0) is None]
    assert null_id_errors == [-32700, -32700, -32600]
    # Still serving: a real request is answered.
    text = (FIXTURES / "delegate-missing.md").read_text()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///t.md", "languageId": "markdown", "version": 1, "text": text}})
    symbols = server.response(server.request("textDocument/documentSymbol", {"textDocument": {"uri": "file:///t.md"}}))
    assert symbols["result"][0]["name"] == "Section 1: Wrap the page view controller"
    warnings = server.wait_for(lambda m: m.get("method") == "window/logMessage" and "not open" in m["params"]["message"])
    assert warnings["params"]["type"] == 2


def test_cancelled_request_is_answered_with_request_cancelled(server):
    server.initialize()
    text = big_tutorial(300_000)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///big.md", "languageId": "markdown", "version": 1, "text": text}})
    pulled = server.request("textDocument/diagnostic", {"textDocument": {"uri": "file:///big.md"}})
    server.notify("$/cancelRequest", {"id": pulled})
    response = server.response(pulled, timeout=60)
    # Cancellation is honoured unless the answer was already on its way.
    assert error_code(response) == -32800 or "result" in response
    after = server.response(server.request("textDocument/foldingRange", {"textDocument": {"uri": "file:///big.md"}}), timeout=60)
    assert after["result"]


def test_step_diff_is_the_diff_commands_json(server, tmp_path):
    import json
    import shutil
    import subprocess

    path = tmp_path / "delegate-missing.md"
    shutil.copy(FIXTURES / "delegate-missing.md", path)
    server.initialize()
    uri = path.resolve().as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": path.read_text()}})
    served = server.response(server.request("tutorialCheck/stepDiff", {"textDocument": {"uri": uri}}))["result"]
    cli = json.loads(subprocess.run([BINARY, "diff", "--format", "json", str(path.resolve())], capture_output=True, text=True, check=True).stdout)
    assert served == cli


def big_tutorial(size: int) -> str:
    """A Markdown tutorial of about `size` bytes: steps that grow two files, as real tutorials do."""
    step = (FIXTURES / "delegate-missing.md").read_text().split("### Step 1", 1)[1].split("### Step 2", 1)[0]
    parts = ["# A long tutorial\n\n## Section 1: Many steps\n\n"]
    number = 0
    while sum(len(p) for p in parts) < size:
        number += 1
        # Each step adds a property, so every state differs from the one before.
        body = step.replace("    var pages: [Page]\n", "    var pages: [Page]\n" + "".join(f"    var extra{k} = {k}\n" for k in range(number % 40)))
        parts.append(f"### Step {number}\n" + body)
    return "".join(parts)


def test_one_megabyte_tutorial_answers_every_request_in_order_while_edits_stream_in(server):
    server.initialize()
    text = big_tutorial(1_000_000)
    assert len(text.encode()) >= 1_000_000
    uri = "file:///big.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
    lines = text.splitlines()
    heading = next(i for i, line in enumerate(lines) if line == "### Step 1")  # above every edit
    ids = []
    started = time.monotonic()
    version = 1
    for round in range(20):
        version += 1
        # An edit inside a code block of a step further down, then the three requests an editor sends.
        line = 20 + (round * 997) % (len(lines) - 40)
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}, "text": "// edit\n"}],
        })
        ids.append(server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": heading, "character": 4}}))
        ids.append(server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))
        ids.append(server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}))
    server.response(ids[-1], timeout=300)
    elapsed = time.monotonic() - started
    order = [m["id"] for m in server.responses() if m.get("id") in set(ids)]
    assert order == ids, "every request answered once, in the order sent"
    for message in server.responses():
        if message.get("id") in set(ids):
            assert "result" in message, message
    hover = next(m for m in server.responses() if m.get("id") == ids[-3])
    assert "```diff" in hover["result"]["contents"]["value"]
    symbols = next(m for m in server.responses() if m.get("id") == ids[-2])
    assert len(symbols["result"][0]["children"]) > 300
    final = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version, timeout=300)
    assert final["params"]["uri"] == uri
    print(f"1 MB tutorial: {len(ids)} requests with 20 edits answered in {elapsed:.2f} s")


def test_a_burst_of_requests_with_garbage_and_cancellations_is_answered_in_order(server):
    server.initialize()
    text = (FIXTURES / "delegate-missing.md").read_text()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///b.md", "languageId": "markdown", "version": 1, "text": text}})
    ids = []
    for index in range(2000):
        if index % 10 == 0:
            server.send_bytes(b"Content-Length: 5\r\n\r\n{bad}")
        ids.append(server.request("textDocument/foldingRange", {"textDocument": {"uri": "file:///b.md"}}))
        if index % 100 == 0:
            server.notify("$/cancelRequest", {"id": ids[-1]})
    server.response(ids[-1], timeout=120)
    answers = [m for m in server.responses() if m.get("id") in set(ids)]
    assert [m["id"] for m in answers] == ids, "each request answered once, in order"
    cancelled = [m["id"] for m in answers if error_code(m) == -32800]
    assert set(cancelled) <= set(ids[::100])
    assert all("result" in m for m in answers if m["id"] not in cancelled)
    assert sum(1 for m in server.responses() if error_code(m) == -32700) == 200
    assert server.response(server.request("shutdown"))["result"] is None
    server.notify("exit")
    assert server.exit_code() == 0
