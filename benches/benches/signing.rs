//! The signing functions against the raw primitives over the same bytes, each side
//! producing the same lowercase hex: the library's checks, number formatting and hex
//! encoding should cost little next to the hash itself.
#![allow(missing_docs)]

use std::hint::black_box;

use cobro::{Amount, Secret, UnixSeconds};
use criterion::{Criterion, criterion_group, criterion_main};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha512};

/// Lowercase hex, the way a hand-written snippet does it.
fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        for n in [b >> 4, b & 0x0f] {
            out.push(char::from(DIGITS.get(usize::from(n)).copied().unwrap_or(b'0')));
        }
    }
    out
}

const KEY: &str = "fake-payin-key-for-benches";
const SECRET: &str = "fake-va-secret-for-benches";

fn payin(c: &mut Criterion) {
    let Ok(key) = Secret::new(KEY) else { return };
    let Ok(amount) = Amount::parse("150.50") else { return };
    let mut group = c.benchmark_group("payin_verification");
    group.bench_function("cobro", |b| {
        b.iter(|| cobro::payin_verification(black_box(1234), black_box("ORDER-0001"), amount, "PEN", &key))
    });
    group.bench_function("cobro_text", |b| {
        b.iter(|| cobro::signing::payin_verification_text("1234", black_box("ORDER-0001"), "150.50", "PEN", &key))
    });
    group.bench_function("raw_sha512", |b| {
        b.iter(|| {
            let mut h = Sha512::new();
            for part in ["1234", black_box("ORDER-0001"), "150.50", "PEN", KEY] {
                h.update(part.as_bytes());
            }
            to_hex(&h.finalize())
        })
    });
    group.finish();
}

fn virtual_account(c: &mut Criterion) {
    let Ok(secret) = Secret::new(SECRET) else { return };
    let Ok(now) = UnixSeconds::new(1_767_225_600) else {
        return;
    };
    let mut group = c.benchmark_group("virtual_account_signature");
    group.bench_function("cobro", |b| {
        b.iter(|| cobro::virtual_account_signature(now, black_box("fake-api-key"), &secret))
    });
    group.bench_function("raw_hmac", |b| {
        b.iter(|| {
            let Ok(mut mac) = Hmac::<Sha512>::new_from_slice(SECRET.as_bytes()) else {
                return None;
            };
            mac.update(b"1767225600");
            mac.update(black_box("fake-api-key").as_bytes());
            Some(to_hex(&mac.finalize().into_bytes()))
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = cobro_benches::config();
    targets = payin, virtual_account
}
criterion_main!(benches);
