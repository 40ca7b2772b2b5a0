"""The request bodies cobro validates and prepares, as ``TypedDict`` types generated from
the core's description (``_requests.py``): ``PayinRequest``, ``UnsignedPayinRequest``
(what ``prepare_payin`` takes), ``VirtualAccountRequest``, ``SubscriptionRequest``,
``SubscriptionCancelRequest``, ``PayinStatusRequest``, the objects they hold
(``Owner``, ``OwnerDocument``, ``OwnerPhone``, ``Account``, ``SubscriptionDetails``,
...), and ``IssueCode``, the codes a report issue carries. A plain dict works wherever
one of these is taken; the types let a type checker find a misspelled key or a value of
the wrong type before the request is sent.
"""

from ._requests import *  # noqa: F401,F403 (the generated module lists its names)
from ._requests import __all__ as __all__
