"""JSON Schema of a method's parameters, made from its :class:`~xuanheng.params.Params` (no MCP SDK here).

Each :class:`~xuanheng.params.Param` becomes one property, made from its declaration (``Param.to_json()``,
what the page and ``--help`` show): ``title`` (its English label), ``description`` (its help text, the
default, and its labels in Chinese, Korean and English), ``default``, a JSON type from its kind, and for a
school option one ``oneOf`` entry per choice (``const`` with the choice's English label as ``title``, its
other labels and its source in ``description``); a choice that also takes a branch by hand accepts a string
or a branch index too, and one that takes its choices by other spellings (``about``, ``yong_shen``, ``sex``:
부모, 처재, 남 …) lists them as one more ``anyOf`` entry (``Param.spellings``, from the table the server
reads). ``x-modes`` lists the cast modes that use a parameter when not all do. Nothing here
names a method.
"""

from __future__ import annotations

from typing import Any

from xuanheng.params import Param
from xuanheng.reading import DEFAULT_LANG, LANGS

#: the JSON type of each kind (an instant is ISO 8601 text)
_TYPE = {"text": "string", "instant": "string", "int": "integer", "float": "number", "bool": "boolean"}


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _labels(label: dict[str, str]) -> str:
    return " / ".join(label[k] for k in ("zh-Hant", "ko", "en") if label.get(k))


def choice_entries(declared: dict[str, Any]) -> list[dict[str, Any]]:
    """One ``oneOf`` entry per choice of a declared parameter (``Param.to_json()``): the value, its label
    (``title`` in English, the others in ``description``) and its source."""
    out = []
    for c in declared.get("choices", ()):
        label = c["label"]
        desc = f"{label['zh-Hant']} / {label['ko']}"
        if c.get("src"):
            desc += f" — source: {c['src']}"
        out.append({"const": c["value"], "title": label["en"], "description": desc})
    return out


def property_of(p: Param) -> dict[str, Any]:
    """The JSON Schema property of one parameter, from its declaration (see the module docstring)."""
    d = p.to_json()
    description = d["help"]
    default = d["default"]
    if default is not None and "default" not in description:
        description += f" (default {_shown(default)})"
    description += f". [{_labels(d['label'])}]"
    prop: dict[str, Any] = {"title": d["label"]["en"], "description": description}
    if d["kind"] == "choice":
        entries = choice_entries(d)
        if entries and all(isinstance(e["const"], bool) for e in entries):
            prop["type"] = "boolean"
            prop["oneOf"] = entries
        elif d.get("also"):
            also = d["also"]
            prop["type"] = ["string", "integer"]
            prop["anyOf"] = [
                *entries,
                {"type": "string", "description": f"a {also} given by hand"},
                {"type": "integer", "minimum": 0, "maximum": 11, "description": f"a {also} index (子 = 0)"},
            ]
        elif p.spellings():  # 부모 for 父母: what the server takes, so a strict client lets it through
            prop["type"] = "string"
            prop["anyOf"] = [
                *entries,
                {
                    "type": "string",
                    "enum": list(p.spellings()),
                    "description": "the same choices by their labels in Chinese, Korean or English, or an "
                    "alias (any letter case)",
                },
            ]
        else:
            prop["type"] = "string"
            prop["oneOf"] = entries
    else:
        prop["type"] = _TYPE.get(d["kind"], "string")
        if d["kind"] == "instant":
            prop["format"] = "date-time"
    if p.kind in ("int", "float"):
        if p.ge is not None:
            prop["minimum"] = int(p.ge) if p.kind == "int" else p.ge
        if p.le is not None:
            prop["maximum"] = int(p.le) if p.kind == "int" else p.le
    if p.max_length is not None and prop.get("type") == "string":
        prop["maxLength"] = p.max_length
    if default is not None:
        prop["default"] = default
    if d.get("modes"):
        prop["x-modes"] = d["modes"]
    return prop


def lang_property() -> dict[str, Any]:
    """``lang``: the language of the reading texts and labels (the CLI's ``--lang``)."""
    return {
        "title": "language",
        "description": f"language of reading texts and labels: {', '.join(LANGS)} (default {DEFAULT_LANG})",
        "type": "string",
        "enum": list(LANGS),
        "default": DEFAULT_LANG,
    }


def object_schema(
    params: tuple[Param, ...], extra: dict[str, dict[str, Any]] | None = None, required: tuple[str, ...] = ()
) -> dict[str, Any]:
    """An object schema of *params* (plus *extra* front-end properties); unknown keys are refused."""
    props = {p.name: property_of(p) for p in params}
    props.update(extra or {})
    need = [p.name for p in params if p.required] + list(required)
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if need:
        out["required"] = list(dict.fromkeys(need))
    return out


__all__ = ["choice_entries", "lang_property", "object_schema", "property_of"]
