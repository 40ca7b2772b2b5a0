//! What every handler shares: the configuration, the state, the base URL, the client
//! that delivers notifications and the notifications under way.

use std::sync::Arc;

use crate::config::{Config, Merchant};
use crate::{outbox, state};

/// What every handler shares.
pub(crate) struct App {
    pub(crate) config: Config,
    pub(crate) state: state::State,
    /// `http://host:port` as the mock is reached, for the checkout links it hands out.
    pub(crate) base_url: String,
    pub(crate) client: reqwest::Client,
    /// The notifications waiting to be delivered, retried or released.
    pub(crate) outbox: outbox::Outbox,
}

pub(crate) type Shared = Arc<App>;

impl App {
    /// The merchant with id `id`.
    pub(crate) fn merchant(&self, id: u64) -> Option<&Merchant> {
        self.config.merchants.iter().find(|m| m.id == id)
    }
}
