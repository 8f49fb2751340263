"""Valid payloads exactly as spec section 7 sends them, shared by the lead tests."""

from __future__ import annotations

from typing import Any

DEMO_CONTACT: dict[str, Any] = {
    "email": "amina.khan@greenfield.edu.pk",
    "firstName": "Amina",
    "lastName": "Khan",
    "school": "Greenfield School",
    "country": "Pakistan",
    "phone": "+92 300 1234567",
    "job": "Principal",
    "nStudent": "850",
    "mis": "Spreadsheets",
    "ss": "No",
    "about": "Google search",
    "tSchool": "Multi-branch",
}
MODULES = (
    "studnetSmart",
    "hrSmart",
    "academicSmart",
    "communicationSmart",
    "pastoralSmart",
    "timetableSmart",
    "librarySmart",
    "reportSmart",
    "financeSmart",
    "administrationSmart",
)
RESPONSIBILITIES = ("academic", "communication", "administration", "it", "admission", "pastoral", "finance")

VALID: dict[str, dict[str, Any]] = {
    "ProductVideo": {
        "email": "ali@school.edu",
        "name": "Ali Raza",
        "contactNo": "+923001234567",
        "product": "Student Smart",
    },
    "ScheduleDemo": {
        **DEMO_CONTACT,
        **dict.fromkeys(MODULES[:3], "Yes"),
        **dict.fromkeys(MODULES[3:], "No"),
        **dict.fromkeys(RESPONSIBILITIES[:2], "Yes"),
        **dict.fromkeys(RESPONSIBILITIES[2:], "No"),
    },
    "SignupDemo": {**DEMO_CONTACT, "mis": "Paper forms"},
    "ProductDemo": {**DEMO_CONTACT, "product": "HR Smart"},
}
CAREERS: dict[str, Any] = {
    "firstName": "Sara",
    "lastName": "Iqbal",
    "email": "sara@example.com",
    "mobile": "0300 7654321",
    "country": "Pakistan",
    "city": "Lahore",
    "position": "Mathematics",
    "skillDescription": "Ten years teaching O-level maths.\nExam board marker.",
    "training": "B.Ed",
}
CONSENTED = {"consentCommunications": "Yes", "consentDataProcessing": True}
