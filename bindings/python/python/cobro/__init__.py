"""cobro: validate, sign, prepare and parse requests and answers of the
payment-collection API (virtual accounts, one-click subscriptions, pay-ins).

A thin binding of the Rust core: every rule, message and code is the core's, the same
in Rust, Python, Node and Kotlin/Swift. See the package README for a quickstart.
"""

from . import documents
from ._cobro import (
    Amount,
    Issue,
    PreparedRequest,
    Report,
    Secret,
    __version__,
    parse,
    payin_creation_code,
    payin_state,
    payin_verification,
    payment_confirmation_code,
    prepare_payin,
    prepare_subscription,
    prepare_subscription_cancel,
    prepare_virtual_account,
    subscription_authorization,
    subscription_error_code,
    validate,
    verify_payin_notification,
    verify_virtual_account_headers,
    virtual_account_error_code,
    virtual_account_headers,
    virtual_account_signature,
)
from ._exceptions import (
    CobroError,
    DocumentError,
    ParseError,
    SigningError,
    ValidationError,
    VerificationError,
)
from ._record import Record

__all__ = [
    "Amount",
    "CobroError",
    "DocumentError",
    "Issue",
    "ParseError",
    "PreparedRequest",
    "Record",
    "Report",
    "Secret",
    "SigningError",
    "ValidationError",
    "VerificationError",
    "__version__",
    "documents",
    "parse",
    "payin_creation_code",
    "payin_state",
    "payin_verification",
    "payment_confirmation_code",
    "prepare_payin",
    "prepare_subscription",
    "prepare_subscription_cancel",
    "prepare_virtual_account",
    "subscription_authorization",
    "subscription_error_code",
    "validate",
    "verify_payin_notification",
    "verify_virtual_account_headers",
    "virtual_account_error_code",
    "virtual_account_headers",
    "virtual_account_signature",
]
