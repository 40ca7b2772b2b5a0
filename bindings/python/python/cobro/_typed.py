"""The machinery of cobro's typed answers (:mod:`cobro.answers`): the record decorator,
the common base class, and one generic converter from the core's serde JSON.

The core serializes every parsed value with serde (DESIGN.md section 6); the native
module hands that JSON text to :func:`from_core`. Each class's attribute names are the
JSON's keys, so one converter, driven by the classes' type hints
(``typing.get_type_hints``), builds any of them, and :meth:`Record.to_dict` writes the
same JSON back. No rule, default or message lives here: types and conversion only.

Conversions: JSON arrays become tuples (the records are frozen, all the way down);
``bytes`` fields (the QR image) are Base64 text in JSON; a ``Union`` of records is a
tagged union, told apart by the ``Literal`` field its members share (``kind`` or
``outcome``).
"""

from __future__ import annotations

import base64
import dataclasses
import json
import sys
import typing
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Dict, FrozenSet, List, Mapping, Tuple, Type, TypeVar

_T = TypeVar("_T")
_R = TypeVar("_R", bound="Record")

if TYPE_CHECKING:  # pragma: no cover - typing only
    from typing_extensions import dataclass_transform

    @dataclass_transform(frozen_default=True)
    def record(cls: Type[_T]) -> Type[_T]:
        """A frozen dataclass (slots on Python 3.10 and later)."""
        ...

else:
    _OPTIONS: Dict[str, Any] = {"frozen": True, "repr": False}
    if sys.version_info >= (3, 10):
        _OPTIONS["slots"] = True

    def record(cls):
        """A frozen dataclass (slots on Python 3.10 and later); ``repr`` is
        :meth:`Record.__repr__`, which hides the fields the core lists as personal for
        the class's name (checked here: each must be a field of the class)."""
        cls = dataclasses.dataclass(**_OPTIONS)(cls)
        personal = _PERSONAL.get(cls.__name__, frozenset())
        unknown = personal - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise TypeError(f"{cls.__name__} has no fields {sorted(unknown)} the core lists as personal")
        cls._personal = personal
        return cls


def _core_personal_fields() -> Dict[str, FrozenSet[str]]:
    """The core's personal fields (``cobro::personal::fields()``), by record class name."""
    # Imported here: the native module's stubs import the answers, which import this
    # module, and mypy cannot type `record` through that cycle.
    from ._cobro import personal_fields

    return {name: frozenset(fields) for name, fields in personal_fields().items()}


_PERSONAL = _core_personal_fields()

_REDACTED = "[REDACTED]"


class Record:
    """Base class of every typed answer, notification and catalogue entry.

    ``to_dict()`` gives the core's JSON as plain data; ``repr`` names every field but
    shows the personal ones (the core's list for the class's name: names, document
    numbers, e-mails, phones, account numbers, user ids, free text) as ``[REDACTED]``
    when set, and ``bytes`` by their length. Instances are immutable and compare by
    value.
    """

    __slots__ = ()

    _personal: ClassVar[FrozenSet[str]] = frozenset()
    """The personal fields, set by :func:`record` from the core's list."""

    def to_dict(self) -> Dict[str, Any]:
        """The value exactly as the core's serde JSON writes it: the same keys, tuples
        as lists, ``bytes`` as standard Base64 text; ``json.dumps`` accepts it."""
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls: Type[_R], data: Mapping[str, Any]) -> _R:
        """Builds the record from the core's JSON shape (what :meth:`to_dict` returns)."""
        return _converter(cls)(data)  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        parts = []
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is not None and f.name in self._personal:
                shown = _REDACTED
            elif isinstance(value, bytes):
                shown = f"<{len(value)} bytes>"
            else:
                shown = repr(value)
            parts.append(f"{f.name}={shown}")
        return f"{type(self).__name__}({', '.join(parts)})"



def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    return value


_CONVERTERS: Dict[Any, Callable[[Any], Any]] = {}


def _identity(value: Any) -> Any:
    return value


def _bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else base64.b64decode(value, validate=True)


def _converter(hint: Any) -> Callable[[Any], Any]:
    """The function that turns JSON data into a value of type ``hint`` (cached)."""
    found = _CONVERTERS.get(hint)
    if found is None:
        found = _make(hint)
        _CONVERTERS[hint] = found
    return found


def _make(hint: Any) -> Callable[[Any], Any]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bytes:
        return _bytes
    if isinstance(hint, type) and issubclass(hint, Record):
        return _record_converter(hint)
    if origin is tuple:
        item = _converter(args[0])
        return lambda value: tuple(item(v) for v in value)
    if origin is typing.Union:
        members = [a for a in args if a is not type(None)]
        if len(members) == 1:
            inner = _converter(members[0])
            return lambda value: None if value is None else inner(value)
        return _tagged(members)
    return _identity  # str, int, bool, Literal[...]: JSON gives them as they are


def _record_converter(cls: Type[Record]) -> Callable[[Any], Any]:
    hints = typing.get_type_hints(cls)
    fields = [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    converters: Tuple[Tuple[str, Callable[[Any], Any]], ...] = ()

    def build(value: Mapping[str, Any]) -> Record:
        nonlocal converters
        if not converters:  # resolved on first use: classes may refer to later ones
            converters = tuple((name, _converter(h)) for name, h in fields)
        return cls(**{name: conv(value[name]) for name, conv in converters})

    return build


def _tagged(members: List[Any]) -> Callable[[Any], Any]:
    """A tagged union: each member has a ``Literal`` field (the tag) of one value."""
    by_tag: Dict[Any, Callable[[Any], Any]] = {}
    tag = ""
    for cls in members:
        first = dataclasses.fields(cls)[0].name
        tag = first
        (value,) = typing.get_args(typing.get_type_hints(cls)[first])
        by_tag[value] = _converter(cls)

    def build(value: Mapping[str, Any]) -> Any:
        return by_tag[value[tag]](value)

    return build


def list_from_core(hint: Any, text: str) -> List[Any]:
    """The core's JSON array ``text`` as a list of values of type ``hint`` (called by
    the native module for a whole table)."""
    convert = _converter(hint)
    return [convert(value) for value in json.loads(text)]


def from_core(hint: Any, text: str) -> Any:
    """The typed value of ``hint`` for the core's JSON ``text`` (called by the native
    module; ``null`` gives ``None``)."""
    data = json.loads(text)
    return None if data is None else _converter(hint)(data)
