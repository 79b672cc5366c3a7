"""Rules as data: one frozen dataclass of options per game family, validated up front.

Each option is declared with :func:`option`, which records its meaning and allowed values;
the same declarations drive validation, ``bluffhouse rules GAME`` and the docs.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .errors import RuleError, quote

#: The longest text an option may hold.
TEXT_LIMIT = 64


def option(
    default: Any,
    doc: str,
    *,
    choices: Sequence[Any] | None = None,
    low: int | None = None,
    high: int | None = None,
) -> Any:
    """A rules field with its documentation and allowed values."""
    meta = {"doc": doc, "choices": tuple(choices) if choices else None, "low": low, "high": high}
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionInfo:
    """One rules option: its key, type, default, meaning and allowed values; and, for people,
    a ``label`` in words, the ``group`` it is shown in (see ``Rules.WORDS``) and the kind of
    control that fits its values (``input``: "rank" for one rank or 'any', "ranks" for a set
    of ranks or 'all', else "" for the type's own)."""

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple[Any, ...] | None
    low: int | None
    high: int | None
    label: str = ""
    group: str = ""
    input: str = ""

    @property
    def type_name(self) -> str:
        return self.type.__name__

    def describe_values(self) -> str:
        if self.choices:
            return " | ".join(str(c) for c in self.choices)
        if self.type is bool:
            return "true | false"
        if self.type is int:
            lo = "" if self.low is None else str(self.low)
            hi = "" if self.high is None else str(self.high)
            return f"{lo}..{hi}" if lo or hi else "integer"
        return "text"

    def parse(self, text: str) -> Any:
        """A value from command-line text (KEY=VALUE), RuleError naming the option otherwise."""
        if self.type is bool:
            low = text.strip().lower()
            if low in ("1", "true", "yes", "on", "y"):
                return True
            if low in ("0", "false", "no", "off", "n"):
                return False
            raise RuleError(f"option {self.name}: {quote(text)} is not true or false")
        if self.type is int:
            try:
                return int(text)
            except ValueError:
                raise RuleError(
                    f"option {self.name}: {quote(text)} is not a whole number"
                ) from None
        return text


@dataclass(frozen=True)
class Rules:
    """Base of every family's options; subclasses add fields made with :func:`option`.

    ``WORDS`` gives each option its group and its label for people (a front end shows the
    label, and the key only to those who ask for it); ``GROUPS`` orders and names the groups.
    ``RANK_INPUTS`` marks the text options whose values are ranks."""

    WORDS: ClassVar[Mapping[str, tuple[str, str]]] = {}
    GROUPS: ClassVar[Mapping[str, str]] = {}
    RANK_INPUTS: ClassVar[Mapping[str, str]] = {}

    FAMILY: ClassVar[str] = ""

    @classmethod
    def options(cls) -> list[OptionInfo]:
        return list(_options_of(cls))

    @classmethod
    def option_info(cls, name: str) -> OptionInfo:
        for info in cls.options():
            if info.name == name:
                return info
        known = ", ".join(i.name for i in cls.options())
        raise RuleError(f"unknown option {quote(name)} (this game's options: {known})")

    @classmethod
    def build(cls, *layers: Mapping[str, Any]) -> Self:
        """Defaults, then each mapping of overrides in turn, each value checked."""
        values: dict[str, Any] = {}
        infos = {i.name: i for i in _options_of(cls)}
        for layer in layers:
            for name, value in layer.items():
                info = infos.get(name)
                if info is None:
                    known = ", ".join(infos)
                    raise RuleError(f"unknown option {quote(name)} (this game's options: {known})")
                values[name] = _check_value(info, value)
        return cls(**values)

    def validate(self, players: int) -> None:
        """Raise RuleError for a combination of options that cannot be played by ``players``."""

    def changed(self) -> dict[str, Any]:
        """The options that differ from the family defaults."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default
        }

    def as_dict(self) -> dict[str, Any]:
        """The options as a new dict (every value is a bool, int or str, so no deep copy is
        needed: ``dataclasses.asdict`` made one, and every view and save asks for this)."""
        return {info.name: getattr(self, info.name) for info in _options_of(type(self))}


_OPTIONS: dict[type[Rules], tuple[OptionInfo, ...]] = {}


def _options_of(cls: type[Rules]) -> tuple[OptionInfo, ...]:
    """The declared options of a rules class (type hints are resolved once per class)."""
    known = _OPTIONS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    _OPTIONS[cls] = tuple(
        OptionInfo(
            name=f.name,
            type=hints[f.name],
            default=f.default,
            doc=f.metadata.get("doc", ""),
            choices=f.metadata.get("choices"),
            low=f.metadata.get("low"),
            high=f.metadata.get("high"),
            label=cls.WORDS.get(f.name, ("", ""))[1] or f.name.replace("_", " "),
            group=cls.WORDS.get(f.name, ("other", ""))[0],
            input=cls.RANK_INPUTS.get(f.name, ""),
        )
        for f in dataclasses.fields(cls)
    )
    return _OPTIONS[cls]


def _check_value(info: OptionInfo, value: Any) -> Any:
    """``value`` if it is one ``info`` allows, of its exact type (an int is not a bool or a
    float); a RuleError naming the option, quoting the value briefly, otherwise."""
    if info.type is bool:
        if type(value) is not bool:
            raise RuleError(f"option {info.name} must be true or false, not {quote(value)}")
    elif info.type is int:
        if type(value) is not int:
            raise RuleError(f"option {info.name} must be a whole number, not {quote(value)}")
        if info.low is not None and value < info.low:
            raise RuleError(f"option {info.name} must be at least {info.low}, not {quote(value)}")
        if info.high is not None and value > info.high:
            raise RuleError(f"option {info.name} must be at most {info.high}, not {quote(value)}")
    elif info.type is str:
        if type(value) is not str:
            raise RuleError(f"option {info.name} must be text, not {quote(value)}")
        if len(value) > TEXT_LIMIT:
            raise RuleError(
                f"option {info.name} is text of at most {TEXT_LIMIT} characters, not {len(value)}"
            )
    if info.choices and value not in info.choices:
        allowed = ", ".join(repr(c) for c in info.choices)
        raise RuleError(f"option {info.name} cannot be {quote(value)}; choose one of {allowed}")
    return value
