"""A bare JSON-RPC client over the server's stdin/stdout: for what a polite LSP client never sends
(broken framing, bad JSON, requests before initialize) and for checking the order of responses."""
import json
import subprocess
import threading
import time


class RawServer:
    def __init__(self, binary: str):
        self.process = subprocess.Popen(
            [binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.messages: list[dict] = []
        self.condition = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.next_id = 1

    def _read(self):
        while self._read_message():
            pass

    def _read_message(self) -> bool:
        """Reads one framed message into `messages`; False once the server's stdout is closed."""
        stream = self.process.stdout
        length = None
        while True:
            line = stream.readline()
            if not line:
                with self.condition:
                    self.condition.notify_all()
                return False
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        body = stream.read(length)
        with self.condition:
            self.messages.append(json.loads(body))
            self.condition.notify_all()
        return True

    def send_bytes(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method: str, params=None) -> int:
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def notify(self, method: str, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def wait_for(self, predicate, timeout: float = 30.0):
        deadline = time.monotonic() + timeout
        with self.condition:
            while True:
                for message in self.messages:
                    if predicate(message):
                        return message
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.process.poll() is not None and not self.reader.is_alive():
                    raise AssertionError(f"timed out; received {[m.get('id', m.get('method')) for m in self.messages][-20:]}")
                self.condition.wait(remaining)

    def response(self, request_id, timeout: float = 30.0) -> dict:
        return self.wait_for(lambda m: "method" not in m and m.get("id") == request_id, timeout)

    def responses(self) -> list[dict]:
        with self.condition:
            return [m for m in self.messages if "method" not in m]

    def initialize(self, capabilities=None) -> dict:
        result = self.response(self.request("initialize", {"processId": None, "rootUri": None, "capabilities": capabilities or {}}))
        self.notify("initialized", {})
        return result

    def exit_code(self, timeout: float = 10.0) -> int:
        return self.process.wait(timeout)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
