"""Typed records for every piece of site copy; pages are generated from these.

Pure data with no Reflex import, so content edits never touch a component and
content can be unit-tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from marketing_site.routes import slug as route_slug


@dataclass(frozen=True)
class Seo:
    """Head tags of one page."""

    title: str
    description: str


@dataclass(frozen=True)
class Link:
    """A labelled internal route or external address."""

    label: str
    href: str
    # Display name stored under localStorage `product-name` when the link is chosen.
    product_name: str = ""


@dataclass(frozen=True)
class Menu:
    """One top-navigation dropdown."""

    label: str
    items: tuple[Link, ...]


@dataclass(frozen=True)
class Image:
    """An asset with its intrinsic size, so the browser reserves space before it loads."""

    src: str
    alt: str
    width: int
    height: int


@dataclass(frozen=True)
class Video:
    """A clip with its real frame size, so players keep its aspect ratio inside any viewport."""

    src: str
    width: int
    height: int
    seconds: int  # running time, so copy never promises a longer tour than the file holds
    uploaded: date  # when it was published (search engines' VideoObject uploadDate)


@dataclass(frozen=True)
class Feature:
    """One entry of a module's features overview."""

    name: str
    description: str


@dataclass(frozen=True)
class ReadMore:
    """Card description truncation, in characters (spec section 9)."""

    min_length: int = 80
    ideal_length: int = 100
    max_length: int = 200
    label: str = "read more"


CARD_READ_MORE_LABEL = "click here to read more"


@dataclass(frozen=True)
class Module:
    """A product module (Student Smart, HR Smart, ...): its card, page and menu entry."""

    route: str  # a routes.py constant, e.g. routes.STUDENT_SMART
    name: str  # display name, e.g. "Student Smart"
    menu_label: str  # label in menus (Pastoral shows as Wellbeing)
    small_heading: str  # card subheading
    heading: str  # product page headline
    intro: str
    card_text: str  # description truncated by the read-more toggle
    features: tuple[Feature, ...]
    background_color: str
    image: Image
    video: Video
    poster: Image
    seo: Seo
    # Product cards say "click here to read more" (spec section 2); Student's card is shorter.
    read_more: ReadMore = field(default_factory=lambda: ReadMore(100, 150, 200, CARD_READ_MORE_LABEL))

    @property
    def slug(self) -> str:
        return route_slug(self.route)


@dataclass(frozen=True)
class Section:
    """A titled block of paragraphs on a text page."""

    heading: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Step:
    """A numbered step (the installation page's three steps)."""

    title: str
    text: str


@dataclass(frozen=True)
class Service:
    """A service page (consultancy, installation, ...)."""

    route: str
    name: str
    heading: str
    intro: str
    sections: tuple[Section, ...]
    related: tuple[Link, ...]  # "You may also be interested in": three links
    image: Image
    seo: Seo
    steps: tuple[Step, ...] = ()
    steps_heading: str = ""

    @property
    def slug(self) -> str:
        return route_slug(self.route)


@dataclass(frozen=True)
class SchoolTab:
    """One of the five tabs on a school-type page."""

    name: str  # SID, LMS, ADMISSION, ACADEMIC PLAN, HR; stored as product-name by Watch Demo
    heading: str
    description: str


@dataclass(frozen=True)
class SchoolType:
    """A school-type page and its home-page tab."""

    route: str
    name: str
    tab_label: str  # label of the home-page tab
    home_heading: str
    home_text: str
    more_info_href: str  # the home tab's More Info target (the hybrid tab uses /HybridSchool)
    heading: str
    intro: str
    tabs: tuple[SchoolTab, ...]
    image: Image
    seo: Seo

    @property
    def slug(self) -> str:
        return route_slug(self.route)


@dataclass(frozen=True)
class Office:
    """A company office shown as text on Contact us and About us."""

    city: str
    country: str
    address: str
    phone: str
    email: str
    headquarters: bool = False


@dataclass(frozen=True)
class InfoPage:
    """A company or support page; `coming_soon` pages show a notice instead of sections."""

    route: str
    heading: str
    intro: str
    seo: Seo
    sections: tuple[Section, ...] = ()
    coming_soon: bool = False
    offices: tuple[Office, ...] = ()  # shown as address cards (About us, Contact us)
    contacts: tuple[str, ...] = ()  # support and press lines, shown as text
    links: tuple[Link, ...] = ()  # "Useful links" for visitors while a page is coming soon

    @property
    def slug(self) -> str:
        return route_slug(self.route)


@dataclass(frozen=True)
class Counter:
    """A marketing figure of the counter strip."""

    end: int
    suffix: str
    label: str


@dataclass(frozen=True)
class NewsSlide:
    """A slide of the home-page news carousel."""

    title: str
    text: str
    date: str
    image: Image


@dataclass(frozen=True)
class Partner:
    """An affiliate partner logo."""

    name: str
    logo: Image


@dataclass(frozen=True)
class Testimonial:
    """A real customer's words, with their permission; shown only when records exist."""

    quote: str
    name: str
    role: str  # e.g. "Principal"
    school: str


@dataclass(frozen=True)
class CustomerLogo:
    """A school that uses the suite and agreed to show its logo."""

    name: str
    logo: Image


@dataclass(frozen=True)
class FormField:
    """One visible form control, named as the lead API names it (spec section 7)."""

    name: str
    label: str
    kind: str = "text"  # text, email, tel, select, textarea, url, datalist, phone
    placeholder: str = ""
    required: bool = False
    options: tuple[str, ...] = ()
    autocomplete: str = "off"
    # The label carries a star although the browser does not require it (spec section 5: "ss").
    starred: bool = False


@dataclass(frozen=True)
class Choice:
    """A Yes/No checkbox sent as one API flag."""

    name: str
    label: str


@dataclass(frozen=True)
class SuccessCopy:
    """The modal shown once the lead is stored."""

    title: str
    text: str
    continue_label: str = "Continue"


@dataclass(frozen=True)
class LeadFormCopy:
    """Everything a lead form shows: heading, fields, choices and answers."""

    heading: str
    intro: str
    fields: tuple[FormField, ...]
    submit_label: str
    success: SuccessCopy
    seo: Seo


@dataclass(frozen=True)
class OpenPosition:
    """A job the company is hiring for, with a page of its own (and Google's JobPosting markup while open)."""

    route: str  # a routes.py constant under /careers
    title: str  # the job's title, as job seekers search for it
    position: str  # the application form's position it is applied for under (forms.CAREER_POSITIONS)
    summary: str
    duties: tuple[str, ...]
    employment_type: str  # schema.org's word: FULL_TIME, PART_TIME, CONTRACTOR, TEMPORARY, INTERN
    office_city: str  # where the work is: a city of site.OFFICES
    posted: date
    valid_through: date  # the last day applications are read; afterwards the page says it is closed
    seo: Seo

    def open_on(self, day: date) -> bool:
        return self.posted <= day <= self.valid_through
