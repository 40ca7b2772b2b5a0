//! Receiving a notification (DESIGN.md 9 row 35): the core's `receive`, with the raw
//! body as the endpoint got it, as a plain `Receipt` object.

use cobro::receive::{AllowList, NotificationKind, ReceiveOptions, parse_peer, receive};
use napi::bindgen_prelude::{BigInt, Either, Either3, Null, Uint8Array, Undefined};
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{Keys, locale, optional, secret, string};
use crate::errors::{Thrown, guard, signing};
use crate::parse::to_js;
use crate::utf16::Utf16Text;

/// Options of `receiveNotification`.
#[napi(object, object_to_js = false)]
pub struct ReceiveNotificationOptions {
    /// The pay-in key, which a pay-in notification is verified with.
    #[napi(ts_type = "string")]
    pub key: Option<Utf16Text>,
    /// The address the request came from (`req.socket.remoteAddress`).
    pub peer: Option<String>,
    /// The provider's addresses or CIDR ranges; a peer outside is refused. (napi reads
    /// an array field set to `undefined` or `null` as an error unless they are among its
    /// types.)
    #[napi(ts_type = "string[] | null")]
    pub allow_list: Option<Either3<Vec<String>, Undefined, Null>>,
    /// The pay-in's state (payinStateID) as the merchant stored it.
    pub stored_state: Option<i64>,
    /// The merchant's own id: a pay-in notification naming another is refused.
    pub merchant_id: Option<Either3<f64, BigInt, String>>,
    /// Act on unsigned kinds from any peer the allow-list does not refuse (DESIGN.md 9
    /// row 39): for development with the mock only, it lets anyone who reaches the
    /// endpoint announce a subscription or credit a deposit.
    pub trust_unsigned: Option<bool>,
    /// Language of the refusal's message: `"en"` (default), `"es"` or `"pt"`.
    #[napi(ts_type = "'en' | 'es' | 'pt'")]
    pub locale: Option<String>,
}

impl Keys for ReceiveNotificationOptions {
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
/// a parsed object has lost the texts the signature covers, so none is taken): a
/// `Receipt`.
#[napi(ts_return_type = "import('./parsed').Receipt")]
pub fn receive_notification<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "import('./parsed').NotificationKind")] kind: Unknown<'e>,
    #[napi(ts_arg_type = "string | Uint8Array")] raw: Either<String, Uint8Array>,
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
        let trust_unsigned = trust.unwrap_or(false);
        let merchant_id = merchant.map(crate::args::merchant_id).transpose()?;
        let locale = locale(tag.as_deref())?;
        let name = string(kind, "kind", "a string")?;
        let kind = NotificationKind::parse(&name).map_err(|e| signing(&e))?;
        let key = key.as_ref().map(|k| secret(k, "key")).transpose()?;
        let peer = peer.as_deref().map(parse_peer).transpose().map_err(|e| signing(&e))?;
        let allow_list = allow
            .and_then(|l| match l {
                Either3::A(list) => Some(list),
                Either3::B(()) | Either3::C(_) => None,
            })
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
            Either::A(text) => text.as_bytes(),
            Either::B(array) => array,
        };
        to_js(env, &receive(kind, bytes, &options))
    })
}
