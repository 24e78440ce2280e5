"""Game options as a typed schema (pydantic): one declaration serves the engine, the CLI and the lobby.

A game declares its options as a subclass of `Options`, one field per option, each made with
`option(...)`: its type (which fixes the allowed values), its default, and for the lobby its
dependencies (`requires`: shown and accepted only when another option has a value) and whether it
takes one value per seat (`per_seat`). Texts come from the game's message catalogue:
`option.<name>` (the option's name for people), `option.<name>.help` (what it does) and
`option.<name>.<value>` for each value of a choice, each in the three languages.

`Options.check(players)` holds the rules that join several options (a scenario forbids an
expansion, ...) and raises ConfigError naming the rule. `schema(...)` is the public JSON Schema
(`boardlab.option_schema(name)`), with the texts under `x-texts` / `x-value-texts`; `parse_value`
turns the CLI's `--option name=text` into a typed value by the schema, and `configure` validates a
configuration, every refusal a ConfigError that names the option and what it accepts.
"""
from __future__ import annotations

import json
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .codec import JSON
from .errors import ConfigError, clip
from .i18n import LANGS, Catalogue


class Options(BaseModel):
    """Base class of a game's options. Normalised options are `dump()`: a JSON-ready dict.

    Values are strict (a number given as text is refused: the CLI types its text by the schema
    first); a tuple is accepted where a list is expected."""

    model_config = ConfigDict(extra="forbid", validate_default=True, strict=True)
    keep_none: ClassVar[bool] = True  # whether options left at None appear in the normalised dict

    @model_validator(mode="before")
    @classmethod
    def _tuples_as_lists(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}
        return data

    def check(self, players: int) -> None:
        """Rules joining several options, or options and the player count (ConfigError naming the rule)."""

    @classmethod
    def value_texts(cls, name: str) -> dict[str, dict[str, str]]:
        """Names of an option's values taken from content (a card's names, say) instead of the
        catalogue's `option.<name>.<value>` keys: value -> {lang: text}."""
        return {}

    def dump(self) -> JSON:
        return self.model_dump(mode="json", exclude_none=not self.keep_none)


def option(default: Any, *, requires: dict[str, Any] | None = None, per_seat: bool = False,
           ordered: bool = False, **constraints: Any) -> Any:
    """A field of an Options class. `requires={"expansions": "wonders"}`: the option may only be
    given when the option `expansions` has (or contains) that value. `per_seat`: a list with one
    value per seat. `ordered`: a list whose order matters and whose values may repeat (not a set of
    choices)."""
    extra: dict[str, Any] = {}
    if requires:
        extra["x-requires"] = requires
    if per_seat:
        extra["x-per-seat"] = True
    if ordered:
        extra["x-ordered"] = True
    return Field(default, json_schema_extra=extra or None, **constraints)


def schema(model: type[Options], game: str, catalogue: Catalogue) -> JSON:
    """The JSON Schema of a game's options, with the texts of each option and value in every language."""
    out = model.model_json_schema()
    out["title"] = game
    for name, prop in out.get("properties", {}).items():
        prop.pop("title", None)
        prop["x-texts"] = {"title": _texts(catalogue, f"option.{name}", name),
                           "help": _texts(catalogue, f"option.{name}.help", "")}
        values = allowed_values(prop, out)
        if values:
            content = model.value_texts(name)
            prop["x-value-texts"] = {str(v): content.get(str(v)) or _texts(catalogue, f"option.{name}.{v}", str(v))
                                     for v in values if v is not None}
    return out


def _texts(catalogue: Catalogue, key: str, fallback: str) -> dict[str, str]:
    if not catalogue.has(key):
        return {lang: fallback for lang in LANGS}
    return {lang: catalogue.text(key, lang) for lang in LANGS}


def allowed_values(prop: JSON, root: JSON | None = None) -> list[Any] | None:
    """The finite values an option (or each item of a list option) can take, if it has such a list."""
    prop = _resolve(prop, root)
    if "enum" in prop:
        return list(prop["enum"])
    if "const" in prop:
        return [prop["const"]]
    for key in ("anyOf", "oneOf"):
        if key in prop:
            found: list[Any] = []
            for alt in prop[key]:
                if _resolve(alt, root).get("type") == "null":
                    found.append(None)
                    continue
                values = allowed_values(alt, root)
                if values is None:
                    return None
                found += values
            return found
    if prop.get("type") == "array" and "items" in prop:
        return allowed_values(prop["items"], root)
    return None


def _resolve(prop: JSON, root: JSON | None) -> JSON:
    ref = prop.get("$ref")
    if ref and root is not None:
        found: JSON = root.get("$defs", {}).get(ref.rsplit("/", 1)[-1], prop)
        return found
    return prop


def configure(model: type[Options], game: str, catalogue: Catalogue, players: int, raw: Any) -> JSON:
    """Validated, normalised options for `players`; ConfigError naming the option and what it accepts."""
    if not isinstance(raw, dict):
        raise ConfigError("err.options_type", got=type(raw).__name__)
    fields = model.model_fields
    unknown = sorted(str(k) for k in raw if k not in fields)
    if unknown:
        raise ConfigError("err.unknown_option", names=", ".join(unknown), game=game,
                          valid=", ".join(sorted(fields)) or "none")
    try:
        options = model.model_validate(raw)
    except ValidationError as exc:
        raise _value_error(exc, model, game, catalogue, raw) from None
    _check_declared(options, players)
    options.check(players)
    return options.dump()


def _check_declared(options: Options, players: int) -> None:
    """What the schema declares beyond types: per-seat lengths and requirements on other options."""
    for name, field in type(options).model_fields.items():
        extra: dict[str, Any] = dict(field.json_schema_extra) if isinstance(field.json_schema_extra, dict) else {}
        value = getattr(options, name)
        if value is None or value == field.default:
            continue
        if extra.get("x-per-seat") and len(value) != players:
            raise ConfigError("err.option_per_seat", option=name, n=len(value), players=players)
        for other, wanted in (extra.get("x-requires") or {}).items():
            have = getattr(options, other)
            if not (wanted in have if isinstance(have, list) else have == wanted):
                raise ConfigError("err.option_requires", option=name, other=other, value=wanted)


def _value_error(exc: ValidationError, model: type[Options], game: str, catalogue: Catalogue, raw: JSON) -> ConfigError:
    first = exc.errors()[0]
    name = str(first["loc"][0]) if first["loc"] else ""
    root = model.model_json_schema()
    prop = root.get("properties", {}).get(name, {})
    return ConfigError("err.option_value", option=name, got=_show(raw.get(name)),
                       expected=ExpectedText(prop, root, catalogue, name))


def _show(value: Any) -> Any:
    """A value as an error quotes it: JSON text where it has one, never failing (a number too
    long to print, a value nested too deep)."""
    clipped = clip(value)
    if clipped is not value:
        return clipped
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return f"<{type(value).__name__}>"


class ExpectedText:
    """What an option accepts, in the reader's language (a ConfigError parameter)."""

    def __init__(self, prop: JSON, root: JSON, catalogue: Catalogue, name: str):
        self.prop, self.root, self.catalogue, self.name = prop, root, catalogue, name

    def text(self, lang: str = "en") -> str:
        from .i18n import core_catalogue
        core = core_catalogue()
        help_key = f"option.{self.name}.help"
        about = self.catalogue.text(help_key, lang) if self.catalogue.has(help_key) else ""
        values = [v for v in (allowed_values(self.prop, self.root) or []) if v is not None]
        prop = _resolve(self.prop, self.root)
        if values:
            key = "opt.expect.list" if prop.get("type") == "array" else "opt.expect.one"
            shape = core.text(key, lang, values=", ".join(str(v) for v in values))
        elif (bounds := _number(prop)) is not None:
            lo, hi = bounds
            shape = core.text("opt.expect.int", lang, lo=lo, hi=hi)
        elif "boolean" in _kinds(prop, self.root):
            shape = core.text("opt.expect.bool", lang)
        else:
            shape = ""
        return "; ".join(p for p in (shape, about) if p) or core.text("opt.expect.any", lang)

    def __str__(self) -> str:
        return self.text("en")


def _number(prop: JSON) -> tuple[Any, Any] | None:
    for alt in [prop] + list(prop.get("anyOf", [])):
        if alt.get("type") == "integer":
            return alt.get("minimum", "…"), alt.get("maximum", "…")
    return None


def parse_value(schema_: JSON, name: str, text: str) -> Any:
    """A CLI option value, typed by the schema: lists are comma-separated, numbers are numbers,
    `none` clears an option that may be empty, and a JSON value is taken as it is."""
    props = schema_.get("properties", {})
    if name not in props:
        return text  # refused by configure, naming the valid options
    prop = _resolve(props[name], schema_)
    kinds = _kinds(prop, schema_)
    stripped = text.strip()
    if stripped[:1] in "[{\"" and stripped:
        try:
            return json.loads(stripped)
        except ValueError:
            pass
    if "null" in kinds and stripped.lower() in ("", "none", "null"):
        return None
    if "array" in kinds:
        if stripped in _scalar_choices(prop, schema_):  # a choice beside the list ("random" or a list)
            return stripped
        item = _resolve(_array_items(prop, schema_), schema_)
        return [_scalar(_kinds(item, schema_), p.strip()) for p in stripped.split(",") if p.strip()]
    return _scalar(kinds, stripped)


def _kinds(prop: JSON, root: JSON) -> set[str]:
    if "anyOf" in prop:
        return {k for alt in prop["anyOf"] for k in _kinds(_resolve(alt, root), root)}
    kind = prop.get("type")
    if kind is None and "enum" in prop:
        return {type(v).__name__.replace("str", "string").replace("int", "integer") for v in prop["enum"]}
    return {kind} if isinstance(kind, str) else set(kind or ())


def _scalar_choices(prop: JSON, root: JSON) -> list[Any]:
    """The fixed values an option takes besides its list form (an `anyOf` of choices and a list)."""
    out: list[Any] = []
    for alt in prop.get("anyOf", []):
        alt = _resolve(alt, root)
        if alt.get("type") != "array":
            out += list(alt.get("enum", ())) + ([alt["const"]] if "const" in alt else [])
    return out


def _array_items(prop: JSON, root: JSON) -> JSON:
    for alt in [prop] + list(prop.get("anyOf", [])):
        alt = _resolve(alt, root)
        if alt.get("type") == "array":
            items: JSON = alt.get("items", {})
            return items
    return {}


def _scalar(kinds: set[str], text: str) -> Any:
    if "integer" in kinds:
        try:
            return int(text)
        except ValueError:
            return text
    if "boolean" in kinds and text.lower() in ("true", "false", "yes", "no", "on", "off"):
        return text.lower() in ("true", "yes", "on")
    return text
