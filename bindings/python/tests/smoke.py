"""What scripts/test runs on each CPython the wheels are tried on, and on the package
pip builds from the sdist: the installed package (not the checkout) validates a body,
signs and prepares a pay-in, and parses an answer. Run from outside the checkout, with
no argument; prints one line and exits non-zero on any failure."""

import json
import sys

import cobro

BODY = {"owner": {"referenceId": "u-1", "type": "PERSON"}}
report = cobro.validate("virtual-account", BODY)
assert not report.valid and report.errors[0].code == "ERR_MISSING_FIELD", report.to_json()

hash_ = cobro.payin_verification(
    merchant_id=1234, operation_number="ORDER-0001", amount="150.5", currency="PEN", key="fake-payin-key-0001"
)
assert len(hash_) == 128, hash_

answer = cobro.parse_payin_response(
    '{"url": "https://pay.example.com/p/1", "payinErrorCode": "0000", "payinErrorMessage": "ok"}'
)
assert answer.success and answer.url == "https://pay.example.com/p/1", answer

assert cobro.__file__.find("site-packages") > 0, cobro.__file__
print(f"cobro {cobro.__version__} on CPython {sys.version.split()[0]}: validate, sign and parse work ({json.dumps(report.errors[0].path)})")
