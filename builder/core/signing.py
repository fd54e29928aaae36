"""Ed25519 keys and signatures of approval records (``cryptography``, offline).

A leader's public key travels as the base64 of its 32 raw bytes; a record's
signature is over bytes the caller gives (``builder.core.approval`` signs the
canonical JSON of the record without its ``signature`` field), so this module
knows nothing of records' content or of canonical JSON.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from builder.core.approval_status import ApprovalError, SignatureState

if TYPE_CHECKING:  # ``cryptography`` (9 MB) is imported when a key or signature is first used
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

SIGNATURE_ALGORITHM = "ed25519"


def public_key_text(key: Ed25519PrivateKey | Ed25519PublicKey) -> str:
    """A public key as the base64 of its 32 raw bytes: the text a leader shares."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    return base64.b64encode(public.public_bytes(Encoding.Raw, PublicFormat.Raw)).decode("ascii")


def parse_public_key(text: str) -> Ed25519PublicKey:
    """An Ed25519 public key from base64 raw text; ApprovalError when it is not one."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    raw = b64_bytes(text, "public key")
    if len(raw) != 32:
        raise ApprovalError(f"an Ed25519 public key is 32 bytes, not {len(raw)}")
    return Ed25519PublicKey.from_public_bytes(raw)


def b64_bytes(text: Any, what: str) -> bytes:
    """The bytes of base64 ``text``; ApprovalError names ``what`` when it is not base64."""
    if not isinstance(text, str):
        raise ApprovalError(f"the {what} must be base64 text")
    try:
        return base64.b64decode(text.strip().encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise ApprovalError(f"the {what} is not valid base64") from None


def signature_block(data: bytes, key: Ed25519PrivateKey) -> dict[str, str]:
    """The ``signature`` field of a record: ``key``'s Ed25519 signature of ``data``."""
    return {
        "algorithm": SIGNATURE_ALGORITHM,
        "public_key": public_key_text(key),
        "value": base64.b64encode(key.sign(data)).decode("ascii"),
    }


def check_signature(
    signature: Mapping[str, Any] | None, data: bytes, trusted_keys: Mapping[str, str] | None
) -> tuple[SignatureState, str, str]:
    """(state, public key text, trusted signer name) of a well-formed signature of ``data``.

    ``trusted_keys`` maps a base64 public key to its owner's name; without it a
    signature is only checked against the key it carries.
    """
    if signature is None:
        return SignatureState.UNSIGNED, "", ""
    from cryptography.exceptions import InvalidSignature

    public_text = signature["public_key"]
    try:
        public = parse_public_key(public_text)
        value = b64_bytes(signature["value"], "signature")
        public.verify(value, data)
    except (ApprovalError, InvalidSignature, ValueError):
        return SignatureState.INVALID, public_text, ""
    if trusted_keys is None:
        return SignatureState.VALID, public_text, ""
    signer = trusted_keys.get(public_text)
    if signer is None:
        return SignatureState.UNKNOWN_KEY, public_text, ""
    return SignatureState.VALID, public_text, signer
