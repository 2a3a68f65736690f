"""A real Synapse homeserver for the tests: on 127.0.0.1, SQLite, no federation, users
registered with the shared secret (the admin API), rate limits off so a race runs at full speed."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CONFIG = """\
server_name: "localhost"
pid_file: "{data}/homeserver.pid"
public_baseurl: "http://127.0.0.1:{port}/"
listeners:
  - port: {port}
    bind_addresses: ["127.0.0.1"]
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: "{data}/homeserver.db"
media_store_path: "{data}/media"
signing_key_path: "{data}/localhost.signing.key"
registration_shared_secret: "{secret}"
macaroon_secret_key: "{secret}m"
form_secret: "{secret}f"
report_stats: false
trusted_key_servers: []
suppress_key_server_warning: true
enable_metrics: false
presence:
  enabled: false
rc_message: {{per_second: 10000, burst_count: 10000}}
rc_registration: {{per_second: 10000, burst_count: 10000}}
rc_login:
  address: {{per_second: 10000, burst_count: 10000}}
  account: {{per_second: 10000, burst_count: 10000}}
  failed_attempts: {{per_second: 10000, burst_count: 10000}}
rc_joins:
  local: {{per_second: 10000, burst_count: 10000}}
rc_invites:
  per_room: {{per_second: 10000, burst_count: 10000}}
  per_user: {{per_second: 10000, burst_count: 10000}}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Synapse:
    """One homeserver process in ``data`` (start, register users, stop, start again)."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = free_port()
        self.secret = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        data.mkdir(parents=True, exist_ok=True)
        self.config = data / "homeserver.yaml"
        self.config.write_text(CONFIG.format(data=data, port=self.port, secret=self.secret))
        subprocess.run(
            [sys.executable, "-m", "synapse.app.homeserver", "-c", str(self.config), "--generate-keys"],
            check=True,
            capture_output=True,
            cwd=data,
            timeout=120,
        )

    def start(self, timeout: float = 120.0) -> None:
        log = open(self.data / "synapse.out", "ab")
        env = {**os.environ, "SYNAPSE_ASYNC_IO_REACTOR": "0"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "synapse.app.homeserver", "-c", str(self.config)],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.data,
            env=env,
        )
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"synapse stopped at start: {(self.data / 'synapse.out').read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/_matrix/client/versions", timeout=2):
                    return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"synapse did not answer in {timeout} s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def register(self, name: str, password: str) -> str:
        """A user registered through the shared-secret admin API; returns the full user id."""
        api = f"{self.url}/_synapse/admin/v1/register"
        with urllib.request.urlopen(api, timeout=30) as r:
            nonce = json.load(r)["nonce"]
        mac = hmac.new(
            self.secret.encode(),
            b"\x00".join([nonce.encode(), name.encode(), password.encode(), b"notadmin"]),
            hashlib.sha1,
        ).hexdigest()
        body = json.dumps({"nonce": nonce, "username": name, "password": password, "mac": mac, "admin": False}).encode()
        req = urllib.request.Request(api, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.load(r)["user_id"]
