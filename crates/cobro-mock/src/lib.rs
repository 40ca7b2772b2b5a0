//! `cobro mock`: a local stand-in for the payment-collection provider (SPEC.md), for
//! merchants' end-to-end tests. It keeps state, checks all three signatures, answers
//! with the provider's own shapes and codes, sends the three notifications signed as the
//! provider signs them, and injects faults on request.
//!
//! This crate is the project's only IO: HTTP and memory. Every rule, signature, answer
//! shape and code comes from the core (`cobro`, `cobro::provider`).
//!
//! Start it in-process with [`start`] (a background thread with its own runtime, for
//! test fixtures and the Python and Node packages), or inside a runtime with [`serve`].

mod app;
mod body;
pub mod check;
mod checkout;
pub mod config;
mod control;
mod deliver;
mod fault;
mod forward;
pub mod host;
mod listen;
mod outbox;
pub mod paths;
mod payin;
pub mod printable;
mod qr;
pub mod receiver;
mod records;
mod reply;
mod save;
mod server;
pub mod state;
mod status;
mod subscription;
mod time;
mod tls;
mod virtual_account;

pub use config::{Config, ConfigError, ConnectionLimits, KindUrls, Merchant, RetryPolicy, merchants_from_json};
pub use deliver::DELIVERY_GRACE;
pub use outbox::{MAX_SENDING, MAX_WAITING, MAX_WAITING_BYTES};
pub use server::{Mock, STOP_GRACE, check_host, remote_warning, run_until_interrupted, serve, start};
pub use status::MAX_STATUS_OPERATIONS;
pub use tls::{MAX_CA_BYTES, WebhookCa};

/// Says `line` on standard error, where a developer running the mock sees it: what the
/// mock refused or dropped because a limit was reached, and what a stop left undone.
fn warn(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "cobro mock: {line}");
}

/// The port `cobro mock` listens on by default.
pub const DEFAULT_PORT: u16 = cobro::endpoints::MOCK_PORT;

#[cfg(test)]
mod tests {
    /// The OpenAPI document's servers, one per path, default to this mock's address.
    #[test]
    fn openapi_servers_default_to_the_mock() {
        let address = format!("\"default\": \"http://127.0.0.1:{}\"", super::DEFAULT_PORT);
        let document = cobro::schema::openapi();
        let paths = document.matches("\"servers\": [").count();
        assert_eq!(paths, 5);
        assert_eq!(document.matches(&address).count(), paths);
    }
}
