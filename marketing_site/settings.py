"""Every environment-driven setting in one place, read once at import.

Values are baked into the static export at build time (site address, backend
address, chat number) or read by the backend at start-up (database, Redis,
limits), so both halves agree on one source.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _env_int(name: str, default: int) -> int:
    raw = _env(name)
    return int(raw) if raw else default


def _env_float(name: str, default: float) -> float:
    raw = _env(name)
    return float(raw) if raw else default


@dataclass(frozen=True)
class Settings:
    """Deployment settings; defaults suit a developer laptop with nothing else installed."""

    # Public address of the site, used for sitemap.xml, canonical links and CORS.
    site_url: str = field(default_factory=lambda: _env("SITE_URL", "http://localhost:3000").rstrip("/"))
    # Further browser origins allowed to call the backend (comma-separated), e.g. a staging host.
    extra_origins: tuple[str, ...] = field(
        default_factory=lambda: tuple(o.strip().rstrip("/") for o in _env("CORS_EXTRA_ORIGINS").split(",") if o.strip())
    )
    # Database: SQLite file next to the project unless DATABASE_URL is set.
    database_url: str = field(
        default_factory=lambda: _env("DATABASE_URL")
        or f"sqlite:///{PROJECT_ROOT / 'var' / 'leads.db'}"
    )
    # Database limits: every step of a submission is bounded, so a hung database costs a visitor
    # seconds and a 503, never a hang (see marketing_site/leads/db.py and the README).
    database_connect_timeout: int = field(default_factory=lambda: _env_int("DATABASE_CONNECT_TIMEOUT", 2))
    database_pool_timeout: float = field(default_factory=lambda: _env_float("DATABASE_POOL_TIMEOUT", 2.0))
    database_statement_timeout: float = field(default_factory=lambda: _env_float("DATABASE_STATEMENT_TIMEOUT", 2.0))
    database_idle_in_transaction_timeout: float = field(
        default_factory=lambda: _env_float("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT", 1.5))
    database_submit_timeout: float = field(default_factory=lambda: _env_float("DATABASE_SUBMIT_TIMEOUT", 4.0))
    # Most database connections all backend workers together may open (PostgreSQL's default allows 100).
    database_max_connections: int = field(default_factory=lambda: _env_int("DATABASE_MAX_CONNECTIONS", 40))
    # SQLite only: NORMAL (WAL: survives any crash of the app; the last commits may be lost on power loss) or FULL.
    sqlite_synchronous: str = field(default_factory=lambda: _env("SQLITE_SYNCHRONOUS", "NORMAL").upper())
    # Redis for Reflex state when several backend workers run; empty means one worker.
    redis_url: str = field(default_factory=lambda: _env("REDIS_URL"))
    # Customer portal link in the top strip; empty hides the link rather than leaving it dead.
    portal_url: str = field(default_factory=lambda: _env("PORTAL_URL"))
    # Chat widget: WhatsApp number in international digits; empty makes Send alert.
    chat_phone_number: str = field(default_factory=lambda: _env("CHAT_PHONE_NUMBER"))
    chat_company_name: str = field(default_factory=lambda: _env("CHAT_COMPANY_NAME", "Support"))
    chat_message: str = field(
        default_factory=lambda: _env("CHAT_MESSAGE", "Hi there 👋 How can we help you with your school?")
    )
    chat_reply_time: str = field(
        default_factory=lambda: _env("CHAT_REPLY_TIME", "Typically replies within a day")
    )
    chat_send_button: str = field(default_factory=lambda: _env("CHAT_SEND_BUTTON", "Send"))
    chat_placeholder: str = field(default_factory=lambda: _env("CHAT_PLACEHOLDER", "Type a message"))
    # Lead capture limits (anti-spam and size), all overridable per deployment.
    min_submit_seconds: float = field(default_factory=lambda: _env_float("LEAD_MIN_SUBMIT_SECONDS", 3.0))
    rate_limit_per_minute: int = field(default_factory=lambda: _env_int("LEAD_RATE_LIMIT_PER_MINUTE", 10))
    max_body_bytes: int = field(default_factory=lambda: _env_int("LEAD_MAX_BODY_BYTES", 64 * 1024))
    max_resume_bytes: int = field(default_factory=lambda: _env_int("RESUME_MAX_BYTES", 5 * 1024 * 1024))
    resume_dir: Path = field(
        default_factory=lambda: Path(_env("RESUME_DIR") or PROJECT_ROOT / "var" / "resumes")
    )
    # Production hides the OpenAPI schema.
    environment: str = field(default_factory=lambda: _env("APP_ENV", "dev"))


    @property
    def allowed_origins(self) -> list[str]:
        """Origins the backend answers (state websocket and lead API): the site itself, never `*`."""
        return [self.site_url, *self.extra_origins]


settings = Settings()
