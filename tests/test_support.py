"""The shared test helpers themselves (tests/browser/support.py) where a mistake would make
other tests fail by chance."""

from __future__ import annotations

import socket

from tests.browser.support import free_ports


def test_free_ports_are_different_and_free():
    # a hub, its proxy and its API each need a port of their own: asked for one by one, two once
    # came back the same and the hub could not start
    ports = free_ports(40)
    assert len(set(ports)) == 40
    for port in ports[:5]:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))   # nothing kept it
