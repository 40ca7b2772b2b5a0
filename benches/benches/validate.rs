//! cobro::validate against serde_json parsing the same bytes into a `Value`: for each
//! payload one criterion group with both functions, so `benches/report.py` can put them
//! side by side. A valid body must validate faster than serde_json parses it.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn validate(c: &mut Criterion) {
    for payload in cobro_benches::payloads() {
        let mut group = c.benchmark_group(payload.name);
        group.throughput(Throughput::Bytes(payload.body.len() as u64));
        group.bench_function("serde_json_value", |b| {
            b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(&payload.body)).is_ok())
        });
        group.bench_function("cobro_validate", |b| {
            b.iter(|| cobro::validate(payload.kind, black_box(&payload.body), &Default::default()))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = cobro_benches::config();
    targets = validate
}
criterion_main!(benches);
