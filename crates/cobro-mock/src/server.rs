//! The server: the routes, serving on a listener, and the two ways to run it (a
//! background thread for tests and the bindings, the calling thread for `cobro mock`).

use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use axum::Router;
use axum::routing::{get, post};
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::app::{App, Shared};
use crate::config::Config;
use crate::{
    checkout, control, deliver, fault, listen, paths, payin, reply, state, status, subscription, virtual_account,
};

/// Whether the mock may listen on `ip`: loopback always; another address only with
/// `allow_remote`, since the control API would then be one network hop from anyone.
pub fn check_host(ip: IpAddr, allow_remote: bool) -> Result<(), String> {
    if reply::is_loopback(ip) || allow_remote {
        Ok(())
    } else {
        Err(format!(
            "{ip} is not a loopback address: pass --allow-remote to listen on it"
        ))
    }
}

/// What to say on standard error before listening on `ip` with `--allow-remote`: what
/// becomes reachable from other machines; `None` for a loopback address.
pub fn remote_warning(ip: IpAddr) -> Option<String> {
    (!reply::is_loopback(ip)).then(|| {
        format!(
            "warning: listening on {ip}, not loopback: other machines on the network can reach the three APIs and the control API (/_mock/: pay, refund and reset any pay-in, and read every merchant's id, webhook URL and API key); use it on a trusted network only"
        )
    })
}

fn router(app: Shared) -> Router {
    Router::new()
        .route(paths::VIRTUAL_ACCOUNTS, post(virtual_account::create))
        .route(paths::SUBSCRIPTION, post(subscription::create))
        .route(paths::SUBSCRIPTION_CANCEL, post(subscription::cancel))
        .route(paths::PAYIN, post(payin::create))
        .route(paths::PAYIN_V1, post(payin::create))
        .route(&paths::payin_status(), post(status::query))
        .route("/checkout/{trx}", get(checkout::page))
        .route("/checkout/{trx}/{action}", post(checkout::act))
        .route("/_mock/payins/{operation}/{action}", post(control::payin))
        .route("/_mock/subscriptions/{id}/{action}", post(control::subscription))
        .route("/_mock/virtual-accounts/{id}/deposit", post(control::deposit))
        .route("/_mock/events", get(control::events))
        .route("/_mock/reset", post(control::reset))
        .route("/_mock/merchants", get(control::merchants))
        .fallback(reply::not_found)
        .layer(axum::middleware::from_fn(fault::apply))
        .layer(axum::middleware::from_fn_with_state(app.clone(), reply::control_guard))
        .layer(axum::middleware::from_fn(reply::json_refusals))
        .layer(axum::middleware::from_fn_with_state(app.clone(), reply::log_requests))
        .with_state(app)
}

/// Serves the mock on `listener` until `shutdown` completes, then for at most
/// [`STOP_GRACE`] while the requests under way finish, and at most
/// [`DELIVERY_GRACE`](crate::DELIVERY_GRACE) while the notifications still waiting are
/// sent (those left are named on standard error).
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let addr = listener.local_addr()?;
    // A notification goes where the merchant's URL says, and nowhere else: no redirect
    // is followed (a signed notification re-posted elsewhere) and no proxy of the
    // environment is used. TLS is the mock's own rustls config (crate::tls): the system's
    // roots and the given CA, on ring.
    let tls = crate::tls::client_config(&config.webhook_ca).map_err(io::Error::other)?;
    let client = reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .timeout(config.retry.timeout)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .build()
        .map_err(io::Error::other)?;
    let limits = config.connections;
    let app = Arc::new(App {
        config,
        state: state::State::default(),
        base_url: format!("http://{addr}"),
        client,
        outbox: crate::outbox::Outbox::default(),
    });
    let (stopping, mut stopped) = watch::channel(false);
    let accepting = listen::accept(listener, router(app.clone()), limits, async move {
        let _ = stopped.wait_for(|s| *s).await;
    });
    tokio::pin!(accepting, shutdown);
    tokio::select! {
        () = &mut accepting => return Ok(()),
        () = &mut shutdown => {
            let _ = stopping.send(true);
        }
    }
    let _ = tokio::time::timeout(STOP_GRACE, accepting).await;
    deliver::drain(&app, deliver::DELIVERY_GRACE).await;
    Ok(())
}

/// How long a stopping mock lets the requests under way finish before it drops them, so
/// that a client which never finishes its request cannot hold `stop` (or Ctrl-C) forever.
pub const STOP_GRACE: Duration = Duration::from_secs(5);

/// A mock running on a background thread; stops when dropped.
#[derive(Debug)]
pub struct Mock {
    addr: SocketAddr,
    stop: Option<watch::Sender<bool>>,
    thread: Option<JoinHandle<io::Result<()>>>,
}

impl Mock {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://host:port`: the base URL of all three APIs.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops it and waits for the thread to end.
    pub fn stop(mut self) -> io::Result<()> {
        self.shut()
    }

    fn shut(&mut self) -> io::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(true);
        }
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(io::Error::other("the mock's thread panicked")),
            None => Ok(()),
        }
    }
}

impl Drop for Mock {
    fn drop(&mut self) {
        let _ = self.shut();
    }
}

/// Starts the mock on `host:port` (port 0 picks a free one) on a background thread with
/// its own runtime, and returns once it listens. Callable from anywhere, an async test
/// included: the socket is bound here, the runtime lives on the thread.
pub fn start(host: IpAddr, port: u16, config: Config) -> io::Result<Mock> {
    let listener = std::net::TcpListener::bind(SocketAddr::new(host, port))?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("cobro-mock")
        .enable_all()
        .build()?;
    // A dropped sender stops it too: `wait_for` then ends with an error.
    let (stop, mut stopped) = watch::channel(false);
    let thread = std::thread::Builder::new().name("cobro-mock".into()).spawn(move || {
        runtime.block_on(async move {
            let listener = TcpListener::from_std(listener)?;
            serve(listener, config, async move {
                let _ = stopped.wait_for(|s| *s).await;
            })
            .await
        })
    })?;
    Ok(Mock {
        addr,
        stop: Some(stop),
        thread: Some(thread),
    })
}

/// Runs the mock on `host:port` in the calling thread until Ctrl-C (or SIGTERM), for
/// the `cobro mock` command: `ready` is called with the address once it listens and the
/// signals are caught, so a signal sent after the address is printed stops it cleanly.
pub fn run_until_interrupted(
    host: IpAddr,
    port: u16,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_name("cobro-mock")
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(SocketAddr::new(host, port)).await?;
        let stop = interrupted()?;
        ready(listener.local_addr()?);
        serve(listener, config, stop).await
    })
}

/// A future that completes on Ctrl-C, or on SIGTERM where there is one; the handlers
/// are installed before it is returned.
#[cfg(unix)]
pub(crate) fn interrupted() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

/// A future that completes on Ctrl-C.
#[cfg(not(unix))]
pub(crate) fn interrupted() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
