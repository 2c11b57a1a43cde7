"""Fast positional constructors for frozen, slotted dataclasses (a hot-path helper; no rule lives here).

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``, which costs about
a tenth of a microsecond per field; a chart that builds some eighty small values pays for it on every cast.
:func:`maker` returns a function that builds the same instance by writing each slot through its
descriptor: the value is equal to the one the class's own constructor gives, stays frozen (assignment
still raises), and skips no check, because these classes have no ``__post_init__`` (:func:`maker` refuses
a class that has one). The made function takes every field, defaults included: it has no defaults of its
own, so a call that leaves one out fails as it should. ``tests/core/test_frozen.py`` compares the two.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor taking every field of *cls* positionally, in declaration order (defaults too)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__; build it with its own constructor")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in fields]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def make({', '.join(names)}):", "    o = _new(_cls)"]
    for i, name in enumerate(names):
        namespace[f"_set{i}"] = getattr(cls, name).__set__
        lines.append(f"    _set{i}(o, {name})")
    lines.append("    return o")
    exec("\n".join(lines), namespace)  # the source is built from the field names above
    made: Callable[..., T] = namespace["make"]
    made.__doc__ = f"{cls.__name__}({', '.join(names)}), built slot by slot (see xuanheng.core._frozen)."
    return made


__all__ = ["maker"]
