"""The one rule engine of every method: a rule is data, a condition is one small registered function.

**The schema.** A rule file is ``<package>/data/<name>.toml`` with an array of tables (``[[rule]]``). Every
rule has

=============  ======================================================================================
``id``         the rule's id (an INVENTORY id such as ``000-127`` when one item gives it; one item stated
               as several cases — 000-097 by the 用爻's element — is several rules with one id and
               different ``when``)
``src``        INVENTORY ids (``000-127``) and/or books with chapter (``《六壬大全》卷一〈十二神〉``)
``kind``       one of the kinds the method declares (大抵, verse, attribute …)
``topics``     keys of the shared topic vocabulary (:mod:`xuanheng.rules.topics`)
``when``       condition → value; every condition must hold (``any = [{…}, {…}]``: one of the tables)
``text``       ``{ko, zh-Hant, en}`` (``zh-Hans`` optional: derived from ``zh-Hant`` by OpenCC)
=============  ======================================================================================

plus the extra keys a method declares for its own rule families (``tag``, ``note``, ``scope`` …). Anything
else — an unknown key, condition, kind or topic, a missing language, a ``src`` that is neither an id of the
inventory nor a named book, a duplicate id — is refused when the file is loaded, with an error naming the
file and the rule.

**Conditions.** A method registers its condition vocabulary on a :class:`Vocabulary`::

    VOCAB = Vocabulary("jinkoujue")

    @VOCAB.condition("gui_shen", values=TIAN_JIANG)
    def _gui_shen(ctx, value, when):  # -> the facts that made it hold, or None
        ...

A condition gets the method's evaluation context, the rule's value for it and the whole ``when`` table (for
conditions that read a neighbour, e.g. the 神煞 a ``shensha_ke`` condition speaks of); it returns the chart
facts that made it hold (JSON-ready, classical terms as values) or ``None``. :meth:`Vocabulary.holds`
evaluates a ``when`` table: the facts of its conditions merged in order, the first one to set a key wins.

How a method iterates (once per chart, or once per position of a chart, …) and how it turns a rule that holds
into a :class:`~xuanheng.reading.FiredRule` is the method's reading; the schema, the loading checks and the
meaning of ``when`` are this module's and the same everywhere.

**Speed**, for every method, without a second statement of any rule: :meth:`Vocabulary.plan` (a table's
look-ups made once; :meth:`Vocabulary.check_of`, a table bound into one function of the context),
:meth:`Vocabulary.holding` (a rule set in one pass), :meth:`Vocabulary.select` (a table of item words read
over several contexts together — :class:`Items`, e.g. the six lines of a 六爻 chart — each condition once
per item and set), the memo of the conditions declared ``shared`` (filled by calling them, kept by the
caller for what it stands for), and the masks a condition may declare (the items it can hold on, read off
facts the items' owner holds: a table is evaluated only on the items its conditions' masks leave).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import FunctionType
from typing import Any

from xuanheng.reading import Text
from xuanheng.rules.sources import check_src
from xuanheng.rules.topics import TOPIC_KEYS

Facts = dict[str, Any]
Condition = Callable[[Any, Any, Mapping[str, Any]], "Facts | None"]

#: keys every rule may have
BASE_KEYS = frozenset({"id", "src", "kind", "topics", "when", "text"})
#: the developers' note beside a rule's sources (what a ``src`` may not hold: a gloss, a quoted phrase, why
#: the source is read so): every rule may carry one; it reaches the rule's ``extra`` only in a family that
#: names it among its extra keys
NOTE_KEY = "note"
LANG_KEYS = ("ko", "zh-Hant", "en")


#: how many condition tables a vocabulary keeps the plan of (:meth:`Vocabulary.plan`; the rule files of
#: a method have a few hundred)
PLAN_LIMIT = 1 << 14


class RuleDataError(ValueError):
    """A rule file breaks the schema; the message names the file and the rule."""


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _reads_table(fn: Condition) -> bool:
    """Whether *fn* may read its third argument (the whole ``when`` table): unless the parameter's name
    begins with ``_``, the convention for an argument a function does not use."""
    if not isinstance(fn, FunctionType) or fn.__code__.co_argcount < 3:
        return True
    return not fn.__code__.co_varnames[2].startswith("_")


def frozen(v: Any) -> Any:
    """A hashable key of a rule's value or table, equal exactly when the values are (type and order kept:
    ``true`` is not ``1``, and a table's order is part of it, as it orders the facts)."""
    if isinstance(v, Mapping):
        return ("{", tuple((k, frozen(x)) for k, x in v.items()))
    if isinstance(v, list):
        return ("[", tuple(frozen(x) for x in v))
    if isinstance(v, tuple):
        return ("(", tuple(frozen(x) for x in v))
    return (type(v).__name__, v)


#: the entry of a condition not tried yet on an item set (:meth:`Vocabulary.select`)
_UNTRIED: tuple[int, int, list[Any]] = (0, 0, [])

#: the set bits of each mask below 256, lowest first
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(8) if m >> i & 1) for m in range(256))


def _bits(mask: int) -> tuple[int, ...]:
    """The indices of the set bits of *mask*, lowest first."""
    if mask < 256:
        return _BITS[mask]
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


class Items:
    """Contexts read together by :meth:`Vocabulary.select` (the six lines of a 六爻 chart): what each
    condition gave on each of them and what each table selected, kept while the set lives (one chart's
    reading). The contexts must not change while it lives."""

    __slots__ = ("atoms", "bits", "full", "items", "masks", "owner", "shared", "tables")

    def __init__(
        self,
        items: Iterable[Any],
        shared: dict[Any, Any] | None = None,
        owner: Any = None,
        *,
        masked: bool = True,
    ) -> None:
        self.items = tuple(items)
        #: what the items belong to (a 六爻 chart's context): what the conditions' ``mask`` read
        self.owner = owner
        #: the memo of the conditions declared ``shared`` (and of the tables made of them only), kept by the
        #: caller for everything the items have in common with other sets given it (None: none)
        self.shared = shared
        #: the indices of the set bits of a mask, lowest first
        self.bits: Callable[[int], tuple[int, ...]] = _BITS.__getitem__ if len(self.items) <= 8 else _bits
        #: the mask of every item (bit i = item i)
        self.full = (1 << len(self.items)) - 1
        #: condition key → (mask of the items it was tried on, mask of those it held on, its facts per item)
        self.atoms: dict[Any, tuple[int, int, list[Any]]] = {}
        #: table key → what :meth:`Vocabulary.select` answered
        self.tables: dict[Any, tuple[tuple[int, Facts], ...]] = {}
        #: condition key → the mask its ``mask`` declared for these items (None: the masks are not read,
        #: every table is evaluated on every item: the plain evaluation the masked one must equal)
        self.masks: dict[Any, int] | None = {} if masked else None


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """A registered condition: its function, the values it accepts (None: any) and what it means."""

    key: str
    fn: Condition
    values: frozenset[Any] | None = None
    doc: str = ""
    #: the function reads the rest of its table (its third argument), so :meth:`Vocabulary.select` keeps
    #: its results per table rather than per (condition, value)
    reads_table: bool = True
    #: (inner vocabulary, the items of a context): the condition's value is a table of the inner words and
    #: it cannot hold unless that table selects some of the items (:meth:`Vocabulary.holding` asks that
    #: first)
    some: tuple[Vocabulary, Callable[[Any], Items]] | None = None
    #: its result on an item depends only on what an :class:`Items`' ``shared`` memo stands for: kept there
    shared: bool = False
    #: value → the facts of which a context must show one (:meth:`Vocabulary.shown_by`) for the condition to
    #: hold with that value, or None when it cannot say: what :meth:`Vocabulary.index` files a table under
    needs: Callable[[Any], Iterable[Any] | None] | None = None
    #: ``(items, value) -> mask``: the items (bit i = item i) on which the condition may hold with that
    #: value, read off what the :class:`Items`' ``owner`` already knows (:meth:`Vocabulary.condition`)
    mask: Callable[[Items, Any], int] | None = None


class Vocabulary:
    """The condition words of one method (or of one family of its rules)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.specs: dict[str, ConditionSpec] = {}
        #: id(when) → (when, its plan) for :meth:`holds` (see :meth:`plan`)
        self._plans: dict[int, tuple[Mapping[str, Any], tuple[tuple[Condition | None, Any], ...]]] = {}
        self._checks: dict[int, tuple[Mapping[str, Any], Callable[[Any], Facts | None]]] = {}
        #: id(when) → (when, its key, its steps) for :meth:`select` (see :meth:`select_plan`)
        self._selects: dict[int, tuple[Mapping[str, Any], Any, tuple[tuple[Any, ...], ...]]] = {}
        #: a table's key (:meth:`select_plan`) → the masks of its conditions (:meth:`mask_plan`)
        self._mask_plans: dict[Any, tuple[tuple[Any, Any, Any], ...]] = {}
        #: id(tables) → (tables, their steps) for :meth:`holding` (see :meth:`_set_plan`)
        self._sets: dict[int, tuple[Sequence[Mapping[str, Any]], tuple[tuple[Any, ...], ...]]] = {}
        #: the key of each table and condition :meth:`select` keeps results under → a small number (the
        #: keys of an :class:`Items`; kept for good: a method's rules have a few hundred)
        self._key_ids: dict[Any, int] = {}
        #: the facts a context shows, for :meth:`index` (:meth:`shown_by`)
        self._shows: Callable[[Any], Iterable[Any]] | None = None
        #: id(tables) → (tables, their index) (:meth:`index`)
        self._indices: dict[int, tuple[Sequence[Mapping[str, Any]], TableIndex]] = {}

    def condition(
        self,
        key: str,
        *,
        values: Iterable[Any] | None = None,
        doc: str = "",
        reads_table: bool | None = None,
        some: tuple[Vocabulary, Callable[[Any], Items]] | None = None,
        shared: bool = False,
        needs: Callable[[Any], Iterable[Any] | None] | None = None,
        mask: Callable[[Items, Any], int] | None = None,
    ) -> Callable[[Condition], Condition]:
        """Decorator: register *fn* as the condition *key* (*values*: what a rule may give it).

        *reads_table*: whether the function reads the rest of its ``when`` table (its third argument, e.g.
        the 神煞 a neighbouring condition names); by default, unless that parameter's name begins with
        ``_`` (the convention for an argument a function does not use). See :meth:`select`.

        *some*: ``(inner, items)`` when the condition's value is a table of the vocabulary *inner*'s words
        and the condition can hold only if that table holds on some of ``items(ctx)`` (an :class:`Items`),
        as a word such as 六爻's ``line`` ("some line is …"): :meth:`holding` then asks :meth:`select`
        first and calls the function only when something was selected.

        *shared*: the condition's result on an item depends only on what the ``shared`` memo of an
        :class:`Items` stands for (六爻's line words that read only the hexagram and its moving lines: one
        memo per hexagram and moving lines), so :meth:`select` keeps it there, for every item set given that
        memo, and a table of such conditions only has its answer kept there too. A wrong declaration gives
        one chart another's answers: declare only what the function reads.

        *needs*: ``value -> facts`` (hashable), of which a context must show one (the vocabulary's
        :meth:`shown_by`) for the condition to hold with that value, or None when it cannot say: a
        necessary condition read off the rule's value, never a second statement of the word (the word is
        still evaluated on every context the index lets through), so that :meth:`index` tries a table only
        on the contexts that show one of its facts. A wrong declaration loses a rule on some charts: each
        method's tests compare the index with the evaluation of every table over many charts.

        *mask*: ``(items, value) -> mask`` (bit i = item i of an :class:`Items`), the items on which the
        condition may hold with that value, read off facts the items' ``owner`` already holds (the same
        facts the function reads: the lines of a 六爻 chart carrying a mark, a 六神 …): a necessary condition,
        never a second statement of the word (the function is still called on every item the mask lets
        through, and it alone gives the facts), so that :meth:`select` evaluates a table only on the items
        left by the masks of its conditions (none left: the table selects nothing, no word is called). Read
        once per (condition, value) and item set. A wrong declaration loses an item: a method that declares
        masks tests each against its function over many contexts, and the masked evaluation against the
        plain one (``Items(masked=False)``)."""

        def register(fn: Condition) -> Condition:
            if key in self.specs or key == "any":
                raise ValueError(f"{self.name}: condition {key!r} is registered twice")
            accepted = None if values is None else frozenset(values)
            reads = _reads_table(fn) if reads_table is None else reads_table
            text = doc or (fn.__doc__ or "").strip()
            self.specs[key] = ConditionSpec(key, fn, accepted, text, reads, some, shared, needs, mask)
            return fn

        return register

    def add(
        self,
        key: str,
        fn: Condition,
        *,
        values: Iterable[Any] | None = None,
        doc: str = "",
        reads_table: bool | None = None,
        some: tuple[Vocabulary, Callable[[Any], Items]] | None = None,
        shared: bool = False,
        needs: Callable[[Any], Iterable[Any] | None] | None = None,
        mask: Callable[[Items, Any], int] | None = None,
    ) -> None:
        """Register *fn* as *key* without the decorator (for conditions made by a factory)."""
        self.condition(
            key,
            values=values,
            doc=doc,
            reads_table=reads_table,
            some=some,
            shared=shared,
            needs=needs,
            mask=mask,
        )(fn)

    def __contains__(self, key: object) -> bool:
        return key in self.specs

    def fn(self, key: str) -> Condition:
        return self.specs[key].fn

    def check(self, when: Mapping[str, Any], where: str) -> None:
        """Raise :class:`RuleDataError` for an unknown condition or a value it does not accept."""
        if not isinstance(when, Mapping):
            raise RuleDataError(f"{where}: 'when' must be a table of conditions")
        for k, v in when.items():
            if k == "any":
                if not isinstance(v, list) or not v or not all(isinstance(t, Mapping) for t in v):
                    raise RuleDataError(f"{where}: 'any' must be a non-empty list of condition tables")
                for sub in v:
                    self.check(sub, where)
                continue
            spec = self.specs.get(k)
            if spec is None:
                known = ", ".join(sorted(self.specs))
                raise RuleDataError(f"{where}: unknown condition {k!r} (the {self.name} conditions: {known})")
            if spec.values is not None:
                bad = [x for x in _as_list(v) if x not in spec.values]
                if bad:
                    raise RuleDataError(f"{where}: {k} = {bad} is not one of {sorted(map(str, spec.values))}")

    def plan(self, when: Mapping[str, Any]) -> tuple[tuple[Condition | None, Any], ...]:
        """The (condition function, value) pairs of the table *when*, in its order (None for ``any``): the
        look-ups :meth:`holds` would make on every call, made once per table and kept (a rule's tables are
        data, loaded once and never written; a table changed in place must be passed as a new one). The
        table itself is kept with its plan, so that its id cannot be reused while the plan is kept; at most
        :data:`PLAN_LIMIT` plans are kept."""
        entry = self._plans.get(id(when))
        if entry is not None and entry[0] is when:
            return entry[1]
        specs = self.specs
        got = tuple((None if k == "any" else specs[k].fn, v) for k, v in when.items())
        if len(self._plans) >= PLAN_LIMIT:
            self._plans.clear()
        self._plans[id(when)] = (when, got)
        return got

    def holds(self, when: Mapping[str, Any], ctx: Any) -> Facts | None:
        """The merged facts of *when* on *ctx* (first key wins), or None if a condition fails: the check
        :meth:`check_of` makes of the table, made once per table and kept as its plan is (at most
        :data:`PLAN_LIMIT`)."""
        entry = self._checks.get(id(when))
        if entry is None or entry[0] is not when:
            if len(self._checks) >= PLAN_LIMIT:
                self._checks.clear()
            entry = self._checks[id(when)] = (when, self.check_of(when))
        return entry[1](ctx)

    def check_of(self, when: Mapping[str, Any]) -> Callable[[Any], Facts | None]:
        """``ctx -> holds(when, ctx)`` for the table *when*, made once from its plan (:meth:`plan`): for a
        table of one condition, that condition's function bound to its value and table (what :meth:`holds`
        calls, without the look-up of the plan on every call); for several, their functions in table order
        with the facts merged as :meth:`holds` merges them (the first to set a key wins), an ``any`` as the
        checks of its tables, the first that holds. A caller that evaluates the same table on many contexts
        (a method's rules over every chart) makes it once and keeps it beside the rule."""
        steps = self.plan(when)
        if len(steps) == 1 and steps[0][0] is not None:
            fn, v = steps[0]
            assert fn is not None

            def one(ctx: Any) -> Facts | None:
                return fn(ctx, v, when)

            return one
        compiled = tuple(
            (fn, v) if fn is not None else (None, tuple(self.check_of(sub) for sub in v)) for fn, v in steps
        )

        def every(ctx: Any) -> Facts | None:
            facts: Facts | None = None
            for fn, v in compiled:
                if fn is None:  # any: the first table of the list that holds
                    got = None
                    for sub in v:
                        got = sub(ctx)
                        if got is not None:
                            break
                else:
                    got = fn(ctx, v, when)
                if got is None:
                    return None
                if facts is None:
                    facts = got
                else:
                    for fk, fv in got.items():
                        facts.setdefault(fk, fv)
            return {} if facts is None else facts

        return every

    def over(
        self,
        items: Iterable[Any],
        shared: dict[Any, Any] | None = None,
        owner: Any = None,
        *,
        masked: bool = True,
    ) -> Items:
        """The contexts *items* as one :class:`Items` for :meth:`select` (*shared*: the memo of the
        conditions declared ``shared``, see :meth:`condition`; *owner*: what the conditions' ``mask`` read;
        *masked*: whether they are read)."""
        return Items(items, shared, owner, masked=masked)

    def select_plan(self, when: Mapping[str, Any]) -> tuple[Any, tuple[tuple[Any, ...], ...]]:
        """The key of the table *when* and its steps for :meth:`select`, made once per table and kept as
        :meth:`plan` keeps its plans: per condition, (the key its results are kept under on an
        :class:`Items`, its function or None for ``any``, its value (for ``any`` the plans of its tables),
        whether it is kept in the shared memo). A condition's results are kept per (condition, value),
        shared by every table that asks the same, unless it reads its table
        (:attr:`ConditionSpec.reads_table`: then per table). The key of a table made of shared conditions
        only is negative (its answer is kept in the shared memo)."""
        entry = self._selects.get(id(when))
        if entry is not None and entry[0] is when:
            return entry[1], entry[2]
        ids = self._key_ids
        steps: list[tuple[Any, ...]] = []
        masks: list[tuple[Any, Any, Any]] = []
        tkey = ids.setdefault(frozen(when), len(ids) + 1)
        every = True
        for k, v in when.items():
            if k == "any":
                subs = tuple((sub, *self.select_plan(sub)) for sub in v)
                one = all(sk < 0 for _sub, sk, _steps in subs)
                steps.append((ids.setdefault(("any", frozen(v)), len(ids) + 1), None, subs, one))
                every = every and one
                continue
            spec = self.specs[k]
            akey = (k, frozen(when)) if spec.reads_table else (k, frozen(v))
            aid = ids.setdefault(akey, len(ids) + 1)
            steps.append((aid, spec.fn, v, spec.shared))
            if spec.mask is not None:
                masks.append((aid, spec.mask, v))
            elif spec.shared:
                masks.append((aid, None, (aid, spec.fn, v, True)))
            every = every and spec.shared
        if every and steps:
            tkey = -tkey
        if len(self._selects) >= PLAN_LIMIT:
            self._selects.clear()
        self._selects[id(when)] = (when, tkey, tuple(steps))
        self._mask_plans[tkey] = tuple(masks)
        return tkey, tuple(steps)

    def mask_plan(self, when: Mapping[str, Any]) -> tuple[tuple[Any, Any, Any], ...]:
        """The masks :meth:`select` reads before it evaluates the table *when*, in table order (not those
        of the tables inside ``any``): per condition that declares one, (its key, its ``mask``, its value);
        per condition declared ``shared``, (its key, None, its step), its mask being where the condition
        itself holds on every item, kept in the shared memo (:meth:`condition`)."""
        tkey, _steps = self.select_plan(when)
        return self._mask_plans[tkey]

    def _masked(self, plan: tuple[tuple[Any, Any, Any], ...], items: Items, when: Mapping[str, Any]) -> int:
        """The items left by the masks of *plan* (:meth:`mask_plan`) of the table *when*, each mask read
        once per item set."""
        masks = items.masks
        assert masks is not None
        alive = items.full
        for akey, fn, v in plan:
            got = masks.get(akey)
            if got is None:
                got = self._mask_of(akey, fn, v, items, when)
            alive &= got
            if not alive:
                break
        return alive

    def _mask_of(self, akey: Any, fn: Any, v: Any, items: Items, when: Mapping[str, Any]) -> int:
        """The mask of one entry (key, ``mask`` or None, value or step) of a :meth:`mask_plan` on *items*,
        read now and kept in ``items.masks``."""
        if fn is not None:
            got: int = fn(items, v)
        else:  # a shared word: where it holds, tried on every item (kept in the shared memo)
            entry = (items.atoms if items.shared is None else items.shared).get(akey)
            if entry is not None and entry[0] == items.full:
                got = entry[1]
            else:
                got, _cols = self._run(when, (v,), items, items.full)
        items.masks[akey] = got  # type: ignore[index]
        return got

    def select(self, when: Mapping[str, Any], items: Items) -> tuple[tuple[int, Facts], ...]:
        """(index, facts) of every item of *items* (in their order) on which the table *when* holds, the
        facts being what :meth:`holds` gives on that item, with the same conditions tried on it in the same
        order (a condition is tried on an item only when those before it held there). Each condition's
        result on an item is computed once per :class:`Items` and shared by every table that asks it, and
        each table's answer is kept: the facts are shared with later answers (read them, never write
        them)."""
        entry = self._selects.get(id(when))
        if entry is not None and entry[0] is when:
            tkey, steps = entry[1], entry[2]
        else:
            tkey, steps = self.select_plan(when)
        tables = items.tables if tkey > 0 or items.shared is None else items.shared
        done = tables.get(tkey)
        if done is not None:
            return done
        return self._answer(when, tkey, steps, items, tables)

    def _answer(
        self,
        when: Mapping[str, Any],
        tkey: Any,
        steps: tuple[tuple[Any, ...], ...],
        items: Items,
        tables: dict[Any, Any],
        alive: int | None = None,
    ) -> tuple[tuple[int, Facts], ...]:
        """What :meth:`select` answers for the table *when* (its key and steps: :meth:`select_plan`) when no
        answer is kept yet in *tables* (the items' own, or the shared memo for a table of shared words
        only): computed and kept there. The table is evaluated only on the items the masks of its conditions
        leave (:meth:`mask_plan`; all of them when the items read no masks; *alive*: those left, when the
        caller has read the masks)."""
        if alive is None:
            alive = items.full
            plan = self._mask_plans[tkey] if items.masks is not None else ()
            if plan:
                alive = self._masked(plan, items, when)
                if not alive:
                    tables[tkey] = ()
                    return ()
        alive, cols = self._run(when, steps, items, alive)
        if alive:
            if len(cols) == 1:
                col = cols[0]
                done = tuple([(i, col[i]) for i in items.bits(alive)])
            elif tkey < 0 and items.shared is not None:
                done = tuple([(i, _interned(_merge(cols, i))) for i in items.bits(alive)])
            else:
                done = tuple([(i, _merge(cols, i)) for i in items.bits(alive)])
        else:
            done = ()
        tables[tkey] = done
        return done

    def _run(
        self, when: Mapping[str, Any], steps: tuple[tuple[Any, ...], ...], items: Items, alive: int
    ) -> tuple[int, list[list[Any]]]:
        """The items among *alive* on which the table holds and the facts column (per item) of each of its
        conditions, in table order, each condition tried on the items the ones before left. A condition's
        entry — (mask of the items tried, mask of those it held on, its facts per item) — is replaced whole,
        never changed in place: a shared memo read by two readings at once (threads) only ever holds
        entries whose parts agree (one of two updates at the same moment may be lost: computed again)."""
        own = items.atoms
        memo = own if items.shared is None else items.shared
        xs = items.items
        bits = items.bits
        cols: list[list[Any]] = []
        for akey, fn, v, shared in steps:
            atoms = memo if shared else own
            tried, yes, col = atoms.get(akey, _UNTRIED)
            need = alive & ~tried
            if need:
                new: list[Any] = list(col) if tried else [None] * len(xs)
                if fn is None:
                    got = self._run_any(v, items, need, new)
                else:
                    got = 0
                    for i in bits(need):
                        f = fn(xs[i], v, when)
                        if f is not None:
                            got |= 1 << i
                            new[i] = _interned(f) if shared else f
                yes |= got
                col = new
                atoms[akey] = (tried | need, yes, new)
            alive &= yes
            if not alive:
                return 0, cols
            cols.append(col)
        return alive, cols

    def _run_any(self, subs: tuple[Any, ...], items: Items, need: int, col: list[Any]) -> int:
        """``any`` on the items of *need*: on each, the facts of the first of the tables *subs* that holds
        there (the next table is tried only on the items where the ones before failed), written into *col*
        (a column not yet kept); the mask where one held."""
        got = 0
        for _sub, _tkey, steps in subs:
            if not need:
                break
            mask, cols = self._run(_sub, steps, items, need)
            if mask:
                for i in items.bits(mask):
                    col[i] = _merge(cols, i)
                got |= mask
                need &= ~mask
        return got

    def holding(self, tables: Sequence[Mapping[str, Any]], ctx: Any) -> list[tuple[int, Facts]]:
        """(index, facts) of each table of *tables* that holds on *ctx*, in their order: what :meth:`holds`
        gives on each, read in one pass. The steps of the sequence are made once and kept (keep the
        sequence, a tuple of tables that are data, as :meth:`plan` keeps a table): a table of one condition
        calls it directly, and one whose only condition is a ``some`` word (:meth:`condition`) first asks
        :meth:`select` of its inner words, so that it costs a look-up when nothing is selected (the answer
        already kept on the items — the same table asked before, or a table of shared words only, kept in
        the shared memo — is read here without the call; the items of a ``some`` word are asked of *ctx*
        once per pass)."""
        entry = self._sets.get(id(tables))
        plans = entry[1] if entry is not None and entry[0] is tables else self._set_plan(tables)
        out = []
        items_of_last: Any = None
        items: Any = None
        for i, when, fn, v, inner, items_of, tkey, steps, mplan in plans:
            if fn is None:
                got = self.holds(when, ctx)
            elif inner is None:
                got = fn(ctx, v, when)
            else:
                if items_of is not items_of_last:
                    items = items_of(ctx)
                    items_of_last = items_of
                kept = items.tables if tkey > 0 or items.shared is None else items.shared
                done = kept.get(tkey)
                if done is None:
                    masks = items.masks
                    if mplan and masks is not None:  # the masks of the inner table's words
                        alive = inner._masked(mplan, items, v)
                        if not alive:
                            kept[tkey] = ()
                            continue
                        done = inner._answer(v, tkey, steps, items, kept, alive)
                    else:
                        done = inner._answer(v, tkey, steps, items, kept)
                if not done:
                    continue
                got = fn(ctx, v, when)
            if got is not None:
                out.append((i, got))
        return out

    def _set_plan(self, tables: Sequence[Mapping[str, Any]]) -> tuple[tuple[Any, ...], ...]:
        """Per table of *tables*: (index, table, its one condition's function or None, its value, the inner
        vocabulary and items of a ``some`` word or None, then the key :meth:`select` keeps the inner
        table's answer under, its steps (:meth:`select_plan`) and its masks (:meth:`mask_plan`), or None,
        None, None)."""
        out: list[tuple[Any, ...]] = []
        for i, when in enumerate(tables):
            one = len(when) == 1 and "any" not in when
            if not one:
                out.append((i, when, None, None, None, None, None, None, None))
                continue
            ((k, v),) = when.items()
            spec = self.specs[k]
            if spec.some is None:
                out.append((i, when, spec.fn, v, None, None, None, None, None))
                continue
            inner, items_of = spec.some
            out.append((i, when, spec.fn, v, inner, items_of, *inner.select_plan(v), inner.mask_plan(v)))
        if len(self._sets) >= 64:
            self._sets.clear()
        got = tuple(out)
        self._sets[id(tables)] = (tables, got)
        return got

    def shown_by(self, fn: Callable[[Any], Iterable[Any]]) -> Callable[[Any], Iterable[Any]]:
        """Decorator: *fn* (``ctx -> facts``) gives the facts a context shows, in the terms of the
        conditions' ``needs`` (:meth:`condition`): what :meth:`index` looks up."""
        self._shows = fn
        return fn

    def index(self, tables: Sequence[Mapping[str, Any]]) -> TableIndex:
        """The tables of *tables* filed by the facts they need (:class:`TableIndex`): each table under the
        smallest set of facts one of its conditions declares it ``needs`` (for ``any``, the union of its
        tables' sets; a table whose conditions declare none, or a vocabulary without :meth:`shown_by`, is
        tried on every context). Made once per sequence
        and kept (keep the sequence, a tuple of tables that are data, as :meth:`holding` keeps it)."""
        entry = self._indices.get(id(tables))
        if entry is not None and entry[0] is tables:
            return entry[1]
        by_fact: dict[Any, list[int]] = {}
        always = bytearray(len(tables))
        for i, when in enumerate(tables):
            best = self._needs(when) if self._shows is not None else None
            if best is None:
                always[i] = 1
                continue
            for f in best:
                by_fact.setdefault(f, []).append(i)
        shows = self._shows if self._shows is not None else _no_facts
        made = TableIndex(bytes(always), {f: tuple(ix) for f, ix in by_fact.items()}, shows)
        if len(self._indices) >= 64:
            self._indices.clear()
        self._indices[id(tables)] = (tables, made)
        return made

    def _needs(self, when: Mapping[str, Any]) -> frozenset[Any] | None:
        """The smallest set of facts one of which a context must show for the table *when* to hold: of its
        conditions' ``needs`` (every condition must hold), and for ``any`` the union of its tables' (one
        of them must hold), or None when none can say."""
        best: frozenset[Any] | None = None
        for k, v in when.items():
            if k == "any":
                subs = [self._needs(sub) for sub in v]
                facts = None if any(x is None for x in subs) else frozenset().union(*subs)  # type: ignore[arg-type]
            else:
                spec = self.specs.get(k)
                got = None if spec is None or spec.needs is None else spec.needs(v)
                facts = None if got is None else frozenset(got)
            if facts is not None and (best is None or len(facts) < len(best)):
                best = facts
        return best

    def describe(self) -> dict[str, str]:
        """Condition → its meaning (for the docs and the source pages)."""
        return {k: s.doc for k, s in sorted(self.specs.items())}


def _no_facts(_ctx: Any) -> tuple[Any, ...]:
    return ()


class TableIndex:
    """Which tables of a sequence may hold on a context (:meth:`Vocabulary.index`): a table filed under the
    facts one of its conditions needs is tried only on a context that shows one of them; the others always.
    The tables that it lets through are evaluated as before (:meth:`Vocabulary.holds`): the index only
    spares the evaluation of tables that cannot hold."""

    __slots__ = ("_always", "_by_fact", "_shows", "filed")

    def __init__(
        self, always: bytes, by_fact: dict[Any, tuple[int, ...]], shows: Callable[[Any], Iterable[Any]]
    ) -> None:
        self._always = always
        self._by_fact = by_fact
        self._shows = shows
        #: how many tables are filed by a fact (the rest are tried on every context)
        self.filed = len(always) - sum(always)

    def may_hold(self, ctx: Any) -> bytearray:
        """Per table, 1 when it may hold on *ctx* (it is tried), 0 when it cannot (a fact it needs is not
        shown)."""
        out = bytearray(self._always)
        by_fact = self._by_fact
        for f in self._shows(ctx):
            got = by_fact.get(f)
            if got is not None:
                for i in got:
                    out[i] = 1
        return out


#: facts kept in shared memos, one object per value (:func:`_interned`)
_INTERNED: dict[Any, Facts] = {}
#: how many distinct facts :data:`_INTERNED` keeps at most (beyond, facts are kept as they come)
INTERN_LIMIT = 1 << 16


def _interned(facts: Facts) -> Facts:
    """One object for equal facts kept in the shared memos (read only, as every answer of :meth:`select`):
    a memo per hexagram and moving lines holds the same few facts many times."""
    key = frozen(facts)
    got = _INTERNED.get(key)
    if got is None:
        if len(_INTERNED) >= INTERN_LIMIT:
            return facts
        got = _INTERNED[key] = facts
    return got


def _merge(columns: list[list[Any]], i: int) -> Facts:
    """The facts of item *i* merged over the conditions' columns in table order (the first key wins); one
    condition's own facts when the table has one."""
    if not columns:
        return {}
    first = columns[0][i]
    if len(columns) == 1:
        return first  # type: ignore[no-any-return]
    out = dict(first)
    for col in columns[1:]:
        for k, v in col[i].items():
            out.setdefault(k, v)
    return out


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule as loaded (see the module docstring); ``extra`` holds the method's own declared keys."""

    id: str
    src: tuple[str, ...]
    kind: str
    topics: tuple[str, ...]
    when: Mapping[str, Any]
    text: Text
    file: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A method-declared extra key of the rule."""
        return self.extra.get(key, default)


def text_of(m: Any, where: str) -> Text:
    """The :class:`Text` of a ``text`` table (ko, zh-Hant, en required; zh-Hans optional)."""
    if not isinstance(m, Mapping):
        raise RuleDataError(f"{where}: 'text' must be a table with {', '.join(LANG_KEYS)}")
    missing = [k for k in LANG_KEYS if not isinstance(m.get(k), str) or not m[k].strip()]
    unknown = sorted(set(m) - {*LANG_KEYS, "zh-Hans"})
    if missing or unknown:
        what = f"lacks {missing}" if missing else f"has unknown languages {unknown}"
        raise RuleDataError(f"{where}: text {what}")
    return Text(ko=m["ko"], zh_hant=m["zh-Hant"], en=m["en"], zh_hans=m.get("zh-Hans", ""))


def parse_rule(
    e: Mapping[str, Any],
    where: str,
    vocabulary: Vocabulary | Callable[[Mapping[str, Any]], Vocabulary],
    *,
    kinds: Iterable[str],
    extra_keys: Iterable[str] = (),
    needs_when: bool | Callable[[Mapping[str, Any]], bool] = True,
    file: str = "",
) -> Rule:
    """Check one rule table against the schema and turn it into a :class:`Rule`."""
    rid = e.get("id")
    if not isinstance(rid, str) or not rid:
        raise RuleDataError(f"{where}: a rule without an id")
    at = f"{where}: rule {rid}"
    extra_keys = tuple(extra_keys)
    unknown = sorted(set(e) - BASE_KEYS - {NOTE_KEY, *extra_keys})
    if unknown:
        raise RuleDataError(f"{at}: unknown keys {unknown}")
    kind = e.get("kind", "")
    kinds = tuple(kinds)
    if kind not in kinds:
        raise RuleDataError(f"{at}: kind {kind!r} is not one of {list(kinds)}")
    srcs = tuple(_as_list(e.get("src", ())))
    if not srcs:
        raise RuleDataError(f"{at}: no src")
    for s in srcs:
        problem = check_src(s)
        if problem:
            raise RuleDataError(f"{at}: src {s!r} {problem}")
    topics = tuple(_as_list(e.get("topics", ())))
    bad = [t for t in topics if t not in TOPIC_KEYS]
    if bad or not topics:
        raise RuleDataError(f"{at}: topics {bad or list(topics)} are not in the shared topic vocabulary")
    when = e.get("when", {})
    vocab = vocabulary(e) if callable(vocabulary) and not isinstance(vocabulary, Vocabulary) else vocabulary
    assert isinstance(vocab, Vocabulary)
    vocab.check(when, at)
    must = needs_when(e) if callable(needs_when) else needs_when
    if must and not when:
        raise RuleDataError(f"{at}: no condition")
    if not must and when:
        raise RuleDataError(f"{at}: a {kind or 'rule'} of this family takes no condition")
    return Rule(
        id=rid,
        src=srcs,
        kind=kind,
        topics=topics,
        when=dict(when),
        text=text_of(e.get("text"), at),
        file=file,
        extra={k: e[k] for k in e if k not in BASE_KEYS and (k != NOTE_KEY or k in extra_keys)},
    )


def read_table(package: str, name: str) -> dict[str, Any]:
    """The parsed ``data/<name>.toml`` of *package* (a :class:`RuleDataError` names a broken file)."""
    try:
        text = resources.files(package).joinpath("data").joinpath(f"{name}.toml").read_text("utf-8")
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RuleDataError(f"{package} data/{name}.toml: {e}") from None


def load_rules(
    package: str,
    names: Iterable[str],
    vocabulary: Vocabulary | Callable[[Mapping[str, Any]], Vocabulary],
    *,
    kinds: Iterable[str],
    extra_keys: Iterable[str] = (),
    array: str = "rule",
    needs_when: bool | Callable[[Mapping[str, Any]], bool] = True,
) -> tuple[Rule, ...]:
    """Every rule of the files *names* of *package*, in file order, checked against the schema."""
    out: list[Rule] = []
    seen: dict[tuple[str, str], str] = {}
    kinds = tuple(kinds)
    extra = tuple(extra_keys)
    for name in names:
        data = read_table(package, name)
        where = f"{package.rsplit('.', 1)[-1]}/data/{name}.toml"
        for e in data.get(array, ()):
            r = parse_rule(
                e, where, vocabulary, kinds=kinds, extra_keys=extra, needs_when=needs_when, file=name
            )
            key = (r.id, repr(sorted(r.when.items())))
            if key in seen:
                raise RuleDataError(f"{where}: rule {r.id} with the same conditions also in {seen[key]}")
            seen[key] = f"data/{name}.toml"
            out.append(r)
    return tuple(out)


@cache
def _hans(text: Text) -> Text:
    from dataclasses import replace

    from xuanheng.reading import to_simplified

    return text if text.zh_hans else replace(text, zh_hans=to_simplified(text.zh_hant))


def with_simplified(text: Text) -> Text:
    """*text* with its Simplified form filled in once (OpenCC is slow enough to matter per chart)."""
    return _hans(text)


__all__ = [
    "BASE_KEYS",
    "LANG_KEYS",
    "NOTE_KEY",
    "ConditionSpec",
    "Facts",
    "Items",
    "Rule",
    "RuleDataError",
    "TableIndex",
    "Vocabulary",
    "frozen",
    "load_rules",
    "parse_rule",
    "read_table",
    "text_of",
    "with_simplified",
]
