"""One row per reported metric: which page, which metric, its value and a coarse device class.

No address, user agent, token or time finer than the row's own creation: nothing identifies a visitor.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Index
from sqlmodel import Field, SQLModel

from marketing_site.core.clock import utc_now


class WebVital(SQLModel, table=True):
    __tablename__ = "web_vital"
    __table_args__ = (Index("ix_web_vital_created_at", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = Field(default_factory=utc_now, sa_column=Column(DateTime(timezone=True), nullable=False))
    route: str = Field(max_length=100)
    metric: str = Field(max_length=8)  # LCP, INP, CLS or TTFB
    value: float  # milliseconds, except CLS (unitless)
    device: str = Field(max_length=10)  # mobile, tablet or desktop
