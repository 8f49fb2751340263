"""Render deploy/nginx/site.conf and api.conf for one export: the header values come from
marketing_site/web/security_headers.py and the script hashes from the export's csp-hashes.json, so
nginx and the backend send the same headers from one definition.

    python -m scripts.render_nginx --root /srv/site/client --server-name www.example.com \\
        --api-server-name api.example.com --backend-url https://api.example.com --out /etc/nginx/sites-enabled
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

from marketing_site.build.html_language import not_found_page
from marketing_site.i18n.languages import DEFAULT, LANGUAGES
from marketing_site.web.security_headers import (
    CACHE_BY_CONTENT_TYPE,
    CACHE_HASHED_ASSET,
    CACHE_REVALIDATE,
    COMMON_HEADERS,
    PAGE_TYPE,
    RESOURCE_POLICY,
    STRICT_TRANSPORT_SECURITY,
    answer_type,
    content_security_policy,
    read_script_hashes,
)

TEMPLATES = Path(__file__).resolve().parents[1] / "deploy" / "nginx"
_FIELD = re.compile(r"\{\{(\w+)\}\}")
TOKEN_LIMIT = 3000  # characters per quoted value, under nginx's 4 KB configuration token buffer
# nginx's passive check (api.conf): one failed attempt leaves a backend out for this long, then it is tried again.
MAX_FAILS = 1
FAIL_TIMEOUT_SECONDS = 5


@dataclass(frozen=True)
class Site:
    root: Path | None  # the export as nginx reads it; None: the backends' api.conf alone
    backend_url: str  # the backend's public address, as baked into the export (REFLEX_API_URL)
    upstream: str = "127.0.0.1:8000"  # where nginx reaches the backends: host:port, comma-separated
    server_name: str = "_"
    api_server_name: str = "_"
    listen: str = "80"
    api_listen: str = "80"
    certificate: Path | None = None  # with key: TLS on both servers (listen e.g. "443 ssl")
    key: Path | None = None
    redirect_listen: str = "80"  # with TLS: where plain HTTP is answered with a redirect to HTTPS


def _quoted(value: str) -> str:
    if '"' in value or "$" in value or "\\" in value:
        raise ValueError(f"not a plain nginx string: {value!r}")
    return f'"{value}"'


def _tls(site: Site) -> str:
    if site.certificate is None:
        return ""
    return f"    ssl_certificate {site.certificate};\n    ssl_certificate_key {site.key};"


def _redirect(site: Site, server_name: str) -> str:
    """With TLS, a plain-HTTP server that only sends visitors to HTTPS (Observatory's redirection test)."""
    if site.certificate is None:
        return ""
    return (
        f"server {{\n    listen {site.redirect_listen};\n    server_name {server_name};\n    server_tokens off;\n"
        f"    return 301 https://$host$request_uri;\n}}"
    )


def fill(template: str, fields: dict[str, str]) -> str:
    """`template` with each {{name}} replaced; a name without a value is an error, not a blank."""
    return _FIELD.sub(lambda match: fields[match.group(1)], template)


def _page_policy_parts(policy: str) -> list[str]:
    """The policy cut into pieces nginx accepts as single tokens (its limit is 4 KB each)."""
    return [policy[start : start + TOKEN_LIMIT] for start in range(0, len(policy), TOKEN_LIMIT)]


def _type_by_extension(root: Path) -> str:
    """nginx map lines: each file extension of the export -> the type answer_type() gives it."""
    suffixes = sorted({path.suffix for path in root.rglob("*") if path.is_file() and path.suffix} - {".gz"})
    return "\n".join(
        [f'    "~{re.escape(suffix)}$" "{answer_type(f"/file{suffix}", "")}";' for suffix in suffixes]
        + [f'    default "{PAGE_TYPE}";']
    )


def render_site(site: Site) -> str:
    assert site.root is not None, "site.conf serves an export"
    page_policy = content_security_policy(read_script_hashes(site.root), site.backend_url)
    parts = _page_policy_parts(page_policy)
    joined = "".join(f"$site_page_csp_{number}" for number in range(len(parts)))
    return fill(
        (TEMPLATES / "site.conf").read_text(encoding="utf-8"),
        {
            "listen": site.listen,
            "server_name": site.server_name,
            "root": str(site.root),
            "tls": _tls(site),
            "redirect_to_https": _redirect(site, site.server_name),
            "hsts": STRICT_TRANSPORT_SECURITY,
            "cache_hashed_asset": CACHE_HASHED_ASSET,
            "security_headers": "\n".join(
                f"        add_header {name} {_quoted(value)} always;" for name, value in COMMON_HEADERS.items()
            ),
            "page_policy_parts": "\n".join(
                f"map $host $site_page_csp_{number} {{ default {_quoted(part)}; }}" for number, part in enumerate(parts)
            ),
            "not_found_by_language": "\n".join(
                [
                    f'    "~^{re.escape(language.prefix)}(/|$)" {not_found_page(language)};'
                    for language in LANGUAGES
                    if language.prefix
                ]
                + [f"    default {not_found_page(DEFAULT)};"]
            ),
            "type_by_extension": _type_by_extension(site.root),
            "csp_by_content_type": f'    "~^{PAGE_TYPE}" "{joined}";\n    default {_quoted(RESOURCE_POLICY)};',
            "cache_by_content_type": "\n".join(
                [f'    "~^{re.escape(prefix)}" {_quoted(value)};' for prefix, value in CACHE_BY_CONTENT_TYPE]
                + [f"    default {_quoted(CACHE_REVALIDATE)};"]
            ),
        },
    )


def render_api(site: Site) -> str:
    own_answers = {"Content-Security-Policy": RESOURCE_POLICY, **COMMON_HEADERS}
    variable = {name: "$api_own_" + name.lower().replace("-", "_") for name in own_answers}
    return fill(
        (TEMPLATES / "api.conf").read_text(encoding="utf-8"),
        {
            "fallback_maps": "\n".join(
                f"map $upstream_http_{name.lower().replace('-', '_')} {variable[name]} "
                f'{{ "" {_quoted(value)}; default ""; }}'
                for name, value in own_answers.items()
            ),
            "fallback_headers": "\n".join(f"    add_header {name} {variable[name]} always;" for name in own_answers),
            "listen": site.api_listen,
            "server_name": site.api_server_name,
            "tls": _tls(site),
            "redirect_to_https": _redirect(site, site.api_server_name),
            "hsts": STRICT_TRANSPORT_SECURITY,
            "upstream_servers": "\n".join(
                f"    server {server.strip()} max_fails={MAX_FAILS} fail_timeout={FAIL_TIMEOUT_SECONDS}s;"
                for server in site.upstream.split(",")
                if server.strip()
            ),
        },
    )


def write_configs(site: Site, out: Path) -> tuple[Path, ...]:
    """site.conf (when there is an export) and api.conf in ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    if site.root is not None:
        (out / "site.conf").write_text(render_site(site), encoding="utf-8")
        written.append(out / "site.conf")
    (out / "api.conf").write_text(render_api(site), encoding="utf-8")
    return (*written, out / "api.conf")


def main() -> None:
    from reflex.config import get_config

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, help="the export's folder as nginx reads it (without: api.conf only)")
    parser.add_argument("--backend-url", default=get_config().api_url, help="public backend address (REFLEX_API_URL)")
    parser.add_argument(
        "--upstream", default=Site.upstream, help="host:port of each backend nginx proxies to, comma-separated"
    )
    parser.add_argument("--server-name", default=Site.server_name)
    parser.add_argument("--api-server-name", default=Site.api_server_name)
    parser.add_argument("--listen", default=Site.listen)
    parser.add_argument("--api-listen", default=Site.api_listen)
    parser.add_argument("--certificate", type=Path)
    parser.add_argument("--key", type=Path)
    parser.add_argument(
        "--redirect-listen", default=Site.redirect_listen, help="with TLS: plain-HTTP port redirected to HTTPS"
    )
    parser.add_argument("--out", type=Path, required=True, help="folder for site.conf and api.conf")
    args = vars(parser.parse_args())
    out = args.pop("out")
    for path in write_configs(Site(**args), out):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
