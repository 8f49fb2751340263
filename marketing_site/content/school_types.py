"""The four school types: home-page tabs, Solutions menu and school-type pages."""

from __future__ import annotations

from typing import Any

from marketing_site import routes
from marketing_site.content.media import illustration
from marketing_site.content.types import SchoolTab, SchoolType, Seo


def _tabs(kind: str) -> tuple[SchoolTab, ...]:
    """The five tabs every school-type page shows, worded for that kind of school."""
    return (
        SchoolTab(
            "SID",
            "Student information desk",
            f"Every student's timetable, marks, attendance and contacts in one place for {kind}.",
        ),
        SchoolTab(
            "LMS", "Learning management", f"Lessons, assignments and quizzes online and in class, shared across {kind}."
        ),
        SchoolTab("ADMISSION", "Admissions", f"Online registration, entry exams and offers for {kind}, without paper."),
        SchoolTab(
            "ACADEMIC PLAN",
            "Academic planning",
            f"Yearly and term plans with coverage tracked week by week for {kind}.",
        ),
        SchoolTab("HR", "Human resources", f"Staff records, leave, training and payroll for {kind}."),
    )


def _school(route: str, name: str, **fields: Any) -> SchoolType:
    image = illustration("schools", routes.slug(route), f"{name} illustration")
    return SchoolType(route=route, name=name, image=image, **fields)


SCHOOL_TYPES: tuple[SchoolType, ...] = (
    _school(
        routes.ONE_BRANCH_SCHOOL,
        "One-Branched Schools",
        tab_label="One-Branched Schools",
        home_heading="Everything a single campus needs",
        home_text=(
            "Admissions, academics, HR and finance for one campus, set up in weeks and simple "
            "enough for a small office team."
        ),
        more_info_href=routes.ONE_BRANCH_SCHOOL,
        heading="School management for one-branch schools",
        intro="One system for a single campus: fewer spreadsheets, faster admissions and clear reports.",
        tabs=_tabs("your campus"),
        seo=Seo(
            "School management software for one-branch schools",
            "Admissions, academics, HR and finance for a single campus in one cloud system.",
        ),
    ),
    _school(
        routes.MULTI_BRANCH_SCHOOL,
        "Multi-Branched Schools",
        tab_label="Multi-Branched Schools",
        home_heading="Every branch, one view",
        home_text=(
            "Run several branches with shared policies and local control, and compare admissions, "
            "attendance and finance across them."
        ),
        more_info_href=routes.MULTI_BRANCH_SCHOOL,
        heading="School management for multi-branch schools",
        intro="Shared standards with local control: each branch runs its day, leadership sees them all.",
        tabs=_tabs("every branch"),
        seo=Seo(
            "School management software for multi-branch schools",
            "Run several branches with shared policies, local control and consolidated reports.",
        ),
    ),
    _school(
        routes.GROUP_OF_SCHOOLS,
        "Group of Schools",
        tab_label="Group of Schools",
        home_heading="Built for school groups",
        home_text=(
            "Different curricula and brands under one group: consolidated finance, HR and academic "
            "reporting for the board."
        ),
        more_info_href=routes.GROUP_OF_SCHOOLS,
        heading="School management for groups of schools",
        intro="Different schools, curricula and brands under one group, reported together.",
        tabs=_tabs("each school in the group"),
        seo=Seo(
            "School management software for groups of schools",
            "Consolidated finance, HR and academic reporting for school groups with several brands.",
        ),
    ),
    _school(
        routes.HYBRID_SCHOOL,
        "Hybrid Schools",
        tab_label="Hybrid Schools",
        home_heading="On campus and online, together",
        home_text=(
            "Teach and manage students who learn on campus, at home or both, with one timetable, "
            "one register and one record."
        ),
        more_info_href=routes.HYBRID_SCHOOL_ALIAS,
        heading="School management for hybrid schools",
        intro="Students on campus and online share one timetable, one register and one record.",
        tabs=_tabs("on-campus and online learners"),
        seo=Seo(
            "School management software for hybrid schools",
            "One timetable, register and record for students learning on campus and online.",
        ),
    ),
)
