"""Fast positional constructors for frozen, slotted dataclasses (a hot-path helper; no rule lives here).

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``, which costs about
a tenth of a microsecond per field; a chart that builds some eighty small values pays for it on every cast.
:func:`maker` returns a function that builds the same instance without it: the slots are filled on an object
of :func:`mirror` (a plain class with the same slots, so the same memory layout, whose attributes may be
assigned) and the object's class is then set to the dataclass, which Python allows between classes of the
same layout. A class with slotted bases (a different layout) has its slots written through their descriptors
instead. Either way the value is equal to the one the class's own constructor gives, is of that class, stays
frozen (assignment still raises), and skips no check, because these classes have no ``__post_init__``
(:func:`maker` refuses a class that has one). The made function takes every field, defaults included: it has
no defaults of its own, so a call that leaves one out fails as it should. ``tests/core/test_frozen.py``
compares the two.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def _check(cls: type[Any]) -> None:
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__; build it with its own constructor")


def mirror(cls: type[Any]) -> type[Any]:
    """A plain class with the slots of the frozen, slotted dataclass *cls* (same names, same order: the same
    layout), for code that fills the slots itself and then sets ``__class__`` to *cls* (as :func:`maker`'s
    functions do); TypeError for a class whose layout it cannot copy (slotted bases)."""
    _check(cls)
    if cls.__bases__ != (object,):
        raise TypeError(f"{cls.__name__} has bases: its layout is not its own slots alone")
    return type(f"_{cls.__name__}Slots", (), {"__slots__": cls.__dict__["__slots__"]})


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor taking every field of *cls* positionally, in declaration order (defaults too)."""
    _check(cls)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in fields]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    if cls.__bases__ == (object,):  # filled on a mirror, then made a cls
        namespace["_mirror"] = mirror(cls)
        lines = [f"def make({', '.join(names)}):", "    o = _new(_mirror)"]
        lines += [f"    o.{name} = {name}" for name in names]
        lines.append("    o.__class__ = _cls")
    else:  # slotted bases: each slot through its descriptor
        lines = [f"def make({', '.join(names)}):", "    o = _new(_cls)"]
        for i, name in enumerate(names):
            namespace[f"_set{i}"] = getattr(cls, name).__set__
            lines.append(f"    _set{i}(o, {name})")
    lines.append("    return o")
    exec("\n".join(lines), namespace)  # the source is built from the field names above
    made: Callable[..., T] = namespace["make"]
    made.__doc__ = f"{cls.__name__}({', '.join(names)}), built slot by slot (see xuanheng.core._frozen)."
    return made


__all__ = ["maker", "mirror"]
