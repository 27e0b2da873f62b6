"""Bad JSON-RPC through the real binary's stdin/stdout: each test is one row of docs/bad-inputs.md.

After every bad message the server must still answer the next valid request correctly; the stream
cases (a header without a body, stdin closed in the middle of a message) must end the process with
the spec's exit code instead of hanging. The in-process twins of these tests are in
Tests/LanguageServerTests/BadMessageTests.swift.
"""
import os
import pathlib
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lsp"))
from lsp_support import BINARY  # noqa: E402
from rpc import RawServer  # noqa: E402

TUTORIAL = "# T\n\n## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n\n## Step 2\n\n```swift file=A.swift\nlet a = 2\n```\n"
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
SERVER_NOT_INITIALIZED, REQUEST_CANCELLED = -32002, -32800


@pytest.fixture
def server():
    raw = RawServer(BINARY)
    yield raw
    raw.close()


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def code(message: dict):
    return message.get("error", {}).get("code")


def null_id_errors(server) -> list:
    return [code(m) for m in server.responses() if m.get("id") is None and "error" in m]


def wait_null_id_errors(server, count: int, timeout: float = 20) -> list:
    deadline = time.monotonic() + timeout
    while len(null_id_errors(server)) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    return null_id_errors(server)


_opened = [0]


def assert_still_serving(server):
    """A document opened now is outlined correctly: the server is alive and answering right."""
    _opened[0] += 1
    uri = f"file:///still-serving-{_opened[0]}.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": TUTORIAL}})
    symbols = server.response(server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))["result"]
    assert len(symbols) == 1 and len(symbols[0]["children"]) == 2, symbols


def rss_mb(server) -> float:
    for line in pathlib.Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def test_content_length_missing(server):
    server.initialize()
    server.send_bytes(b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}")
    assert wait_null_id_errors(server, 1) == [PARSE_ERROR]
    assert_still_serving(server)


def test_content_length_too_small(server):
    server.initialize()
    body = b'{"jsonrpc":"2.0","id":50,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///x.md"}}}'
    server.send_bytes(b"Content-Length: 20\r\n\r\n" + body)
    assert PARSE_ERROR in wait_null_id_errors(server, 1)
    assert_still_serving(server)


def test_content_length_too_large_swallows_the_next_message_only(server):
    server.initialize()
    server.send_bytes(b"Content-Length: 40\r\n\r\n" + b'{"jsonrpc":"2.0","method":"initialized"}'[:30])
    lost = server.request("textDocument/documentSymbol", {"textDocument": {"uri": "file:///lost.md"}})
    assert wait_null_id_errors(server, 1)[0] == PARSE_ERROR
    assert_still_serving(server)
    assert all(m.get("id") != lost for m in server.responses()), "the swallowed request cannot be answered"


def test_declared_length_over_the_limit_is_refused_and_skipped(server):
    server.initialize()
    server.send_bytes(b"Content-Length: 99999999999\r\n\r\n")
    assert wait_null_id_errors(server, 1) == [PARSE_ERROR]
    server.process.stdin.close()
    assert server.exit_code(timeout=20) == 1, "the rest of the stream is discarded, then the end of input ends the server"


def test_header_with_no_body_then_end_of_input(server):
    server.initialize()
    server.send_bytes(b"Content-Length: 120\r\n\r\n")
    server.process.stdin.close()
    assert server.exit_code(timeout=20) == 1


def test_stdin_closed_in_the_middle_of_a_message(server):
    server.initialize()
    server.send_bytes(b'Content-Length: 200\r\n\r\n{"jsonrpc":"2.0","id":3,"method":"textDoc')
    server.process.stdin.close()
    assert server.exit_code(timeout=20) == 1
    assert PARSE_ERROR in null_id_errors(server), "the cut message is reported before the server ends"


def test_body_that_is_not_json(server):
    server.initialize()
    server.send_bytes(frame(b"{this is not json") + frame(b"\xff\xfe\x00garbage"))
    assert wait_null_id_errors(server, 2) == [PARSE_ERROR, PARSE_ERROR]
    assert_still_serving(server)


def test_json_that_is_not_an_object(server):
    server.initialize()
    for body in (b"[1,2,3]", b"42", b'"text"', b"null"):
        server.send_bytes(frame(body))
    assert wait_null_id_errors(server, 4) == [INVALID_REQUEST] * 4
    assert_still_serving(server)


def test_unknown_method_request_and_notification(server):
    server.initialize()
    server.notify("tutorialCheck/noSuchNotification", {})
    assert code(server.response(server.request("tutorialCheck/noSuchRequest", {}))) == METHOD_NOT_FOUND
    assert_still_serving(server)
    assert null_id_errors(server) == [], "a notification is never answered"


def test_request_before_initialize(server):
    assert code(server.response(server.request("textDocument/documentSymbol", {"textDocument": {"uri": "file:///a.md"}}))) == SERVER_NOT_INITIALIZED
    server.initialize()
    assert_still_serving(server)


def test_params_of_the_wrong_types(server):
    server.initialize()
    first = server.request("textDocument/documentSymbol", {"textDocument": {"uri": 5}})
    second = server.request("textDocument/hover", {"textDocument": {"uri": "file:///a.md"}, "position": {"line": "one", "character": 0}})
    third = server.request("textDocument/foldingRange", [1, 2])
    assert [code(server.response(i)) for i in (first, second, third)] == [INVALID_PARAMS] * 3
    assert_still_serving(server)


def test_did_change_for_a_document_never_opened(server):
    server.initialize()
    server.notify("textDocument/didChange", {"textDocument": {"uri": "file:///never.md", "version": 2}, "contentChanges": [{"text": "x"}]})
    server.wait_for(lambda m: m.get("method") == "window/logMessage" and "not open" in m["params"]["message"])
    assert_still_serving(server)


def test_version_going_backwards(server):
    server.initialize()
    uri = "file:///backwards.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 9, "text": TUTORIAL}})
    for version, title, steps in ((4, "Other", 3), (4, "Third", 1)):
        text = f"# {title}\n\n" + "".join(f"## Step {n}\n\n" for n in range(1, steps + 1))
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
        symbols = server.response(server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))["result"]
        assert symbols[0]["name"] == title and len(symbols[0]["children"]) == steps, symbols


def test_range_outside_the_document(server):
    server.initialize()
    uri = "file:///clamped.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": "# T\n"}})
    far = {"line": 10000, "character": 10000}
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"range": {"start": far, "end": far}, "text": "\n## Step 1\n"}]})
    symbols = server.response(server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))["result"]
    assert symbols[0]["name"] == "T" and symbols[0]["children"][0]["name"] == "Step 1", symbols


def test_exit_without_shutdown(server):
    server.initialize()
    server.notify("exit")
    assert server.exit_code() == 1


def test_ten_thousand_requests_in_a_burst(server):
    server.initialize()
    uri = "file:///burst.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": TUTORIAL}})
    messages = []
    ids = []
    for index in range(10000):
        request_id = 100000 + index
        ids.append(request_id)
        method = "textDocument/foldingRange" if index % 2 else "textDocument/documentSymbol"
        messages.append(frame(('{"jsonrpc":"2.0","id":%d,"method":"%s","params":{"textDocument":{"uri":"%s"}}}' % (request_id, method, uri)).encode()))
    server.send_bytes(b"".join(messages))
    server.response(ids[-1], timeout=120)
    answered = [m["id"] for m in server.responses() if isinstance(m.get("id"), int) and m["id"] >= 100000]
    assert answered == ids, "every request answered once, in order"
    assert all("result" in m for m in server.responses() if m.get("id") in set(ids))
    assert rss_mb(server) < 1024


def test_cancellation_of_every_request(server):
    server.initialize()
    uri = "file:///cancel.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": TUTORIAL}})
    ids = []
    for _ in range(300):
        ids.append(server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))
        server.notify("$/cancelRequest", {"id": ids[-1]})
    server.response(ids[-1], timeout=60)
    responses = [m for m in server.responses() if m.get("id") in set(ids)]
    assert [m["id"] for m in responses] == ids
    assert all(code(m) == REQUEST_CANCELLED or isinstance(m.get("result"), list) for m in responses)
    assert_still_serving(server)


def test_ten_thousand_interleaved_malformed_and_valid_messages(server):
    """The issue's stress test on the wire: half the messages are broken in a way the framer or the
    decoder must catch; every valid request must get its own, correct answer."""
    server.initialize()
    uri = "file:///stress.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": TUTORIAL}})
    broken = [
        frame(b'{"jsonrpc":"2.0","id":'),
        frame(b"[]"),
        frame(b"null"),
        b"Content-Type: nothing\r\n\r\n",
        frame(b'{"jsonrpc":"2.0","id":{"o":1},"method":"textDocument/documentSymbol"}'),
        frame(b'{"jsonrpc":"2.0","id":"p","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":false}}}'),
        frame(b'{"jsonrpc":"2.0","id":"m","method":"no/such/method"}'),
        frame(b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nope.md","version":1},"contentChanges":[]}}'),
        frame(b"\xc3\x28 not utf-8"),
    ]
    chunks, valid = [], []
    for index in range(10000):
        if index % 2 == 0:
            request_id = 200000 + index
            valid.append(request_id)
            chunks.append(frame(('{"jsonrpc":"2.0","id":%d,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"%s"}}}' % (request_id, uri)).encode()))
        else:
            chunks.append(broken[index % len(broken)])
    stream = b"".join(chunks)
    for start in range(0, len(stream), 65536):  # a client writing in pipe-sized pieces
        server.send_bytes(stream[start:start + 65536])
    server.response(valid[-1], timeout=180)
    by_id = {m["id"]: m for m in server.responses() if isinstance(m.get("id"), int)}
    for request_id in valid:
        result = by_id[request_id].get("result")
        assert isinstance(result, list) and len(result[0]["children"]) == 2, (request_id, by_id[request_id])
    assert_still_serving(server)
    assert rss_mb(server) < 1024
