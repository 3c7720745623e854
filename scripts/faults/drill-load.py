#!/usr/bin/env python3
"""Bounded loopback load for scripts/faults/container-drill.sh: CONNECTIONS keep-alive clients list pets for
SECONDS, each request with its own X-Request-Id. Prints one JSON object: answers by status, connections
refused (nothing sent), and the ids of requests that were sent but got no complete answer, so the drill can
tell from the service's log whether the service had taken them (a failed in-flight request) or not.

Usage: drill-load.py URL KEY CONNECTIONS SECONDS ID_PREFIX"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

url, key, connections, seconds, prefix = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
target = urllib.parse.urlsplit(url)
path = target.path + ("?" + target.query if target.query else "")
deadline = time.monotonic() + seconds
lock = threading.Lock()
statuses, unanswered, refused = {}, [], [0]


def client(number):
    connection, sent = None, 0
    while time.monotonic() < deadline:
        if connection is None:
            connection = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
        request_id = f"{prefix}-{number}-{sent}"
        try:
            connection.connect() if connection.sock is None else None
        except OSError:
            with lock:
                refused[0] += 1
            connection = None
            time.sleep(0.05)
            continue
        sent += 1
        try:
            connection.request("GET", path, headers={"Authorization": "Bearer " + key, "X-Request-Id": request_id})
            response = connection.getresponse()
            response.read()
            with lock:
                statuses[response.status] = statuses.get(response.status, 0) + 1
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = None
        except (OSError, http.client.HTTPException) as failure:
            with lock:
                unanswered.append({"id": request_id, "error": type(failure).__name__})
            connection.close()
            connection = None


threads = [threading.Thread(target=client, args=(n,)) for n in range(connections)]
started = time.monotonic()
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - started
answered = sum(statuses.values())
print(json.dumps({"answered": answered, "per_second": round(answered / elapsed), "statuses": statuses,
                  "refused": refused[0], "unanswered": unanswered}))
