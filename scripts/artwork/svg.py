"""Tiny SVG builder: each helper returns markup, so scenes read as lists of shapes."""

from __future__ import annotations

from html import escape

FONT = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _num(value) if isinstance(value, (int, float)) else escape(str(value))
        parts.append(f' {name}="{text}"')
    return "".join(parts)


def el(tag: str, *children: str, **attrs: object) -> str:
    inner = "".join(children)
    return f"<{tag}{_attrs(attrs)}>{inner}</{tag}>" if inner else f"<{tag}{_attrs(attrs)}/>"


def rect(x: float, y: float, w: float, h: float, fill: str, rx: float = 0, **attrs: object) -> str:
    return el("rect", x=x, y=y, width=w, height=h, rx=rx or None, fill=fill, **attrs)


def circle(cx: float, cy: float, r: float, fill: str, **attrs: object) -> str:
    return el("circle", cx=cx, cy=cy, r=r, fill=fill, **attrs)


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, **attrs: object) -> str:
    return el("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, fill=fill, **attrs)


def path(d: str, fill: str = "none", **attrs: object) -> str:
    return el("path", d=d, fill=fill, **attrs)


def line(d: str, stroke: str, width: float = 4, **attrs: object) -> str:
    """An open stroked path with the house stroke style (round caps and joins)."""
    return path(d, stroke=stroke, stroke_width=width, stroke_linecap="round", stroke_linejoin="round", **attrs)


def text(x: float, y: float, content: str, size: float, fill: str, weight: int = 600, **attrs: object) -> str:
    return el(
        "text", escape(content), x=x, y=y, font_size=size, fill=fill, font_weight=weight, font_family=FONT, **attrs
    )


def group(*children: str, **attrs: object) -> str:
    return el("g", *children, **attrs)


def place(x: float, y: float, scale: float, *children: str) -> str:
    """Draw a motif designed at the origin at (x, y), scaled."""
    return group(*children, transform=f"translate({_num(float(x))} {_num(float(y))}) scale({_num(float(scale))})")


def document(width: int, height: int, *children: str, defs: str = "") -> str:
    """A standalone SVG whose width, height and viewBox all equal the content record's size."""
    head = el("defs", defs) if defs else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">{head}{"".join(children)}</svg>\n'
    )
