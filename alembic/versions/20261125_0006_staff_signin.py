"""staff sign-in: server-side sessions, authenticator apps, passkeys, recovery codes, known devices,
passkey challenges; accounts can be disabled, invited and show their last sign-in

Revision ID: 0006_staff_signin
Revises: 0005_demo_booking
Create Date: 2026-11-25 09:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0006_staff_signin"
down_revision: str | None = "0005_demo_booking"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXT = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table("staff_user", schema=None) as batch_op:
        batch_op.add_column(sa.Column("active", sa.Boolean(), server_default=sa.true(), nullable=False))
        batch_op.add_column(sa.Column("last_signin_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("invitation_hash", _TEXT(length=64), server_default="", nullable=False))
        batch_op.add_column(sa.Column("invitation_expires_at", sa.DateTime(timezone=True), nullable=True))

    op.create_table(
        "staff_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", _TEXT(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("second_factor_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("password_confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("csrf_token", _TEXT(length=64), nullable=False),
        sa.Column("address", _TEXT(length=64), nullable=False),
        sa.Column("user_agent", _TEXT(length=300), nullable=False),
        sa.Column("pending_totp", _TEXT(length=300), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["staff_user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    with op.batch_alter_table("staff_session", schema=None) as batch_op:
        batch_op.create_index("ix_staff_session_user_id", ["user_id"], unique=False)

    op.create_table(
        "staff_totp",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("secret", _TEXT(length=300), nullable=False),
        sa.Column("last_timecode", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["staff_user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )

    op.create_table(
        "staff_passkey",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("credential_id", _TEXT(length=1400), nullable=False),
        sa.Column("public_key", sa.Text(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("name", _TEXT(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["staff_user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("credential_id"),
    )
    with op.batch_alter_table("staff_passkey", schema=None) as batch_op:
        batch_op.create_index("ix_staff_passkey_user_id", ["user_id"], unique=False)

    op.create_table(
        "staff_recovery_code",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", _TEXT(length=64), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["staff_user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code_hash"),
    )
    with op.batch_alter_table("staff_recovery_code", schema=None) as batch_op:
        batch_op.create_index("ix_staff_recovery_code_user_id", ["user_id"], unique=False)

    op.create_table(
        "staff_device",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", _TEXT(length=64), nullable=False),
        sa.Column("address", _TEXT(length=64), nullable=False),
        sa.Column("user_agent", _TEXT(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["staff_user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("staff_device", schema=None) as batch_op:
        batch_op.create_index("ix_staff_device_user_id_token_hash", ["user_id", "token_hash"], unique=True)

    op.create_table(
        "staff_webauthn_challenge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("challenge", _TEXT(length=100), nullable=False),
        sa.Column("purpose", _TEXT(length=10), nullable=False),
        sa.Column("owner_hash", _TEXT(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("challenge"),
    )
    with op.batch_alter_table("staff_webauthn_challenge", schema=None) as batch_op:
        batch_op.create_index("ix_staff_webauthn_challenge_expires_at", ["expires_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("staff_webauthn_challenge", schema=None) as batch_op:
        batch_op.drop_index("ix_staff_webauthn_challenge_expires_at")
    op.drop_table("staff_webauthn_challenge")
    with op.batch_alter_table("staff_device", schema=None) as batch_op:
        batch_op.drop_index("ix_staff_device_user_id_token_hash")
    op.drop_table("staff_device")
    with op.batch_alter_table("staff_recovery_code", schema=None) as batch_op:
        batch_op.drop_index("ix_staff_recovery_code_user_id")
    op.drop_table("staff_recovery_code")
    with op.batch_alter_table("staff_passkey", schema=None) as batch_op:
        batch_op.drop_index("ix_staff_passkey_user_id")
    op.drop_table("staff_passkey")
    op.drop_table("staff_totp")
    with op.batch_alter_table("staff_session", schema=None) as batch_op:
        batch_op.drop_index("ix_staff_session_user_id")
    op.drop_table("staff_session")
    with op.batch_alter_table("staff_user", schema=None) as batch_op:
        batch_op.drop_column("invitation_expires_at")
        batch_op.drop_column("invitation_hash")
        batch_op.drop_column("last_signin_at")
        batch_op.drop_column("active")
