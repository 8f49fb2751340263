"""Which scene illustrates which module, service and school type (keyed by content slug)."""

from __future__ import annotations

from collections.abc import Callable

from scripts.artwork import scenes_data as data
from scripts.artwork import scenes_people as people
from scripts.artwork import scenes_schools as schools
from scripts.artwork import scenes_services as services
from scripts.artwork import scenes_things as things
from scripts.artwork.palette import Palette

Scene = Callable[[Palette], str]

MODULE_SCENES: dict[str, Scene] = {
    "studentSmart": people.admissions,
    "hrSmart": people.staff,
    "academicSmart": things.academics,
    "administrationSmart": things.campus,
    "communicationSmart": people.messaging,
    "financeSmart": data.finance,
    "librarySmart": things.library,
    "pastoralSmart": people.wellbeing,
    "timetableSmart": data.timetable,
    "reportSmart": data.reporting,
}
SERVICE_SCENES: dict[str, Scene] = {
    "consultancy": services.consultancy,
    "caseStudy": services.case_study,
    "installation": services.installation,
    "migration": services.migration,
    "integration": services.integration,
    "training": services.training,
}
SCHOOL_SCENES: dict[str, Scene] = {
    "oneBranchSchool": schools.one_branch,
    "mbSchool": schools.multi_branch,
    "gpSchool": schools.group_of_schools,
    "hybridSchool": schools.hybrid,
}
