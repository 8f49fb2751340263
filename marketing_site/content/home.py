"""Home page copy: hero, counters, video, tagline, news carousel and partners."""

from __future__ import annotations

from marketing_site import routes
from marketing_site.content.links import BOOK_DEMO, WATCH_DEMO
from marketing_site.content.media import illustration, poster, video
from marketing_site.content.types import Counter, Image, Link, NewsSlide, Partner, Seo

SEO = Seo(
    "Smart School Suite: cloud school management system",
    "Admissions, HR, academics, finance, timetables and wellbeing in one cloud school management system "
    "for one-branch, multi-branch, group and hybrid schools.",
)

HERO_HEADING = "Every area of school life, just got easier and simple to manage."
HERO_TEXT = (
    "Ten connected Smart modules for admissions, staff, teaching, finance and wellbeing, "
    "in the cloud and ready for every kind of school."
)
HERO_IMAGE = Image(src="/images/hero.webp", alt="", width=1600, height=900)
HERO_OVERLAY_OPACITY = 0.7
# Most important first: drawn as the primary button, the secondary (outlined) and a text link.
HERO_ACTIONS: tuple[Link, ...] = (
    BOOK_DEMO,
    Link("View the product", routes.PRODUCT),
    WATCH_DEMO,
)

COUNTERS: tuple[Counter, ...] = (
    Counter(5, "+", "YEARS"),
    Counter(2, "M +", "VIEWS"),
    Counter(25, "K +", "HOURS"),
    Counter(100, "+", "SUBJECTS"),
)
COUNTER_SCROLL_THRESHOLD_PX = 400
COUNTER_DURATION_MS = 3000
COUNTER_DELAY_MS = 1000
COUNTER_START = 1
COUNTERS_LABEL = "Smart School Suite in numbers"

VIDEO_EYEBROW = "Product tour"
VIDEO_HEADING = "See a school day run on Smart School Suite"
VIDEO = video("promo")
VIDEO_TEXT = (
    f"A {VIDEO.seconds}-second preview of the suite's modules. For the full walk-through of admissions, "
    "timetables and parent communication, book a live demo."
)
VIDEO_POSTER = poster("promo", "Promotional video: a school day on Smart School Suite")
VIDEO_PLAY_LABEL = "Play the promotional video"

TAGLINE = "Discover a unique needs of your business, helping to build a successful learning experience!"
SCHOOL_TABS_HEADING = "Made for every kind of school"
SCHOOL_TABS_LABEL = "School types"
MORE_INFO_LABEL = "More Info"
MORE_INFO_CONTEXT = "about {name}"  # read by screen readers after "More Info"

NEWS_HEADING = "Community and company news"
COMMUNITY_EYEBROW = "Community"
_APPS_SLIDE = NewsSlide(
    title="Apps for parents, students and staff are coming soon",
    text=(
        "Our mobile apps will put timetables, homework, attendance and school news in every "
        "parent's, student's and teacher's pocket."
    ),
    date="28 October 2021",
    image=illustration("news", "apps", "Phones showing the parent, student and staff apps", 640, 400),
)
NEWS_SLIDES: tuple[NewsSlide, ...] = (_APPS_SLIDE, _APPS_SLIDE, _APPS_SLIDE)
COMMUNITY_NOTICE = NewsSlide(
    title="Community user group",
    text=(
        "Join school leaders and administrators at our community user group to share practice, "
        "see what is new and shape the roadmap."
    ),
    date="25 December 2021",
    image=illustration("news", "community", "School leaders meeting at the community user group", 640, 400),
)

PARTNERS_HEADING = "Our affiliate partners"
PARTNERS: tuple[Partner, ...] = tuple(
    Partner(name, illustration("partners", slug, f"{name} logo", 200, 80))
    for name, slug in (
        ("Cloud Campus Alliance", "cloud-campus"),
        ("EduBridge", "edubridge"),
        ("LearnWell Foundation", "learnwell"),
        ("Gulf Schools Network", "gulf-schools"),
        ("Punjab Education Partners", "punjab-education"),
        ("Open Classroom", "open-classroom"),
        ("BrightPath Assessment", "brightpath"),
    )
)
PARTNER_CAROUSEL_VISIBLE = 5
PARTNER_CAROUSEL_VISIBLE_SMALL = 2  # below 640 px five logos would be too small to read
PARTNER_CAROUSEL_MARGIN_PX = 9
