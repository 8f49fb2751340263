"""Every environment-driven setting in one place, typed and checked once at start-up.

One field per setting: its environment variable (the alias), its default, and a comment saying
what it is for. Values are baked into the static export at build time (site address, chat number)
or read by the backend when it starts (database, Redis, limits), so both halves agree on one source.
A malformed value stops the process at start-up with the variable's name (SettingsError) instead of
failing later or falling back silently. Settings marked PRODUCTION_REQUIRED (addresses, secrets)
must be given explicitly when APP_ENV=prod.
"""

from __future__ import annotations

import base64
import ipaddress
from pathlib import Path
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# json_schema_extra marker: APP_ENV=prod refuses to start while such a setting is not given.
PRODUCTION_REQUIRED: dict[str, Any] = {"production_required": True}
FERNET_KEY_BYTES = 32


class SettingsError(RuntimeError):
    """The environment holds a value the app cannot run with; the message names each variable."""


class Settings(BaseSettings):
    """Deployment settings; defaults suit a developer laptop with nothing else installed."""

    model_config = SettingsConfigDict(
        frozen=True, env_ignore_empty=True, str_strip_whitespace=True, extra="ignore", populate_by_name=True
    )

    # dev: the lead API publishes its OpenAPI docs; prod: docs hidden, PRODUCTION_REQUIRED settings enforced.
    environment: Literal["dev", "prod"] = Field("dev", alias="APP_ENV")
    # The app's log lines: "text" (development) or "json", one object per record (production; with
    # REFLEX_LOG_JSON=1 Reflex's own lines are JSON too). marketing_site/core/logs.py.
    log_format: Literal["text", "json"] = Field("text", alias="LOG_FORMAT")
    # Public address of the site: sitemap.xml, canonical links, the one browser origin the backend accepts.
    site_url: str = Field("http://localhost:3000", alias="SITE_URL", json_schema_extra=PRODUCTION_REQUIRED)
    # Further browser origins allowed to call the backend (comma-separated), e.g. a staging host.
    extra_origins: Annotated[tuple[str, ...], NoDecode] = Field((), alias="CORS_EXTRA_ORIGINS")
    # Lead database: the SQLite file var/leads.db by default, postgresql+psycopg://… in production.
    database_url: str = Field(
        f"sqlite:///{PROJECT_ROOT / 'var' / 'leads.db'}", alias="DATABASE_URL", json_schema_extra=PRODUCTION_REQUIRED
    )
    # Database limits: every step of a submission is bounded, so a hung database costs a visitor
    # seconds and a 503, never a hang (marketing_site/core/db.py; README, Operations).
    # All database work of one submission, counted from its arrival (seconds).
    database_submit_timeout: float = Field(3.0, alias="DATABASE_SUBMIT_TIMEOUT", gt=0)
    # Opening a PostgreSQL connection: whole seconds, at least 2 (libpq's rule).
    database_connect_timeout: int = Field(2, alias="DATABASE_CONNECT_TIMEOUT", ge=2)
    # Waiting for a free pooled connection.
    database_pool_timeout: float = Field(2.0, alias="DATABASE_POOL_TIMEOUT", gt=0)
    # One statement or lock wait: PostgreSQL statement_timeout and lock_timeout, SQLite busy timeout.
    database_statement_timeout: float = Field(2.0, alias="DATABASE_STATEMENT_TIMEOUT", gt=0)
    # PostgreSQL ends a transaction left idle this long (and so never applies a COMMIT that arrives later).
    database_idle_in_transaction_timeout: float = Field(1.0, alias="DATABASE_IDLE_IN_TRANSACTION_TIMEOUT", gt=0)
    # Connections all backend workers together may hold; at least 2 per worker.
    database_max_connections: int = Field(40, alias="DATABASE_MAX_CONNECTIONS", ge=2)
    # SQLite in WAL mode: NORMAL survives any crash of the app (a power cut may lose the last commits),
    # FULL fsyncs each.
    sqlite_synchronous: Literal["NORMAL", "FULL"] = Field("NORMAL", alias="SQLITE_SYNCHRONOUS")
    # Reflex state and the shared lead rate limit; empty means one backend worker with state on disk.
    redis_url: str = Field("", alias="REDIS_URL")
    # Customer portal link in the top strip; empty hides the link rather than leaving it dead.
    portal_url: str = Field("", alias="PORTAL_URL")
    # Chat widget (build time): WhatsApp number in international digits; empty makes Send alert.
    chat_phone_number: str = Field("", alias="CHAT_PHONE_NUMBER")
    chat_company_name: str = Field("Support", alias="CHAT_COMPANY_NAME")
    chat_message: str = Field("Hi there 👋 How can we help you with your school?", alias="CHAT_MESSAGE")
    chat_reply_time: str = Field("Typically replies within a day", alias="CHAT_REPLY_TIME")
    chat_send_button: str = Field("Send", alias="CHAT_SEND_BUTTON")
    chat_placeholder: str = Field("Type a message", alias="CHAT_PLACEHOLDER")
    # A form submitted faster than this after it opened is treated as a bot.
    min_submit_seconds: float = Field(3.0, alias="LEAD_MIN_SUBMIT_SECONDS", ge=0)
    # Lead submissions allowed per client per minute (forms and API share the budget).
    rate_limit_per_minute: int = Field(10, alias="LEAD_RATE_LIMIT_PER_MINUTE", ge=1)
    # Web-vitals beacons allowed per client per minute (a visitor sends about one per page view).
    vitals_rate_limit_per_minute: int = Field(30, alias="VITALS_RATE_LIMIT_PER_MINUTE", ge=1)
    # Largest lead API request body.
    max_body_bytes: int = Field(64 * 1024, alias="LEAD_MAX_BODY_BYTES", ge=1024)
    # Largest résumé upload (careers form).
    max_resume_bytes: int = Field(5 * 1024 * 1024, alias="RESUME_MAX_BYTES", ge=1024)
    # Seconds a lead form waits for the server's answer before telling the visitor to press again (build time).
    form_timeout_seconds: float = Field(15.0, alias="LEAD_FORM_TIMEOUT_SECONDS", gt=0)
    # Signs the staff sign-in form's CSRF token and the lead forms' start; the same on every worker, secret.
    # Empty outside production means a random one per start (an open sign-in form is reloaded after a restart).
    staff_session_secret: str = Field("", alias="STAFF_SESSION_SECRET", json_schema_extra=PRODUCTION_REQUIRED)
    # A staff session ends after this many minutes without a request...
    staff_idle_minutes: int = Field(60, alias="STAFF_IDLE_MINUTES", ge=1)
    # ...and this many hours after signing in, however active.
    staff_session_hours: int = Field(12, alias="STAFF_SESSION_HOURS", ge=1, le=24 * 30)
    # Encrypts the staff's authenticator-app secrets at rest: Fernet keys (Fernet.generate_key()), comma-separated;
    # the first encrypts, every one decrypts (rotation). Losing it voids every enrolled authenticator app.
    # Empty outside production: a fixed development key.
    staff_factor_key: str = Field("", alias="STAFF_FACTOR_KEY", json_schema_extra=PRODUCTION_REQUIRED)
    # Failed sign-ins from one address in 15 minutes before it is refused; as many failures for one account
    # slow down further attempts on it (from devices it never signed in from) by a doubling delay.
    staff_signin_attempts: int = Field(5, alias="STAFF_SIGNIN_ATTEMPTS", ge=1)
    # Public address of the staff area, for the links in notification mails.
    staff_url: str = Field("http://localhost:8000/admin", alias="STAFF_URL")
    # Job applications older than this many months are deleted by `python -m marketing_site.admin expire`; 0 keeps them.
    application_retention_months: int = Field(0, alias="APPLICATION_RETENTION_MONTHS", ge=0)
    # Outgoing mail: an empty SMTP_HOST keeps every mail queued (the inbox says so) until one is set.
    smtp_host: str = Field("", alias="SMTP_HOST")
    smtp_port: int = Field(587, alias="SMTP_PORT", ge=1, le=65535)
    smtp_security: Literal["starttls", "tls", "none"] = Field("starttls", alias="SMTP_SECURITY")
    smtp_username: str = Field("", alias="SMTP_USERNAME")
    smtp_password: str = Field("", alias="SMTP_PASSWORD")
    smtp_timeout_seconds: float = Field(20.0, alias="SMTP_TIMEOUT_SECONDS", gt=0)
    mail_from: str = Field("Smart School Suite <no-reply@localhost>", alias="MAIL_FROM")
    sales_email: str = Field("sales@localhost", alias="SALES_EMAIL")  # demo leads are announced here
    hr_email: str = Field("hr@localhost", alias="HR_EMAIL")  # job applications are announced here
    # A mail is tried this many times, waiting MAIL_RETRY_SECONDS × 2^(tries-1) between, then marked dead.
    mail_max_attempts: int = Field(8, alias="MAIL_MAX_ATTEMPTS", ge=1)
    mail_retry_seconds: float = Field(30.0, alias="MAIL_RETRY_SECONDS", gt=0)
    # Run the background loops (mail, lead timers, webhooks) inside every backend worker; false when
    # `python -m marketing_site.background` runs them apart.
    mail_sender_in_backend: bool = Field(True, alias="MAIL_SENDER_IN_BACKEND")
    # A Unix datagram socket the background process listens on when it runs apart on the same machine (the
    # single-port server): a backend's commit that queued mail or a webhook wakes it at once, not at its poll.
    background_wakeup_socket: str = Field("", alias="BACKGROUND_WAKEUP_SOCKET")
    # How much lower the background process's CPU priority is than the backends' (nice(2), 0-19) when it runs
    # apart: on a busy machine the requests that store leads go first and the mail waits milliseconds.
    background_niceness: int = Field(10, alias="BACKGROUND_NICENESS", ge=0, le=19)
    # Speed to lead (docs/speed-to-lead.md). The shared SALES_EMAIL / HR_EMAIL copy of a lead whose owner was
    # notified at their own address; a lead nobody takes always goes there.
    lead_shared_copy: bool = Field(True, alias="LEAD_SHARED_COPY")
    # The company's working calendar: response times of owners who are not demo hosts count in it, and so
    # does "a day off today" for them. Hours are one stretch per working day; the country's weekend and public
    # holidays (holidays package) are days off. The zone is also the staff area's for an account that chose
    # none and whose browser reported none.
    company_time_zone: str = Field("Asia/Muscat", alias="COMPANY_TIME_ZONE")
    company_country: str = Field("OM", alias="COMPANY_COUNTRY", min_length=2, max_length=2)
    company_hours: str = Field(
        "08:00-16:00", alias="COMPANY_HOURS", pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-4]):[0-5][0-9]$"
    )
    # Webhooks: one delivery's time limit, the first wait after a failure (doubling, with jitter) and the
    # tries before a delivery is dead (60 s and 13 tries: about three days in all).
    webhook_timeout_seconds: float = Field(10.0, alias="WEBHOOK_TIMEOUT_SECONDS", gt=0)
    webhook_retry_seconds: float = Field(60.0, alias="WEBHOOK_RETRY_SECONDS", gt=0)
    webhook_max_attempts: int = Field(13, alias="WEBHOOK_MAX_ATTEMPTS", ge=1)
    # Networks (CIDR, comma-separated) webhook endpoints may be in although they are not public addresses,
    # e.g. "10.20.0.0/16" for a CRM inside the vendor's own network; empty: public addresses only.
    webhook_allowed_networks: Annotated[tuple[str, ...], NoDecode] = Field((), alias="WEBHOOK_ALLOWED_NETWORKS")
    # Demo booking (issue 11): signs the reschedule/cancel links in booking mails; the same on every
    # worker and across restarts (a new secret voids every link sent). Empty outside production: random per start.
    booking_token_secret: str = Field("", alias="BOOKING_TOKEN_SECRET", json_schema_extra=PRODUCTION_REQUIRED)
    # How long a reschedule/cancel link stays valid after its mail was written (days).
    booking_token_days: int = Field(90, alias="BOOKING_TOKEN_DAYS", ge=1)
    # Public address of the visitor's booking page on the backend (the links in booking mails).
    booking_url: str = Field("http://localhost:8000/booking", alias="BOOKING_URL")
    # How long the host's one-click Held / No-show links stay valid after the mail carrying them is due (days).
    demo_outcome_link_days: int = Field(7, alias="DEMO_OUTCOME_LINK_DAYS", ge=1)

    # Health and metrics (marketing_site/web/health.py; docs/deployment.md, Probes and metrics).
    # /metrics answers these addresses or networks directly (never through a proxy), comma-separated.
    metrics_allowed_addresses: Annotated[tuple[str, ...], NoDecode] = Field(
        ("127.0.0.1", "::1"), alias="METRICS_ALLOWED_ADDRESSES"
    )
    # /metrics also answers a request with "Authorization: Bearer <this>" from anywhere; empty: no token.
    metrics_token: str = Field("", alias="METRICS_TOKEN")
    # Where the workers count their metrics (prometheus-client's multiprocess files), emptied at start;
    # empty means a fresh temporary folder per start. Per backend: never share it between two backends.
    metrics_dir: str = Field("", alias="METRICS_DIR")
    # /readyz gives the database this long to answer (a probe every second needs the answer within one).
    readiness_database_seconds: float = Field(0.8, alias="READINESS_DATABASE_SECONDS", gt=0)
    # /readyz calls the outbox stalled when a due mail has waited this long (with SMTP_HOST set).
    outbox_stall_seconds: float = Field(900.0, alias="OUTBOX_STALL_SECONDS", gt=0)

    @field_validator("site_url", "staff_url", "booking_url")
    @classmethod
    def _web_address(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value.rstrip("/")

    @field_validator("staff_factor_key")
    @classmethod
    def _fernet_keys(cls, value: str) -> str:
        for key in filter(None, (part.strip() for part in value.split(","))):
            try:
                decoded = base64.urlsafe_b64decode(key.encode("ascii"))
            except (ValueError, UnicodeEncodeError):
                decoded = b""
            if len(decoded) != FERNET_KEY_BYTES:
                raise ValueError("each key must be a Fernet key: 32 bytes, url-safe base64 (Fernet.generate_key())")
        return value

    @field_validator("extra_origins", "webhook_allowed_networks", "metrics_allowed_addresses", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        if isinstance(value, str):
            return tuple(origin.strip().rstrip("/") for origin in value.split(",") if origin.strip())
        return value

    @field_validator("webhook_allowed_networks", "metrics_allowed_addresses")
    @classmethod
    def _networks(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for network in value:
            ipaddress.ip_network(network, strict=False)  # ValueError names the bad one
        return value

    @field_validator("company_time_zone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError("must be an IANA time zone, e.g. Asia/Muscat") from None
        return value

    @model_validator(mode="after")
    def _production_has_what_it_needs(self) -> Settings:
        if self.environment == "prod":
            missing = [
                field.alias or name  # every setting has one: its environment variable
                for name, field in type(self).model_fields.items()
                if field.json_schema_extra == PRODUCTION_REQUIRED and name not in self.model_fields_set
            ]
            if missing:
                raise ValueError(f"APP_ENV=prod needs {', '.join(missing)} set explicitly")
        return self

    @model_validator(mode="after")
    def _workers_share_one_session_secret(self) -> Settings:
        if self.redis_url and not self.staff_session_secret:
            raise ValueError("REDIS_URL runs several backend workers: set STAFF_SESSION_SECRET, the same on each")
        if self.redis_url and not self.booking_token_secret:
            raise ValueError("REDIS_URL runs several backend workers: set BOOKING_TOKEN_SECRET, the same on each")
        return self

    @property
    def allowed_origins(self) -> list[str]:
        """Origins the backend answers (state websocket and lead API): the site itself, never `*`."""
        return [self.site_url, *self.extra_origins]


def load_settings(**values: Any) -> Settings:
    """Settings from the environment (``values`` override it, by variable name); SettingsError if invalid."""
    try:
        return Settings(**values)
    except ValidationError as invalid:
        problems = [f"{'.'.join(map(str, error['loc'])) or 'settings'}: {error['msg']}" for error in invalid.errors()]
        raise SettingsError("Invalid environment settings:\n  " + "\n  ".join(problems)) from None


settings = load_settings()
