"""Writes the seed inputs of the fuzz targets, from tests/vectors and examples, into
OUTDIR/TARGET/ (one file per input, named by its hash, so rewriting is idempotent).
The layouts (a first byte choosing the variant, lines before a body) are those the
targets document; the variant numbers below follow their order.

Usage: python3 fuzz/seeds.py OUTDIR
"""

import copy
import hashlib
import json
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "vectors"
# The orders of cobro::Kind::ALL and cobro::parse::DocumentKind::ALL.
KINDS = ["virtual-account", "subscription", "subscription-cancel", "payin"]
DOCUMENTS = [
    "virtual-account-response",
    "subscription-response",
    "payin-response",
    "payin-notification",
    "subscription-webhook",
    "deposit-notification",
]
# parse_document.rs STATUSES.
STATUSES = [200, 201, 400, 401, 404, 409, 422, 500, 502, 302]
# The documents cobro listen receives (listen_line.rs).
NOTIFICATIONS = ["payin-notification", "subscription-webhook", "deposit-notification"]
# cobro_fuzz::PAYIN_KEY.
PAYIN_KEY = "fake-payin-key-for-examples"
# The order of cobro::receive::NotificationKind::ALL (receive.rs's kind bits).
NOTIFICATIONS = ["payin-notification", "subscription-webhook", "deposit-notification"]


def receive_input(kind, body, key=None, peer=None, allow_list=None, stored_state=None, trust_unsigned=False,
                  merchant_id=None):
    """The input of the receive target (its layout): the selector, peer and
    stored-state bytes, the key's line when there is one, then the body. A peer is
    read as inside or outside 203.0.113.0/24 with its last part kept; a merchant id, as
    the target's one (1234)."""
    selector = NOTIFICATIONS.index(kind)
    if key is not None:
        selector |= 4
    if allow_list:
        selector |= 8
    peer_byte = 0
    if peer is not None:
        selector |= 16
        last = int(peer.rsplit(".", 1)[-1]) if "." in peer else 1
        inside = peer.startswith("203.0.113.")
        peer_byte = (last & 0x7E) | (1 if inside else 0)
    if trust_unsigned:
        selector |= 32
    state_byte = 0
    if stored_state is not None:
        selector |= 64
        state_byte = stored_state & 0xFF
    if merchant_id is not None:
        selector |= 128
    head = bytes([selector, peer_byte, state_byte])
    return head + (key.encode() + b"\n" if key is not None else b"") + body


def patched(base, case):
    """A validation case's body from its base and patch (tests/vectors/README.md): the
    members of `remove` taken out, then each member of `set` given its value in place,
    or appended to its object when new."""
    body = copy.deepcopy(base)

    def parent(pointer):
        *path, last = [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]
        node = body
        for token in path:
            node = node[token]
        return node, last

    for pointer in case.get("remove", []):
        node, key = parent(pointer)
        del node[key]
    for pointer, value in case.get("set", {}).items():
        node, key = parent(pointer)
        node[key] = value
    return body


def body_of(doc, case):
    """The case's body as bytes, if it has one."""
    if "base" in case:
        return json.dumps(patched(doc["bases"][case["base"]], case), ensure_ascii=False).encode()
    if "body_hex" in case:
        return bytes.fromhex(case["body_hex"])
    if "body_text" in case:
        return case["body_text"].encode()
    if "body" in case:
        return json.dumps(case["body"], ensure_ascii=False).encode()
    return None


def number_types():
    """(country, name) in the order of cobro::document::numbers(): the README's table,
    which a test keeps equal to that list."""
    lines = (ROOT / "README.md").read_text().splitlines()
    start = lines.index("| country | type | account | rule |") + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append((cells[0], cells[1]))
    return rows


def main(out):
    out = pathlib.Path(out)
    seeds = {}

    def add(target, data):
        seeds.setdefault(target, set()).add(bytes(data))

    def request(kind, body):
        k = KINDS.index(kind)
        add("json_parse", body)
        # Without a key; with the key; with the key, strict, in Spanish; with a size
        # limit of the body's size and of one byte less.
        for bits in (0, 4, 4 | 8 | 16, 32, 32 | 64):
            add("validate", bytes([k | bits]) + body)
        # As is; strict, in Spanish, pay-in wrapped, referenceId variant, mode ANY.
        for bits in (0, 4 | 8 | 16 | 32 | 64):
            add("prepare", bytes([k | bits]) + body)
        # The provider's refusal in English and in Spanish.
        for bits in (0, 4):
            add("provider", bytes([k | bits]) + body)

    for path in sorted(VECTORS.rglob("*.json")):
        doc = json.loads(path.read_text())
        add("json_parse", path.read_bytes())
        for case in doc.get("cases", []):
            body = body_of(doc, case)
            kind = case.get("kind", doc.get("kind"))
            if body is not None and kind in KINDS:
                request(kind, body)
            document = doc.get("document")
            if body is not None and document in DOCUMENTS:
                add("json_parse", body)
                status = case.get("http_status", 200)
                if status not in STATUSES:
                    STATUSES.append(status)  # not chosen, but the body still helps
                    status = 200
                head = bytes([DOCUMENTS.index(document), STATUSES.index(status)])
                add("parse_document", head + body)
                if document == "payin-notification":
                    add("verify", b"\x00" + PAYIN_KEY.encode() + b"\n" + body)
                if document in NOTIFICATIONS:
                    add("listen_line", body)
                    key = PAYIN_KEY if document == "payin-notification" else None
                    # Alone; trusted, with the merchant's id; from inside and from
                    # outside the allow-list, and from an unknown peer.
                    add("receive", receive_input(document, body, key=key))
                    add("receive", receive_input(document, body, key=key, trust_unsigned=True, merchant_id=1234))
                    for peer in ("203.0.113.7", "198.51.100.7", None):
                        add("receive", receive_input(document, body, key=key, peer=peer, allow_list=True))
            if body is not None and "key" in case and path.name.startswith("payin-notification"):
                add("verify", b"\x00" + case["key"].encode() + b"\n" + body)
            if path.parent.name == "receive" and "body_text" in case:
                add(
                    "receive",
                    receive_input(
                        case["kind"],
                        case["body_text"].encode(),
                        key=case.get("key"),
                        peer=case.get("peer"),
                        allow_list=case.get("allow_list"),
                        stored_state=case.get("stored_state"),
                        trust_unsigned=bool(case.get("trust_unsigned")),
                        merchant_id=case.get("merchant_id"),
                    ),
                )
            if path.name == "virtual-account-signature.json" and "expected" in case:
                lines = [
                    case["secret"],
                    str(case["timestamp"]),
                    case.get("reference_id", ""),
                    "X-Api-Key: " + case["api_key"],
                    "X-Timestamp: " + str(case["timestamp"]),
                    "X-Signature: " + case["expected"],
                    "X-Account-deposit-mode: OWNER",
                ]
                add("verify", b"\x01" + "\n".join(lines).encode())

    types = number_types()
    suites = json.loads((VECTORS / "documents" / "public-suites.json").read_text())
    for case in suites["cases"]:
        key = (case["country"], case["type"])
        if key in types:
            add("documents", bytes([types.index(key)]) + case["number"].encode())

    for path in sorted((ROOT / "examples").iterdir()):
        if not path.is_file():
            continue  # examples/webhooks holds programs, not bodies
        kind = next((k for k in sorted(KINDS, key=len, reverse=True) if path.name.startswith(k)), None)
        lines = path.read_bytes().splitlines() if path.suffix == ".jsonl" else [path.read_bytes()]
        for body in lines:
            if kind is None:
                add("json_parse", body)
            else:
                request(kind, body)

    # What cobro listen prints: the example notification, and bodies whose text would
    # break, hide or reorder a line (a line break, a terminal escape, bidirectional
    # overrides and isolates, zero-width and format characters, separators).
    notification = (ROOT / "examples" / "notification-payin.json").read_bytes()
    add("listen_line", notification)
    tricks = [r"\n#2 ", r"\u001b[2K", r"\u202e", r"\u2066\u2069", r"\u200b\u200f", r"\u00ad\ufeff", r"\u2028\u2029"]
    for trick in tricks:
        add("listen_line", notification.replace(b'"ORDER-0001"', f'"ORDER{trick}-0001"'.encode()))
        webhook = {
            "subscriptionId": 7,
            "chargeType": "ON_DEMAND",
            "customerId": "c",
            "originType": "SUBSCRIPTION",
            "status": "AUTHORIZED" + json.loads(f'"{trick}"'),
        }
        add("listen_line", json.dumps(webhook).encode())
        add("listen_line", json.dumps(webhook, ensure_ascii=False).encode())

    for target, inputs in seeds.items():
        folder = out / target
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for data in inputs:
            (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
        print(f"seeds: {len(inputs)} for {target}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
