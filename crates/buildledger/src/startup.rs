//! The server: the wired application listening on `BIND_ADDR`.

use std::net::TcpListener;

use anyhow::Context;
use buildledger_persistence::Db;

use crate::settings::Settings;
use crate::wiring;

/// A bound, not yet running server ([`Application::run_until_stopped`] serves).
pub struct Application {
    port: u16,
    db: Db,
    server: actix_web::dev::Server,
}

impl Application {
    /// Opens and migrates the database, wires the use cases and binds `settings.bind_addr`
    /// (port 0: any free port, see [`Application::port`]).
    pub fn build(settings: Settings) -> anyhow::Result<Application> {
        let (db, state) = wiring::build(&settings)?;
        retry_cancellations_in_the_background(state.subscription.service.clone());
        crate::reminder_job::start_in_background(state.reminders.clone(), settings.reminder_hour);
        let listener = TcpListener::bind(&settings.bind_addr)
            .with_context(|| format!("cannot listen on BIND_ADDR {}", settings.bind_addr))?;
        let addr = listener.local_addr().context("the listening socket has no address")?;
        let workers = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).max(2);
        let server = actix_web::HttpServer::new(move || buildledger_http::app(state.clone()))
            .workers(workers)
            .on_connect(disable_nagle)
            // SIGTERM: stop accepting, let in-flight requests finish (up to 30 s).
            .shutdown_timeout(30)
            .listen(listener)
            .with_context(|| format!("cannot listen on BIND_ADDR {}", settings.bind_addr))?
            .run();
        tracing::info!(%addr, backend = ?db.backend(), payments = if settings.stripe.is_some() { "stripe" } else { "local" }, "BuildLedger is serving");
        if settings.stripe.is_none() && !addr.ip().is_loopback() {
            // Reached only with PAYMENTS_MODE=local (settings.rs refuses it otherwise).
            tracing::warn!(%addr, "payments are local on a non-loopback address: anyone who reaches it can subscribe without paying (PAYMENTS_MODE=local)");
        }
        Ok(Application { port: addr.port(), db, server })
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The application's database (for tests and maintenance).
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Serves until the server is stopped (SIGINT/SIGTERM). Needs a Tokio runtime.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Turns Nagle's algorithm off on every accepted connection. A response that leaves in more than
/// one write (headers, then a streamed or compressed body) otherwise holds its last segment until
/// the client ACKs the first, and browsers delay that ACK by ~40 ms: every other request on a
/// kept-alive connection stalled 40-46 ms (docs/benchmarks.md, "As a browser meets it").
pub fn disable_nagle(connection: &dyn std::any::Any, _: &mut actix_web::dev::Extensions) {
    if let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
        if let Err(error) = stream.set_nodelay(true) {
            tracing::warn!(%error, "TCP_NODELAY could not be set on an accepted connection");
        }
    }
}

/// How often subscriptions of deleted accounts that the provider missed are canceled again.
const CANCELLATION_RETRY: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Cancels, at start-up and then every [`CANCELLATION_RETRY`], the subscriptions of deleted
/// accounts that the provider could not cancel at the time (docs/security.md, "Leaving").
fn retry_cancellations_in_the_background(subscription: buildledger_application::subscription::SubscriptionService) {
    let spawned = std::thread::Builder::new().name("billing-retry".into()).spawn(move || loop {
        match subscription.retry_cancellations() {
            Ok(0) => {}
            Ok(left) => tracing::warn!(left, "subscriptions of deleted accounts still to cancel at the provider"),
            Err(e) => tracing::error!(error = %e, "retrying the cancellations of deleted accounts failed"),
        }
        std::thread::sleep(CANCELLATION_RETRY);
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "the cancellation retry thread could not start");
    }
}
