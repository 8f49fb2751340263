"""Find every asset the content package references, by walking all records in all its modules.

Shared by the generator and the asset test, so a page engineer adding content needs no registry.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Iterator

VIDEO_PREFIX = "/videos/"


def _content_values() -> Iterator[object]:
    import marketing_site.content as content

    for info in pkgutil.walk_packages(content.__path__, f"{content.__name__}."):
        yield from vars(importlib.import_module(info.name)).values()


def _walk(value: object, seen: set[int]) -> Iterator[object]:
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, (tuple, list, set, frozenset)):
        children = list(value)
    elif isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    else:
        return
    for child in children:
        yield from _walk(child, seen)


def referenced_images() -> dict[str, object]:
    """Every content `Image` by src; one src used with two sizes is a content error."""
    from marketing_site.content.types import Image

    images: dict[str, Image] = {}
    seen: set[int] = set()
    for value in _content_values():
        for item in _walk(value, seen):
            if isinstance(item, Image):
                known = images.setdefault(item.src, item)
                if (known.width, known.height) != (item.width, item.height):
                    raise ValueError(f"{item.src} is referenced with two sizes")
    return images


def referenced_videos() -> set[str]:
    """Every string in the content that is a path under /videos/."""
    seen: set[int] = set()
    return {
        item
        for value in _content_values()
        for item in _walk(value, seen)
        if isinstance(item, str) and item.startswith(VIDEO_PREFIX)
    }
