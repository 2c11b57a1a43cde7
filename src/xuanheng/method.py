"""The method contract: what every divination method exports, and the one document every front end shows.

A method is one package that exports one ``METHOD`` value (:class:`Method`) — its name and labels, its
:class:`~xuanheng.params.Params` class, and the functions that cast, read, summarise for the journal and
show::

    METHOD = Method(
        name="jinkoujue", label=Text(...), summary=Text(...),
        params=JinKouJueParams,
        cast=cast_params,                      # Params → chart (a frozen value with to_json())
        read=reading,                          # (chart, topic, lang, **options) → [FiredRule], or None
        judge=judge,                           # (chart, Question, fired=…, **options) → Judgment, or None
        facts=facts,                           # chart JSON → {"yong_yao": ["將神"], …} for the journal
        views={"svg": render_svg,              # (chart JSON, lang) → SVG text
               "text": render_text},           # (chart JSON, lang) → the terminal table
        example={"at": "2026-03-10T21:00", "tz": "Asia/Shanghai", "difen": "申"},
    )

and one line in :data:`xuanheng.methods.METHOD_PACKAGES` registers it. The command line, the HTTP API and
page, the journal and the MCP server read that list and know no method by name.

The contract holds no front-end text: the cast mode of a set of parameters is :meth:`Params.mode`, the
options of the reading are :attr:`Params.READING_OPTIONS`; what only front ends show (the names of the
modes in a refusal, the reading's groups, what "one moment, every method" asks for) is data of the method
package, ``data/frontend.toml``, read by :mod:`xuanheng.frontend`.

:func:`document` is the JSON of a cast: the chart's ``to_json()`` with the reading in the requested language
(a method with a reading always carries ``reading``, an empty list when it was not asked for; a method
with a judge carries ``judgment`` before it — :class:`~xuanheng.reading.judgment.Judgment` — or null when
no reading was asked for).
It is what ``xuanheng <method> --json`` prints, what ``/api/<method>`` answers and what the MCP tool returns.
Every document carries the same envelope: ``engine_version``, ``schema_version``, ``inputs`` (what the cast
was given, echoed), ``options``, ``warnings`` (each ``{code, params, text}``: a catalogue code of
``i18n/data/messages.toml``, its parameters, and its text in the document's language) and ``lang``.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from xuanheng.i18n.messages import localize_warnings
from xuanheng.params import Params
from xuanheng.reading import FiredRule, Text, check_lang
from xuanheng.reading.judgment import Judgment, Question

Reading = Callable[..., list[FiredRule]]
#: the views a method may have (see :attr:`Method.views`)
VIEWS: tuple[str, ...] = ("svg", "svg_narrow", "text", "enumeration")


@dataclass(frozen=True)
class Method:
    """One divination method as every front end sees it (see the module docstring)."""

    name: str
    label: Text
    summary: Text
    params: type[Params]
    cast: Callable[[Any], Any]
    facts: Callable[[Mapping[str, Any]], dict[str, list[str]]]
    #: how a chart document is shown: ``svg`` and ``text`` (``(doc, lang) → str``) always; ``svg_narrow``
    #: (the drawing laid out for a narrow screen, its parts stacked) and ``enumeration`` (the terminal view
    #: of :attr:`enumerate`'s rows, ``rows → str``) when the method has them
    views: Mapping[str, Callable[..., str]]
    #: the reading: ``(chart, topic, lang, **reading options) → [FiredRule]``, or None
    read: Reading | None = None
    #: the judgment: ``(chart, Question, fired=[FiredRule], **reading options) → Judgment``, or None
    #: (:mod:`xuanheng.reading.judgment`)
    judge: Callable[..., Judgment] | None = None
    #: parameters of one typical chart (the web app casts it at start-up; the docs show it)
    example: Mapping[str, Any] = field(default_factory=dict)
    #: the whole enumeration of the method's charts (大六壬's 720 課 …), or None
    enumerate: Callable[[Any], list[dict[str, Any]]] | None = None
    #: topics the method's reading knows
    topics: Callable[[], tuple[str, ...]] = tuple
    #: True when the method keeps its readings and judgments of a chart (a memo, as 七政四餘's) and its cast
    #: gives the same object for the same inputs: the document then has their JSON copy the chart facts
    #: (``to_json(lang, copy=True)``), so that it shares no dict or list with the next document of the same
    #: chart (tests/test_documents_fresh.py), and a document asked for again is kept (:attr:`documents`);
    #: the others build them anew each time
    kept: bool = False
    #: True when :attr:`read` hands out fired rules whose facts nothing else holds (a reading it keeps is
    #: copied as it is handed out, 七政四餘's): the document then takes the reading's JSON without copying
    #: the facts again, even for a method that keeps
    reads_own: bool = False
    #: the finished documents of a method that keeps (:class:`KeptDocuments`; empty otherwise)
    documents: KeptDocuments = field(default_factory=lambda: KeptDocuments(), repr=False, compare=False)

    def __post_init__(self) -> None:
        missing = [v for v in ("svg", "text") if v not in self.views]
        unknown = [v for v in self.views if v not in VIEWS]
        if missing or unknown:
            raise ValueError(
                f"method {self.name}: views need svg and text and take only {', '.join(VIEWS)}"
                f" (missing {missing}, unknown {unknown})"
            )

    @property
    def package(self) -> str:
        """The method's package (where its ``data/`` lives)."""
        import sys

        module = sys.modules.get(self.params.__module__)
        return (getattr(module, "__package__", None) or self.params.__module__).rstrip(".")

    @property
    def has_reading(self) -> bool:
        return self.read is not None

    @property
    def has_judgment(self) -> bool:
        return self.judge is not None

    def view(self, name: str) -> Callable[..., str] | None:
        """The view *name* (``svg``, ``svg_narrow``, ``text``, ``enumeration``), or None."""
        return self.views.get(name)

    def mode(self, params: Params) -> str | None:
        """The cast mode of *params* (``instant``, ``study`` …: :meth:`Params.mode`), or None."""
        return params.mode()

    def make_params(self, values: Mapping[str, Any]) -> Params:
        """Validated parameters from a mapping of parameter names (typed errors naming the field)."""
        return self.params(**dict(values))

    def document(self, params: Params, lang: str, *, with_reading: bool = True) -> dict[str, Any]:
        """The chart's JSON with its reading in *lang* (see the module docstring); a method with a reading
        always carries ``reading`` (an empty list when *with_reading* is false).

        A method that keeps (:attr:`kept`) gives the document of a cast it has answered before as a copy of
        the one it made then (:class:`KeptDocuments`)."""
        chart = self.cast(params)
        lang = check_lang(lang)
        if not self.kept:
            return self._document(chart, params, lang, with_reading)
        key = (lang, with_reading, *((name, params.get(name)) for name in ("topic", *params.READING_OPTIONS)))
        out = self.documents.get(chart, key)
        if out is None:
            out = self._document(chart, params, lang, with_reading)
            self.documents.put(chart, key, out)
        return out

    def _document(self, chart: Any, params: Params, lang: str, with_reading: bool) -> dict[str, Any]:
        """The document of the cast *chart* (see :meth:`document`), made anew."""
        out: dict[str, Any] = chart.to_json()
        if lang != "en":  # to_json() says the warnings in English; the document says them in its language
            for holder in (out, out.get("calendar")):
                if isinstance(holder, dict) and holder.get("warnings"):
                    holder["warnings"] = localize_warnings(holder["warnings"], lang)
        if self.read is not None:
            if with_reading:
                # a reading option left unset (None: the thing asked about, not given) is not echoed
                kw = {name: v for name in params.READING_OPTIONS if (v := params.get(name)) is not None}
                read: Callable[..., list[FiredRule]] = self.read
                topic = params.get("topic")
                fired = read(chart, topic, lang, **kw)
                if self.judge is not None:
                    question = Question(topic, kw.get("about") or "自己", kw.get("item"))
                    out["judgment"] = self.judge(chart, question, fired=fired, **kw).to_json(lang, self.kept)
                copy = self.kept and not self.reads_own
                out["reading"] = [r.to_json(lang, copy) for r in fired]
                if kw:
                    out["reading_options"] = kw
            else:
                if self.judge is not None:
                    out["judgment"] = None
                out["reading"] = []
        out["lang"] = lang
        return out


class KeptDocuments:
    """The finished documents of a method that keeps (:attr:`Method.kept`): a document is a pure function of
    the cast (the same object for the same inputs: the method's memo), the language, whether a reading was
    asked for, the topic and the reading options, and the library reads no clock, so the document of a key
    asked for again is kept and given as :func:`marshal.loads` of the bytes :func:`marshal.dumps` made of
    it. Each copy is made of new dicts and lists (it shares none with another document:
    tests/test_documents_fresh.py) in the structure of the one made, and equals it
    (tests/test_documents_kept.py); a document that holds anything but plain JSON values (which
    :mod:`marshal` refuses) is not kept.

    A key is only noted the first time its document is made and kept the second time: most casts are asked
    for once (an API call for a new birth), and the bytes would cost each of them the dump (about 0.5 ms of
    a 七政 document's 8–10 ms). Keyed by the cast's identity, the cast kept beside its bytes (an id is never
    taken for another cast's); at most :data:`DOCUMENTS_KEPT` keys, all forgotten when full."""

    __slots__ = ("_kept", "size")

    def __init__(self, size: int | None = None) -> None:
        #: (id of the cast, key) → (the cast, the document's bytes, or None when it was made once)
        self._kept: dict[tuple[int, Hashable], tuple[Any, bytes | None]] = {}
        self.size = DOCUMENTS_KEPT if size is None else size

    def get(self, cast: Any, key: Hashable) -> dict[str, Any] | None:
        """A copy of the document kept for *cast* and *key*, or None."""
        try:
            got = self._kept.get((id(cast), key))
        except TypeError:  # an option value that cannot be a key: the document is made each time
            return None
        if got is None or got[0] is not cast or got[1] is None:
            return None
        out: dict[str, Any] = marshal.loads(got[1])
        return out

    def put(self, cast: Any, key: Hashable, document: dict[str, Any]) -> None:
        """Note that *document* was made for *cast* and *key*; keep it (as it is now) when it was made
        before."""
        try:
            known = self._kept.get((id(cast), key))
        except TypeError:  # a key that cannot be one
            return
        data = None
        if known is not None and known[0] is cast:
            try:
                data = marshal.dumps(document, _MARSHAL_VERSION)
            except ValueError:  # not plain JSON values
                return
        elif len(self._kept) >= self.size:
            self._kept.clear()
        self._kept[(id(cast), key)] = (cast, data)

    def clear(self) -> None:
        """Forget every kept document."""
        self._kept.clear()

    def __len__(self) -> int:
        """How many documents are kept (not counting the keys made once)."""
        return sum(1 for _, data in self._kept.values() if data is not None)


#: how many keys :class:`KeptDocuments` holds (a 七政 document is 70–100 KiB as bytes, 100 with a timeline of
#: 100 years: at most about 13 MiB)
DOCUMENTS_KEPT = 128
#: :mod:`marshal`'s format 4 writes a string (or container) met twice once and refers to it after, so a
#: copy holds a container twice only where the document did
_MARSHAL_VERSION = 4


__all__ = ["DOCUMENTS_KEPT", "VIEWS", "KeptDocuments", "Method", "Reading"]
