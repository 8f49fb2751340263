"""A vendor's webhook receiver for tests and benchmarks, as the Standard Webhooks specification asks one
to be: it verifies every request with the ``standardwebhooks`` package (401 if the signature is wrong),
and stores each ``webhook-id`` once (a JSON line, flushed to disk before it answers 2xx), so a retry of
something it already has is answered 200 and dropped.

    python -m scripts.harness.webhook_receiver --port 8123 --secret whsec_… --store hooks.jsonl \\
        --answers 500,200 --log requests.jsonl

``--answers`` scripts the first answers (``429:30`` adds Retry-After: 30); then it answers 200.
``--tls-cert`` and ``--tls-key`` (PEM files) make it answer HTTPS. ``--log`` records every request that arrived
(id, when it arrived, the answer, the sender's port: one per connection), stored or not. It prints "ready"
once listening.
"""

from __future__ import annotations

import argparse
import json
import os
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


class Receiver:
    def __init__(self, secret: str, store: Path, answers: list[str], log: Path | None, delay: float) -> None:
        self.webhook = Webhook(secret)
        self.store, self.log, self.delay = store, log, delay
        self.answers = answers
        self.lock = threading.Lock()
        self.seen = {json.loads(line)["id"] for line in store.read_text().splitlines()} if store.exists() else set()

    def receive(self, body: bytes, headers: dict[str, str], peer: int) -> tuple[int, dict[str, str]]:
        arrived = time.time()
        try:
            payload = self.webhook.verify(body, headers)
        except WebhookVerificationError:
            return 401, {}
        message_id = headers["webhook-id"]
        time.sleep(self.delay)
        with self.lock:
            answer = self.answers.pop(0) if self.answers else "200"
            status, _, retry_after = answer.partition(":")
            if status == "200" and message_id not in self.seen:
                with self.store.open("a") as stored:
                    stored.write(
                        json.dumps({"id": message_id, "type": payload["type"], "data": payload["data"]}) + "\n"
                    )
                    stored.flush()
                    os.fsync(stored.fileno())
                self.seen.add(message_id)
            if self.log is not None:
                with self.log.open("a") as logged:
                    entry = {"id": message_id, "at": arrived, "status": int(status), "peer": peer}
                    logged.write(json.dumps(entry) + "\n")
        return int(status), {"Retry-After": retry_after} if retry_after else {}


def serve(port: int, receiver: Receiver) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keeps the connection, as a CRM's server does

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            headers = {key.lower(): value for key, value in self.headers.items()}
            status, extra = receiver.receive(body, headers, self.client_address[1])
            self.send_response(status)
            for name, value in extra.items():
                self.send_header(name, value)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *_args: object) -> None:
            pass

    class Server(ThreadingHTTPServer):
        request_queue_size = 128  # a burst of deliveries connects at once (the default backlog of 5 drops them)
        daemon_threads = True

    return Server(("127.0.0.1", port), Handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--secret", required=True)
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--answers", default="")
    parser.add_argument("--log", type=Path)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds each request takes to answer")
    parser.add_argument("--tls-cert", type=Path)
    parser.add_argument("--tls-key", type=Path)
    options = parser.parse_args()
    answers = [answer for answer in options.answers.split(",") if answer]
    server = serve(options.port, Receiver(options.secret, options.store, answers, options.log, options.delay))
    if options.tls_cert:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(options.tls_cert, options.tls_key)
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    print("ready", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
