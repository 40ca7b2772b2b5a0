//! Spec 2.3: the schemas of the subscription creation and cancellation requests, from
//! the rules of `subscription` and `field`.

use super::node::{Defs, Obj, texts};
use super::{
    AMOUNT_TEXT, amount, is, matching, merchant_id, metadata_key, metadata_value, object, one_of, patterns,
    unexpressed, when,
};
use crate::field::{self, CUSTOMER_ID_FORMAT, PROCESSOR_CODE_FORMAT};
use crate::metadata;
use crate::subscription::{AMOUNT_INTEGER_DIGITS, PERIODICITY_FORMAT};

/// Spec 2.3 / 4.2: the creation body.
pub(super) fn create(defs: &mut Defs) -> Obj {
    let details = details(defs, true).with(
        "allOf",
        vec![when(
            is("type", field::RECURRENT),
            object(
                &["periodicity", "amount"],
                Obj::new()
                    .with("periodicity", matching(patterns::anchored(PERIODICITY_FORMAT)))
                    .with(
                        "amount",
                        unexpressed(amount(AMOUNT_INTEGER_DIGITS, false), &[AMOUNT_TEXT]),
                    ),
            ),
        )],
    );
    let entry = object(
        &["key", "value"],
        Obj::new().with("key", metadata_key()).with("value", metadata_value()),
    );
    let meta = Obj::new()
        .with("type", texts(["array", "null"]))
        .with("maxItems", metadata::MAX_ENTRIES)
        .with("items", defs.name("SubscriptionMetadataEntry", entry));
    let meta = unexpressed(
        meta,
        &[
            "WARN_EMPTY_METADATA: null or [] is accepted with a warning (omit it when none)",
            "WARN_DUPLICATE_METADATA_KEY: a key given twice (DESIGN.md 9 row 5)",
        ],
    );
    object(
        &["merchantId", "subscriptionDetails"],
        Obj::new()
            .with("merchantId", merchant_id())
            .with("subscriptionDetails", defs.name("SubscriptionDetails", details))
            .with("metadata", meta),
    )
}

/// Spec 2.3 / 4.3: the cancellation body.
pub(super) fn cancel(defs: &mut Defs) -> Obj {
    let details = details(defs, false);
    object(
        &["merchantId", "subscriptionDetails"],
        Obj::new()
            .with("merchantId", merchant_id())
            .with("subscriptionDetails", defs.name("SubscriptionCancelDetails", details)),
    )
}

/// Spec 2.3 subscriptionDetails: type, customerId and processorCode in both requests;
/// device, periodicity and amount in a creation, the last two typed here, required and
/// checked by type.
fn details(defs: &mut Defs, create: bool) -> Obj {
    let mut properties = Obj::new().with("type", subscription_type(defs));
    if create {
        properties.push("device", defs.name("Device", one_of(field::DEVICES)));
    }
    properties.push("customerId", matching(patterns::anchored(CUSTOMER_ID_FORMAT)));
    properties.push(
        "processorCode",
        unexpressed(
            matching(patterns::anchored(PROCESSOR_CODE_FORMAT)),
            &["WARN_UNKNOWN_PROCESSOR_CODE: a code other than Wallet_on_file or Yape_on_file (DESIGN.md 9 row 13)"],
        ),
    );
    if create {
        for (name, kind) in [("periodicity", "string"), ("amount", "number")] {
            properties.push(
                name,
                unexpressed(
                    Obj::new().with("type", texts([kind, "null"])).with(
                        "description",
                        "Spec 2.3: required when type is RECURRENT, and checked there.",
                    ),
                    &[IGNORED],
                ),
            );
        }
    }
    let required: &[&str] = if create {
        &["type", "device", "customerId", "processorCode"]
    } else {
        &["type", "customerId", "processorCode"]
    };
    object(required, properties)
}

/// What the schema of periodicity and amount states that cobro does not check.
const IGNORED: &str = "WARN_FIELD_IGNORED: given for an ON_DEMAND subscription, it is ignored (not checked), where this schema still types it";

/// Spec 2.3: ON_DEMAND or RECURRENT, the one enumeration of subscriptionDetails.type and
/// a pay-in's payinSubscription.chargeType.
pub(super) fn subscription_type(defs: &mut Defs) -> Obj {
    defs.name("SubscriptionType", one_of(field::SUBSCRIPTION_TYPES))
}
