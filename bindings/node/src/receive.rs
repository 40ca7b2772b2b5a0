//! Receiving a notification (DESIGN.md 9 row 35): the core's `receive`, with the raw
//! body as the endpoint got it, as a plain `Receipt` object.

use cobro::receive::{AllowList, NotificationKind, ReceiveOptions, parse_peer, receive};
use napi::bindgen_prelude::{Either3, Uint8Array};
use napi::{Env, Unknown, ValueType};
use napi_derive::napi;

use crate::args::{
    Keys, field, js_type, locale, optional, optional_bool, optional_string, optional_utf16, secret, state_id, string,
    strings,
};
use crate::errors::{Fail, Res, Thrown, guard, signing, type_error_found};
use crate::parse::to_js;

/// What `raw` takes, in the words of Python's `raw` (the body as received): a parsed
/// object has lost the texts the signature covers.
const RAW_TYPES: &str = "a Buffer, a Uint8Array or a string: the body as received (its bytes before any JSON parsing)";

/// The `TypeError` for a `raw` that is not the body's bytes or text (a parsed object, say).
fn raw_type_error(value: &Unknown<'_>) -> Res<Fail> {
    Ok(type_error_found("raw", RAW_TYPES, js_type(value)?))
}

/// Options of `receiveNotification`.
#[napi(object, object_to_js = false)]
pub struct ReceiveNotificationOptions<'a> {
    /// The pay-in key, which a pay-in notification is verified with.
    #[napi(ts_type = "string")]
    pub key: Option<Unknown<'a>>,
    /// The address the request came from (`req.socket.remoteAddress`).
    #[napi(ts_type = "string")]
    pub peer: Option<Unknown<'a>>,
    /// The provider's addresses or CIDR ranges; a peer outside is refused; `null` is
    /// none.
    #[napi(ts_type = "string[] | null")]
    pub allow_list: Option<Unknown<'a>>,
    /// The pay-in's state (payinStateID) as the merchant stored it: a whole number, a
    /// bigint, or the decimal string a parsed notification's `payinStateId` holds.
    #[napi(ts_type = "number | bigint | string")]
    pub stored_state: Option<Unknown<'a>>,
    /// The merchant's own id: a pay-in notification naming another is refused.
    #[napi(ts_type = "number | bigint | string")]
    pub merchant_id: Option<Unknown<'a>>,
    /// Act on unsigned kinds from any peer the allow-list does not refuse (DESIGN.md 9
    /// row 39): for development with the mock only, it lets anyone who reaches the
    /// endpoint announce a subscription or credit a deposit.
    #[napi(ts_type = "boolean")]
    pub trust_unsigned: Option<Unknown<'a>>,
    /// Language of the refusal's message: `"en"` (default), `"es"` or `"pt"`.
    #[napi(ts_type = "'en' | 'es' | 'pt'")]
    pub locale: Option<Unknown<'a>>,
}

impl Keys for ReceiveNotificationOptions<'_> {
    const KEYS: &'static [&'static str] = &[
        "key",
        "peer",
        "allowList",
        "storedState",
        "merchantId",
        "trustUnsigned",
        "locale",
    ];
}

/// DESIGN.md 9 row 35: what a notification endpoint of `kind` (`payin-notification`,
/// `subscription-webhook`, `deposit-notification`) answers at once and may do with
/// `raw`, the body exactly as received (`express.raw()`, Fastify's `parseAs: 'buffer'`;
/// a parsed object has lost the texts the signature covers: it is a `TypeError` naming
/// `raw`): a `Receipt`.
#[napi(ts_return_type = "import('./parsed').Receipt")]
pub fn receive_notification<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "import('./parsed').NotificationKind")] kind: Unknown<'e>,
    #[napi(ts_arg_type = "string | Uint8Array")] raw: Either3<String, Uint8Array, Unknown<'e>>,
    #[napi(ts_arg_type = "ReceiveNotificationOptions | undefined | null")] options: Option<Unknown<'e>>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        // The options first, as every function reads them: a wrong key is named before
        // anything else.
        let o = optional::<ReceiveNotificationOptions>(options, "options")?;
        let (key, peer, allow, stored_state, trust, merchant, tag) = match o {
            Some(o) => (
                o.key,
                o.peer,
                o.allow_list,
                o.stored_state,
                o.trust_unsigned,
                o.merchant_id,
                o.locale,
            ),
            None => (None, None, None, None, None, None, None),
        };
        let trust_unsigned = optional_bool(trust, "trustUnsigned")?.unwrap_or(false);
        let merchant_id = field(merchant, crate::args::merchant_id)?;
        let stored_state = field(stored_state, |s| state_id(s, "storedState"))?;
        let locale = locale(tag)?;
        let name = string(kind, "kind", "a string")?;
        let kind = NotificationKind::parse(&name).map_err(|e| signing(&e))?;
        let key = optional_utf16(key, "key")?.map(|k| secret(&k, "key")).transpose()?;
        let peer = optional_string(peer, "peer")?;
        let peer = peer.as_deref().map(parse_peer).transpose().map_err(|e| signing(&e))?;
        // `null` is no allow-list, as a key left out.
        let allow = allow.filter(|l| !matches!(l.get_type(), Ok(ValueType::Null)));
        let allow_list = field(allow, |l| strings(l, "allowList"))?
            .map(|l| AllowList::parse_as("allowList", l.iter().map(String::as_str)))
            .transpose()
            .map_err(|e| signing(&e))?;
        let options = ReceiveOptions {
            key: key.as_ref(),
            peer,
            allow_list: allow_list.as_ref(),
            stored_state,
            trust_unsigned,
            merchant_id,
            locale,
        };
        let bytes: &[u8] = match &raw {
            Either3::A(text) => text.as_bytes(),
            Either3::B(array) => array,
            Either3::C(other) => return Err(raw_type_error(other)?),
        };
        to_js(env, &receive(kind, bytes, &options))
    })
}
