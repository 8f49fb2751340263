"""Settings fail loudly: unknown APP_ENV, malformed numbers and missing production settings stop start-up."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from marketing_site.settings import PROJECT_ROOT, SettingsError, load_settings

PRODUCTION = {
    "APP_ENV": "prod",
    "SITE_URL": "https://www.school.example",
    "DATABASE_URL": "postgresql+psycopg://site@db.internal/site",
    "STAFF_SESSION_SECRET": "s" * 40,
    "STAFF_FACTOR_KEY": "a2V5LWZvci10aGUtc2V0dGluZ3MtdGVzdC0tMzJieXQ=",
    "BOOKING_TOKEN_SECRET": "b" * 40,
}


def refusal(**values: str) -> str:
    with pytest.raises(SettingsError) as caught:
        load_settings(**values)
    return str(caught.value)


@pytest.mark.parametrize("value", ["production", "staging", "PROD "])
def test_an_unknown_app_env_is_refused_naming_the_known_ones(value):
    assert "APP_ENV: Input should be 'dev' or 'prod'" in refusal(APP_ENV=value)


@pytest.mark.parametrize(
    "variable", ["LEAD_RATE_LIMIT_PER_MINUTE", "LEAD_MAX_BODY_BYTES", "RESUME_MAX_BYTES", "LEAD_MIN_SUBMIT_SECONDS"]
)
def test_a_malformed_number_names_its_variable(variable):
    message = refusal(**{variable: "ten"})
    assert f"\n  {variable}: Input should be a valid" in message and message.count("\n  ") == 1


@pytest.mark.parametrize(
    ("variable", "value"),
    [("LEAD_RATE_LIMIT_PER_MINUTE", "0"), ("LEAD_MAX_BODY_BYTES", "-5"), ("LEAD_MIN_SUBMIT_SECONDS", "-1")],
)
def test_a_number_out_of_range_names_its_variable(variable, value):
    assert f"{variable}: Input should be greater than or equal to" in refusal(**{variable: value})


def test_production_refuses_to_start_without_its_required_settings():
    assert (
        "APP_ENV=prod needs SITE_URL, DATABASE_URL, STAFF_SESSION_SECRET, STAFF_FACTOR_KEY, BOOKING_TOKEN_SECRET set"
        " explicitly" in refusal(APP_ENV="prod")
    )
    assert "needs DATABASE_URL, STAFF_SESSION_SECRET, STAFF_FACTOR_KEY, BOOKING_TOKEN_SECRET set" in refusal(
        APP_ENV="prod", SITE_URL=PRODUCTION["SITE_URL"]
    )
    started = load_settings(**PRODUCTION)
    assert (started.environment, started.site_url) == ("prod", "https://www.school.example")


def test_several_workers_need_one_shared_session_secret():
    assert "set STAFF_SESSION_SECRET" in refusal(REDIS_URL="redis://127.0.0.1:6379/0")
    assert "set BOOKING_TOKEN_SECRET" in refusal(REDIS_URL="redis://127.0.0.1:6379/0", STAFF_SESSION_SECRET="s" * 40)
    assert load_settings(
        REDIS_URL="redis://127.0.0.1:6379/0", STAFF_SESSION_SECRET="s" * 40, BOOKING_TOKEN_SECRET="b" * 40
    ).redis_url


@pytest.mark.parametrize("value", ["not-a-key", "c2hvcnQ=", PRODUCTION["STAFF_FACTOR_KEY"] + ",x"])
def test_a_malformed_factor_key_is_refused(value):
    assert "STAFF_FACTOR_KEY: Value error, each key must be a Fernet key" in refusal(STAFF_FACTOR_KEY=value)


def test_development_starts_with_nothing_set():
    assert load_settings().environment == "dev"


def test_site_url_must_be_a_web_address_and_loses_its_trailing_slash():
    assert "SITE_URL: Value error, must start with http:// or https://" in refusal(SITE_URL="www.school.example")
    assert load_settings(SITE_URL="https://www.school.example/").site_url == "https://www.school.example"


def test_extra_origins_are_comma_separated():
    loaded = load_settings(CORS_EXTRA_ORIGINS=" http://127.0.0.1:3000/, ,https://staging.example ")
    assert loaded.allowed_origins == ["http://localhost:3000", "http://127.0.0.1:3000", "https://staging.example"]


def test_the_process_stops_at_start_up_with_the_variable_named():
    """What an operator sees: the backend's first import fails, naming the variable, no traceback hunt."""
    env = {**os.environ, "LEAD_RATE_LIMIT_PER_MINUTE": "lots", "APP_ENV": "dev"}
    result = subprocess.run(
        [sys.executable, "-c", "import rxconfig"], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    assert (
        "SettingsError: Invalid environment settings:\n  LEAD_RATE_LIMIT_PER_MINUTE: Input should be" in result.stderr
    )


def test_the_company_time_zone_must_be_a_real_zone():
    assert "COMPANY_TIME_ZONE: Value error, must be an IANA time zone" in refusal(COMPANY_TIME_ZONE="Mars/Olympus")
    assert load_settings(COMPANY_TIME_ZONE="Asia/Karachi").company_time_zone == "Asia/Karachi"
    assert load_settings().company_time_zone == "Asia/Muscat"
