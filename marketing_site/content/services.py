"""The six service pages and the Services menu."""

from __future__ import annotations

from typing import Any

from marketing_site import routes
from marketing_site.content.media import illustration
from marketing_site.content.types import Link, Section, Seo, Service, Step

_CONSULTANCY = Link("Consultancy", routes.CONSULTANCY)
_INSTALLATION = Link("Installation", routes.INSTALLATION)
_MIGRATION = Link("Migration", routes.MIGRATION)
_INTEGRATION = Link("Integration", routes.INTEGRATION)
_TRAINING = Link("Training", routes.TRAINING)


def _service(route: str, name: str, **fields: Any) -> Service:
    image = illustration("services", routes.slug(route), f"{name} illustration")
    return Service(route=route, name=name, image=image, **fields)


SERVICES: tuple[Service, ...] = (
    _service(
        routes.CONSULTANCY,
        "Consultancy",
        heading="School management consultancy",
        intro=(
            "Our consultants have helped schools of every size move from paper and spreadsheets to "
            "one connected system. We start with how your school works today and plan the change with you."
        ),
        sections=(
            Section(
                "Understand your school",
                (
                    "We meet your leadership, admissions, academic and finance teams to map the processes "
                    "that matter and the reports you rely on.",
                ),
            ),
            Section(
                "A plan you can follow",
                (
                    "You receive a written roadmap: which modules to start with, who does what, and how "
                    "long each step takes, so nothing is left to guesswork.",
                ),
            ),
        ),
        related=(_INSTALLATION, _MIGRATION, _TRAINING),
        seo=Seo(
            "Consultancy for school management systems",
            "Plan your move to a cloud school management system with consultants who know how schools work.",
        ),
    ),
    _service(
        routes.CASE_STUDY,
        "Case Study",
        heading="Case studies from schools like yours",
        intro=(
            "One-branch schools, multi-branch networks and school groups use the suite every day. "
            "Their stories show what changed and how long it took."
        ),
        sections=(
            Section(
                "A multi-branch school goes paperless",
                (
                    "Admissions moved online across four branches in one term; the front office now "
                    "spends its time with families instead of forms.",
                ),
            ),
            Section(
                "A school group unifies its reporting",
                (
                    "Finance and academic reports that took a week to assemble by hand are now ready "
                    "every Monday morning for the board.",
                ),
            ),
        ),
        related=(_CONSULTANCY, _INSTALLATION, _INTEGRATION),
        seo=Seo(
            "Case studies: schools using the Smart suite",
            "How one-branch, multi-branch and group schools moved admissions, academics and finance to the cloud.",
        ),
    ),
    _service(
        routes.INSTALLATION,
        "Installation",
        heading="Installation in six weeks, in three steps",
        intro=(
            "An average installation takes six weeks from the first workshop to go-live. "
            "We do it in three steps, with your team involved at every one."
        ),
        steps_heading="The average installation takes six weeks, in three steps",
        steps=(
            Step(
                "Step 1: Discover and configure (weeks 1-2)",
                "We confirm your structure (branches, grades, sections, departments) and configure "
                "the modules you chose.",
            ),
            Step(
                "Step 2: Migrate and test (weeks 3-4)",
                "Your existing data is imported and checked with your staff on a test copy of the system.",
            ),
            Step(
                "Step 3: Train and go live (weeks 5-6)",
                "Staff are trained role by role, then the school switches over with our team on call.",
            ),
        ),
        sections=(),
        related=(_MIGRATION, _TRAINING, _INTEGRATION),
        seo=Seo(
            "Installation: live in six weeks, in three steps",
            "The average installation of the school management suite takes six weeks in three clear steps.",
        ),
    ),
    _service(
        routes.MIGRATION,
        "Migration",
        heading="Data migration without losing a record",
        intro=(
            "We move your students, staff, fees and history from spreadsheets or your current MIS, "
            "check every figure with you and keep the old data until you are satisfied."
        ),
        sections=(
            Section(
                "What we migrate",
                ("Student and parent records, staff files, fee balances, marks and attendance history.",),
            ),
            Section(
                "How we check it",
                ("Counts and totals are reconciled line by line and signed off by your team before go-live.",),
            ),
        ),
        related=(_INSTALLATION, _INTEGRATION, _CONSULTANCY),
        seo=Seo(
            "Data migration to the Smart school suite",
            "Move student, staff and finance data from spreadsheets or another MIS safely, checked by your team.",
        ),
    ),
    _service(
        routes.INTEGRATION,
        "Integration",
        heading="Integration with the systems you already use",
        intro=(
            "Connect biometric devices, payment gateways, accounting packages and learning tools "
            "so information flows without double entry."
        ),
        sections=(
            Section(
                "Common integrations",
                (
                    "Biometric attendance devices, banks and payment gateways, SMS and email providers, "
                    "and single sign-on.",
                ),
            ),
            Section(
                "Open and documented",
                ("Our team builds and maintains each connection and documents it for your IT staff.",),
            ),
        ),
        related=(_MIGRATION, _INSTALLATION, _TRAINING),
        seo=Seo(
            "Integration with biometric, payment and learning tools",
            "Connect the school suite with biometric devices, payment gateways, accounting and learning tools.",
        ),
    ),
    _service(
        routes.TRAINING,
        "Training",
        heading="Training for every role in your school",
        intro=(
            "Administrators, teachers, finance staff and librarians each learn the parts of the "
            "system they use, in person or online."
        ),
        sections=(
            Section(
                "Role-based sessions", ("Short, practical sessions for each team, with guides they keep afterwards.",)
            ),
            Section("Train the trainer", ("We prepare your own champions to onboard new staff long after go-live.",)),
        ),
        related=(_INSTALLATION, _CONSULTANCY, _MIGRATION),
        seo=Seo(
            "Training for school staff on the Smart suite",
            "Role-based training for administrators, teachers and finance staff, in person or online.",
        ),
    ),
)
