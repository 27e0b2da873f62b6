"""A client that stops reading: the server must neither grow without bound nor lose or reorder replies.

The client pauses reading for 10 s while it sends 1,000 edits (and a request every tenth edit) to a
document with 600 findings, so every analysis produces a large publishDiagnostics. Only the newest
diagnostics of a document matter, so the server coalesces them; replies are all kept, in order."""
import json
import threading
import time

from lsp_support import BINARY
from rpc import RawServer


class PausableServer(RawServer):
    """RawServer whose reader thread stops reading the server's stdout while `paused` is set."""

    def __init__(self, binary: str):
        self.reading = threading.Event()
        self.reading.set()
        super().__init__(binary)

    def _read(self):
        while True:
            self.reading.wait()
            if not self._read_message():
                return

    def peak_rss_megabytes(self) -> float:
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        raise AssertionError("no VmHWM")


def many_findings(steps: int) -> str:
    """A tutorial of `steps` steps, each a new file with two problems (600 findings for 300 steps)."""
    parts = ["# Many findings\n\n## Section 1: Steps\n\n"]
    for n in range(1, steps + 1):
        parts.append(
            f"### Step {n}\n\nCreate File{n}.swift.\n\n```swift file=File{n}.swift\nimport SwiftUI\n\n"
            f"struct Page{n}: UIViewRepresentable {{\n    func makeUIView(context: Context) -> UIView {{\n        UIView()\n    }}\n\n"
            f"    func updateUIView(_ view: UIView, context: Context) {{\n        view.delegate = context.coordinator\n    }}\n}}\n```\n\n"
        )
    return "".join(parts)


def test_a_client_that_pauses_reading_for_10_s_during_1000_edits_gets_every_reply_once_in_order():
    server = PausableServer(BINARY)
    try:
        server.initialize()
        # Ten documents edited in turn: each is re-analysed between two of its edits, so most edits
        # produce a publishDiagnostics of about 100 KB while the client reads nothing.
        text = many_findings(STEPS)
        uris = [f"file:///many-{n}.md" for n in range(DOCUMENTS)]
        for uri in uris:
            server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
        for uri in uris:
            first = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri, timeout=120)
            assert len(first["params"]["diagnostics"]) == 2 * STEPS
        diagnostics_bytes = len(json.dumps(first))
        lines = text.splitlines()
        code_lines = [i for i, line in enumerate(lines) if line == "        UIView()"]
        ids = []
        seen_while_paused = {}

        def resume():
            # What the client had read when the pause ends, and the server's peak memory by then.
            with server.condition:
                seen_while_paused["replies"] = sum(1 for m in server.messages if m.get("id") in set(ids))
            seen_while_paused["peak"] = server.peak_rss_megabytes()
            server.reading.set()

        with server.condition:
            published_before = len(server.messages)
        server.reading.clear()
        # Resumed by a timer: if the server holds its reader back, the sends below block until then.
        timer = threading.Timer(10.0, resume)
        timer.start()
        versions = {uri: 1 for uri in uris}
        for edit in range(1000):
            uri = uris[edit % DOCUMENTS]
            versions[uri] += 1
            line = code_lines[(edit * 37) % len(code_lines)]
            inserting = (edit // DOCUMENTS) % 2 == 0
            change = {"range": {"start": {"line": line, "character": 16}, "end": {"line": line, "character": 16 if inserting else 17}}, "text": " " if inserting else ""}
            server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": versions[uri]}, "contentChanges": [change]})
            if edit % 10 == 9:
                ids.append(server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))
            time.sleep(0.009)  # 1,000 edits spread over the pause
        timer.join()
        # The reader thread may have been inside a read when the pause began: one message gets through.
        assert seen_while_paused["replies"] <= 1, "the client really read nothing during the pause"
        for uri in uris:
            final = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri and m["params"]["version"] == versions[uri], timeout=300)
            assert len(final["params"]["diagnostics"]) == 2 * STEPS
        server.response(ids[-1], timeout=300)
        replies = [m["id"] for m in server.responses() if m.get("id") in set(ids)]
        assert replies == ids, "every request answered once, in the order sent"
        for message in server.responses():
            if message.get("id") in set(ids):
                assert len(message["result"][0]["children"]) == STEPS, message
        with server.condition:
            published = [m for m in server.messages[published_before:] if m.get("method") == "textDocument/publishDiagnostics"]
        for uri in uris:
            sequence = [m["params"]["version"] for m in published if m["params"]["uri"] == uri]
            assert sequence == sorted(sequence), "diagnostics never go back to an older version"
        peak = server.peak_rss_megabytes()
        print(f"peak RSS {peak:.1f} MB ({seen_while_paused['peak']:.1f} MB at the end of the pause); "
              f"{len(published)} publishDiagnostics of ~{diagnostics_bytes // 1000} KB read after the pause")
        # The target: replies and diagnostics must not pile up while the client does not read. The server
        # peaks at about 85 MB here. What an editing session remembers is bounded by size: the parses kept
        # for composing snippets by their text, the rules' results by their keys (every check here is keyed
        # by a project of up to 100 files; bounded by count, they reached 210-260 MB in this test).
        assert peak < 150, f"peak RSS {peak:.1f} MB"
        server.request("shutdown")
        server.notify("exit")
        assert server.exit_code() == 0
    finally:
        server.close()


DOCUMENTS = 10
STEPS = 100
