"""The ten Smart modules: product cards, product pages and the Products menu."""

from __future__ import annotations

from typing import Any

from marketing_site import routes
from marketing_site.content.media import illustration, poster, video
from marketing_site.content.types import CARD_READ_MORE_LABEL, Feature, Module, ReadMore, Seo


def _features(*pairs: tuple[str, str]) -> tuple[Feature, ...]:
    return tuple(Feature(name, text) for name, text in pairs)


def _module(route: str, name: str, **fields: Any) -> Module:
    slug = routes.slug(route)
    return Module(
        route=route,
        name=name,
        image=illustration("modules", slug, f"{name} illustration"),
        video=video(slug),
        poster=poster(slug, f"{name} video preview"),
        **fields,
    )


STUDENT = _module(
    routes.STUDENT_SMART,
    "Student Smart",
    menu_label="Student Smart",
    small_heading="Paperless admissions",
    heading="Online or on-campus Student Registration and Admissions Program",
    intro=(
        "Student Smart takes admissions off paper: families register online or at the front desk, "
        "entry exams are scheduled and marked in one place, and every student record follows the "
        "learner from enquiry to graduation."
    ),
    card_text=(
        "Paperless admissions from the first enquiry to the first day: online registration, entry "
        "exams, parent accounts and complete student records in one place."
    ),
    features=_features(
        ("Student Admission", "Track every applicant from enquiry to enrolment with clear stages and offers."),
        ("Entry Exams", "Schedule entry tests, record marks and shortlist applicants automatically."),
        ("Parent Registration", "Parents create one account for all their children and keep details current."),
        ("Student Records", "A single, secure record for each student: personal, medical and academic history."),
        ("Online Registration Form", "A branded form families complete from any device, with document upload."),
        ("Census Module", "Produce headcounts and census returns by grade, section and branch in seconds."),
    ),
    background_color="#E8F1FF",
    seo=Seo(
        "Student Smart: online student registration and admissions",
        "Paperless school admissions: online registration, entry exams, parent registration, student records "
        "and census reports.",
    ),
    read_more=ReadMore(65, 100, 100, CARD_READ_MORE_LABEL),
)

HR = _module(
    routes.HR_SMART,
    "HR Smart",
    menu_label="HR Smart",
    small_heading="Staff self-administration",
    heading="Incredible, completely cloud-based HR program for schools",
    intro=(
        "HR Smart lets staff look after their own records, leave and training while the HR team "
        "runs recruitment, departments, payroll and attendance from one cloud workspace."
    ),
    card_text=(
        "Staff self-service for leave, training and personal details, with recruitment, departments, "
        "posts, payroll and biometric attendance for the HR office."
    ),
    features=_features(
        ("Staff Registration Form", "Capture new joiners' details, documents and contracts once."),
        ("Development & Training", "Plan courses, record certificates and follow professional growth."),
        ("Online Registration Form", "Candidates apply online; HR reviews and onboards without paper."),
        ("Department Module", "Organise departments and their heads across every branch."),
        ("Post Module", "Define posts, grades and reporting lines for clear responsibilities."),
        ("Payroll", "Run monthly payroll with allowances, deductions and payslips."),
        ("Student Coordinator", "Assign coordinators to student groups and track their caseload."),
        ("Staff Coordinator", "Coordinate duties, cover and communication for staff teams."),
        ("Staff Leave", "Staff request leave online; approvers see cover and balances at a glance."),
        ("Biometric", "Connect biometric devices so attendance flows straight into HR records."),
    ),
    background_color="#FFF4E5",
    seo=Seo(
        "HR Smart: cloud-based HR and payroll for schools",
        "Staff registration, training, departments, posts, payroll, leave and biometric attendance in one cloud "
        "HR program for schools.",
    ),
)

ACADEMIC = _module(
    routes.ACADEMIC_SMART,
    "Academic Smart",
    menu_label="Academic Smart",
    small_heading="Teaching and learning",
    heading="Plan, teach and track learning across every class",
    intro=(
        "Academic Smart brings the learning platform, course content, student information and "
        "academic planning together, so heads of department see the whole picture."
    ),
    card_text=(
        "A learning management system, course content, the student information desk and academic "
        "plans for heads of department and teachers, connected in one module."
    ),
    features=_features(
        ("LMS", "Assignments, quizzes and lessons for every class, online and in school."),
        ("CMS", "Create and share course content and resources by subject and grade."),
        ("SID", "The student information desk: timetables, marks and attendance per student."),
        ("Academic Head", "Dashboards for academic heads to follow progress across departments."),
        ("Academic Plan", "Build yearly and term plans and track coverage week by week."),
        ("CMS Admin", "Control who publishes content and keep the library of resources tidy."),
    ),
    background_color="#EAF8EF",
    seo=Seo(
        "Academic Smart: LMS, content and academic planning",
        "Learning management, course content, student information desk and academic plans for schools in one "
        "cloud module.",
    ),
)

ADMINISTRATION = _module(
    routes.ADMINISTRATION_SMART,
    "Administration Smart",
    menu_label="Administration Smart",
    small_heading="Campus operations",
    heading="Run every campus service from one administration desk",
    intro=(
        "Administration Smart covers the work that keeps a school open: inventory, canteen, "
        "transport, procurement, security and maintenance, mapped to your floor plans."
    ),
    card_text=(
        "Inventory, campus, canteen, transport, procurement, campus security and maintenance, "
        "organised on your own floor plans."
    ),
    features=_features(
        ("Inventory", "Know what you own, where it is and when to reorder."),
        ("Campus", "Manage buildings, rooms and facilities for every branch."),
        ("Canteen", "Menus, sales and stock for the school canteen."),
        ("Transport", "Routes, vehicles, drivers and student pick-up lists."),
        ("Procurement", "Requests, approvals and purchase orders with a clear audit trail."),
        ("Campus Security", "Visitor logs, gate passes and incident records."),
        ("Campus Maintenance", "Report faults, assign jobs and follow them to completion."),
        ("Floor Plan", "Map rooms and assets on each building's floor plan."),
    ),
    background_color="#F3EDFF",
    seo=Seo(
        "Administration Smart: campus, transport and inventory",
        "Inventory, campus, canteen, transport, procurement, security, maintenance and floor plans for school "
        "administrators.",
    ),
)

COMMUNICATION = _module(
    routes.COMMUNICATION_SMART,
    "Communication Smart",
    menu_label="Communication Smart",
    small_heading="School-wide messaging",
    heading="Keep staff, students and parents informed in one place",
    intro=(
        "Communication Smart gives your coordinators one channel for bulletins, calendars and the "
        "parent and student portals, so the right message reaches the right people."
    ),
    card_text=(
        "A communication coordinator, school bulletins, shared calendars and portal coordination "
        "so families and staff always know what is happening."
    ),
    features=_features(
        ("Communication Coordinator", "Plan and approve messages before they go out."),
        ("Bulletin", "Publish news and notices to staff, students or parents."),
        ("Calendar", "One school calendar for events, exams and holidays."),
        ("Portal Coordination", "Keep the parent, student and staff portals consistent."),
    ),
    background_color="#E6F7FB",
    seo=Seo(
        "Communication Smart: bulletins, calendars and portals",
        "Bulletins, calendars and portal coordination that keep staff, students and parents informed.",
    ),
)

FINANCE = _module(
    routes.FINANCE_SMART,
    "Finance Smart",
    menu_label="Finance Smart",
    small_heading="Accounts and budgets",
    heading="School accounts and budgets without the spreadsheets",
    intro=(
        "Finance Smart keeps fees, expenses and budgets in one ledger, with reports the bursar and the board can trust."
    ),
    card_text=(
        "Accounts and budgets for the bursar's office: fees, expenses and approvals in one ledger "
        "with reports for leadership and the board."
    ),
    features=_features(
        ("Accounts", "Fees, invoices, receipts and expenses in one ledger."),
        ("Budget", "Set budgets per department and compare them with actual spending."),
    ),
    background_color="#FFF0F0",
    seo=Seo(
        "Finance Smart: school accounts and budgets",
        "Fees, invoices, expenses and budgets in one school ledger with clear financial reports.",
    ),
)

LIBRARY = _module(
    routes.LIBRARY_SMART,
    "Library Smart",
    menu_label="Library Smart",
    small_heading="Catalogue and lending",
    heading="A library catalogue your librarian will enjoy using",
    intro="Library Smart catalogues every book by category and tracks who has borrowed what.",
    card_text=(
        "Book categories, the catalogue of books and issuing and returns for your librarian, with "
        "reminders for overdue loans."
    ),
    features=_features(
        ("Book Category", "Organise the collection by subject, level and language."),
        ("Books", "Catalogue every copy with its author, edition and shelf."),
        ("Issue Books", "Issue and return books in seconds and see overdue loans."),
    ),
    background_color="#FDF6E3",
    seo=Seo(
        "Library Smart: school library catalogue and lending",
        "Book categories, catalogue and issuing for school libraries.",
    ),
)

PASTORAL = _module(
    routes.PASTORAL_SMART,
    "Pastoral Smart",
    menu_label="Wellbeing",
    small_heading="Behaviour, attendance and wellbeing",
    heading="Look after every student's wellbeing, behaviour and attendance",
    intro=(
        "Pastoral Smart follows behaviour, attendance and detention alongside medical care, "
        "activities and special educational needs, so pastoral teams act early."
    ),
    card_text=(
        "Behaviour, attendance and detention with the medical centre, activities, exclusions, SEN "
        "and student profiles for pastoral teams."
    ),
    features=_features(
        ("Medical Centre", "Record visits, medication and allergies securely."),
        ("Activities", "Clubs, trips and co-curricular activities with sign-ups."),
        ("Exclusion", "Document exclusions and reintegration plans properly."),
        ("SEN Manager", "Support plans and reviews for students with special educational needs."),
        ("Report Manager", "Pastoral reports for parents and leadership."),
        ("Student Profile", "A rounded profile of each student's wellbeing over time."),
    ),
    background_color="#EEF7E8",
    seo=Seo(
        "Pastoral Smart: student wellbeing, behaviour and attendance",
        "Medical centre, activities, exclusions, SEN, reports and student profiles for pastoral care teams.",
    ),
)

TIMETABLE = _module(
    routes.TIMETABLE_SMART,
    "Timetable Smart",
    menu_label="Timetable Smart",
    small_heading="Timetables and cover",
    heading="Timetables for students and staff that build themselves",
    intro=(
        "Timetable Smart builds student and staff timetables, consolidates them for the whole "
        "school and arranges substitutions automatically when a teacher is away."
    ),
    card_text=(
        "Student, staff and consolidated timetables with the academic calendar and automatic "
        "substitution when a teacher is absent."
    ),
    features=_features(
        ("Student", "Each student's weekly timetable, always up to date."),
        ("Staff", "Teaching loads and free periods for every member of staff."),
        ("Consolidated", "One consolidated view of the whole school's timetable."),
        ("Academic Calendar", "Terms, holidays and exam weeks that shape the timetable."),
        ("Automatic Substitution", "Cover is suggested and assigned automatically for absences."),
    ),
    background_color="#EEF0FF",
    seo=Seo(
        "Timetable Smart: school timetables and automatic cover",
        "Student, staff and consolidated timetables with the academic calendar and automatic substitution.",
    ),
)

REPORT = _module(
    routes.REPORT_SMART,
    "Report Smart",
    menu_label="Report Smart",
    small_heading="Reporting",
    heading="Custom reports from every corner of your school",
    intro="Report Smart turns the data in every module into the reports your leaders ask for.",
    card_text=(
        "Custom reporting across every module, so leaders, inspectors and the board get the "
        "figures they need without waiting."
    ),
    features=_features(
        ("Custom Reporting", "Build, save and schedule reports from any module's data."),
    ),
    background_color="#F5F5F5",
    seo=Seo(
        "Report Smart: custom reporting for schools",
        "Custom reports across every module for school leaders, inspectors and boards.",
    ),
)

MODULES: tuple[Module, ...] = (
    STUDENT,
    HR,
    ACADEMIC,
    ADMINISTRATION,
    COMMUNICATION,
    FINANCE,
    LIBRARY,
    PASTORAL,
    TIMETABLE,
    REPORT,
)
