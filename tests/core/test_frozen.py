"""core._frozen.maker builds the same frozen values as the classes' own constructors."""

from __future__ import annotations

import dataclasses
import random

import pytest

from xuanheng.core._frozen import maker, mirror
from xuanheng.qizheng.chart import Palace, XiuBound, XiuPosition, Yao


def _value(rng: random.Random, f: dataclasses.Field[object]) -> object:
    kind = str(f.type)
    if "XiuPosition" in kind:
        return XiuPosition(rng.randrange(28), rng.random(), rng.random(), "角木初度")
    if "tuple" in kind:
        return tuple(rng.choice(["入垣", "升殿", "廟"]) for _ in range(rng.randrange(3)))
    if kind == "int":
        return rng.randrange(28)
    if kind == "float":
        return rng.uniform(-360, 360)
    if kind == "bool":
        return rng.random() < 0.5
    return rng.choice(["日", "命宮", "順", "mean node, south"])


@pytest.mark.parametrize("cls", [XiuPosition, Yao, Palace, XiuBound])
def test_maker_equals_the_constructor(cls: type) -> None:
    rng = random.Random(cls.__name__)
    make = maker(cls)
    for _ in range(200):
        args = [_value(rng, f) for f in dataclasses.fields(cls)]
        made, built = make(*args), cls(*args)
        assert made == built
        assert hash(made) == hash(built)
        assert repr(made) == repr(built)
        assert type(made) is cls
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.__setattr__(dataclasses.fields(cls)[0].name, args[0])


def test_maker_of_a_class_with_slotted_bases_writes_the_descriptors() -> None:
    """A subclass has its bases' slots too, so no mirror has its layout: maker writes each slot instead."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Base:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Child(Base):
        b: str

    made = maker(Child)(1, "x")
    assert made == Child(1, "x") and type(made) is Child
    with pytest.raises(TypeError):
        mirror(Child)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.__setattr__("b", "y")


def test_maker_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class PostInit:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(slots=True)
    class Mutable:
        a: int

    for cls in (NoSlots, PostInit, Mutable):
        with pytest.raises(TypeError):
            maker(cls)


def test_maker_takes_every_field_defaults_too() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Defaults:
        a: int
        b: tuple[int, ...] = ()
        c: dict[str, int] = dataclasses.field(default_factory=dict)

    make = maker(Defaults)
    assert make(1, (2,), {"x": 3}) == Defaults(1, (2,), {"x": 3})
    with pytest.raises(TypeError):
        make(1)  # no default is filled in: every field must be given
