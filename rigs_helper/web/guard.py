"""Who may talk to `rigs serve`: the Host a request names (a DNS-rebinding page names its
own), the Origin of a POST (another site's form), and the address the links carry.

The address of this machine on the room's network is found without sending anything: a
UDP socket "connected" to a documentation address (RFC 5737) only picks the route."""

from __future__ import annotations

import socket

from rigs_helper.rules.errors import InputError

EVERY = ("0.0.0.0", "::")  # listen on every interface


def check_host(host: str) -> str:
    """The --host value, or a one-line refusal (an empty one would listen everywhere)."""
    if not host.strip():
        raise InputError('--host "": give an address (127.0.0.1, or 0.0.0.0 for the '
                         "room's network)")
    if any(c.isspace() or c in "/[]@" for c in host):
        raise InputError(f"--host {host}: not an address (127.0.0.1, ::1, 0.0.0.0, ...)")
    return host


def room_address(ipv6: bool = False) -> str | None:
    """This machine's address on its network (no packet is sent), or None."""
    family, probe = ((socket.AF_INET6, "2001:db8::1") if ipv6
                     else (socket.AF_INET, "192.0.2.1"))
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))  # UDP connect: no packet, only a route lookup
            addr = s.getsockname()[0]
    except OSError:
        return None
    return None if addr.startswith(("127.", "::1", "0.")) or addr == "::" else addr


def link_host(host: str) -> str:
    """The host the links carry: the served address, or this machine's room address when
    serving every interface."""
    if host in EVERY:
        addr = room_address(ipv6=host == "::")
        if addr is None:
            raise InputError(f"--host {host}: this machine has no address on a network "
                             "(no route found); join the room's Wi-Fi, or give --host "
                             "the address itself")
        host = addr
    return f"[{host}]" if ":" in host else host


def allowed_hosts(host: str, port: int, link: str | None = None) -> frozenset[str]:
    """Every Host header value that names this server (lower case, with the port)."""
    names = {host if ":" not in host else f"[{host}]"}
    if host in ("127.0.0.1", "::1", "localhost") or host in EVERY:
        names |= {"localhost", "127.0.0.1", "[::1]"}
    if link:
        names.add(link)
    names.discard("0.0.0.0")
    names.discard("[::]")
    return frozenset(f"{n.lower()}:{port}" for n in names)


def same_origin(origin: str | None, fetch_site: str | None, hosts: frozenset[str]) -> bool:
    """A POST from one of our own pages (or from a client that is not a browser: no
    Origin, no Sec-Fetch-Site)."""
    site = fetch_site.strip().lower() if fetch_site is not None else None
    if site is not None and site not in ("same-origin", "none"):
        return False
    if origin is None:
        return True
    origin = origin.strip().lower()
    if origin == "null":  # a browser hiding the origin: only its own word can vouch
        return site == "same-origin"
    return origin.startswith("http://") and origin[len("http://"):] in hosts
