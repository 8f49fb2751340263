"""Where a webhook may go (SSRF): ``https://`` only in production, and never to a loopback, link-local,
private or otherwise non-public address unless its network is in WEBHOOK_ALLOWED_NETWORKS.

The check runs when an admin registers the URL and again before every attempt, on every address the name
resolves to then; the attempt connects to the address that was checked (the request keeps the name in
its Host header and TLS server name), so a DNS answer that changes in between cannot redirect it.
Redirects are never followed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from marketing_site.settings import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressRefused(ValueError):
    """The URL may not receive webhooks; the message says why, in words an admin reads."""


@dataclass(frozen=True)
class Target:
    """A checked URL: the request goes to ``address`` and names ``host``."""

    scheme: str
    host: str
    port: int
    path: str  # with its query
    address: IPAddress

    @property
    def pinned_url(self) -> str:
        literal = f"[{self.address}]" if self.address.version == 6 else str(self.address)
        return f"{self.scheme}://{literal}:{self.port}{self.path}"

    @property
    def host_header(self) -> str:
        default = {"https": 443, "http": 80}[self.scheme]
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.port == default else f"{name}:{self.port}"


def parsed(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path with query) of a URL an endpoint may have; AddressRefused otherwise."""
    parts = urlsplit(url.strip())
    allowed = ("https",) if settings.environment == "prod" else ("https", "http")
    if parts.scheme not in allowed:
        raise AddressRefused(
            "The URL must start with https://"
            if settings.environment == "prod"
            else "The URL must start with https:// or http://"
        )
    if not parts.hostname or parts.username or parts.password:
        raise AddressRefused("The URL needs a host name and no user name or password")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise AddressRefused("The URL's port is not a number from 1 to 65535") from None
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, parts.hostname, port, path


def allowed(address: IPAddress) -> bool:
    """A public address, or one inside a network the settings allow."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if any(address in ipaddress.ip_network(network, strict=False) for network in settings.webhook_allowed_networks):
        return True
    return address.is_global and not address.is_multicast


def _checked(scheme: str, host: str, port: int, path: str, addresses: list[IPAddress]) -> Target:
    if not addresses:
        raise AddressRefused(f"{host} does not resolve to any address")
    refused = [address for address in addresses if not allowed(address)]
    if refused:
        raise AddressRefused(f"{host} resolves to {refused[0]}, which is not a public address")
    return Target(scheme, host, port, path, addresses[0])


def _literal(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def _addresses(infos: list[tuple]) -> list[IPAddress]:  # type: ignore[type-arg]
    unique: dict[IPAddress, None] = {}
    for *_, sockaddr in infos:
        unique[ipaddress.ip_address(str(sockaddr[0]).split("%")[0])] = None
    return list(unique)


def check(url: str) -> Target:
    """The URL checked now (registration): AddressRefused for a forbidden scheme, name or address."""
    scheme, host, port, path = parsed(url)
    literal = _literal(host)
    if literal is not None:
        return _checked(scheme, host, port, path, [literal])
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise AddressRefused(f"{host} does not resolve") from None
    return _checked(scheme, host, port, path, _addresses(infos))


async def resolve(url: str) -> Target:
    """``check`` before an attempt, resolving without blocking the loop."""
    scheme, host, port, path = parsed(url)
    literal = _literal(host)
    if literal is not None:
        return _checked(scheme, host, port, path, [literal])
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise AddressRefused(f"{host} does not resolve") from None
    return _checked(scheme, host, port, path, _addresses(infos))
