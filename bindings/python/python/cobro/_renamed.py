"""Arguments given by a former name are refused with a `TypeError` naming the new one,
rather than Python's bare "unexpected keyword argument": the clock is `now` in every
function (Unix seconds). The text is the core's."""

import functools
from typing import Any, Callable, TypeVar

from ._cobro import _renamed_argument

F = TypeVar("F", bound=Callable[..., Any])


def refuse(fn: F, old: str, new: str = "now") -> F:
    """`fn`, refusing the keyword `old` with a message naming `new`."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        if old in kwargs:
            raise TypeError(f"{fn.__name__}(): " + _renamed_argument(old + "=", new + "="))
        return fn(*args, **kwargs)

    return call  # type: ignore[return-value]
