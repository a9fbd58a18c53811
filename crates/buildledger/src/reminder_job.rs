//! The reminder mails' job (issue 35, docs/operations.md): every instance runs a pass shortly
//! after start and then hourly; a pass mails each user's day once it is `REMINDER_HOUR` (UTC) or
//! later. Users' days are claimed in the database, so several instances send each mail once.
//! `buildledger notify --now` runs one pass for today whatever the hour.

use std::time::Duration;

use buildledger_application::ports::{Clock, SystemClock};
use buildledger_application::reminders::ReminderService;
use chrono::Timelike;

use crate::settings::Settings;
use crate::wiring;

/// The first pass, after start (the server is up and migrations are done).
const FIRST_PASS_AFTER: Duration = Duration::from_secs(60);
const PASS_EVERY: Duration = Duration::from_secs(3600);

/// One pass for `today` if it is `hour` or later (UTC); the number of mails sent.
pub fn pass(service: &ReminderService, hour: u32) -> Result<usize, buildledger_application::error::UseCaseError> {
    let now = SystemClock.now();
    if now.hour() < hour {
        return Ok(0);
    }
    service.run(now.date())
}

/// Starts the job on its own thread (`hour` None: no job on this instance).
pub fn start_in_background(service: ReminderService, hour: Option<u32>) {
    let Some(hour) = hour else {
        tracing::info!("REMINDER_HOUR=off: this instance sends no reminder mails");
        return;
    };
    let spawned = std::thread::Builder::new().name("reminders".into()).spawn(move || {
        std::thread::sleep(FIRST_PASS_AFTER);
        loop {
            match pass(&service, hour) {
                Ok(0) => {}
                Ok(sent) => tracing::info!(sent, "reminder mails sent"),
                Err(e) => tracing::error!(error = %e, "the reminder pass failed; the next one retries"),
            }
            std::thread::sleep(PASS_EVERY);
        }
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "the reminder thread could not start");
    }
}

/// `buildledger notify --now`: one pass for today, whatever the hour; waits for the mail to be
/// sent or written before returning the number of mails.
pub fn notify_now(settings: &Settings) -> anyhow::Result<usize> {
    let db = wiring::database(settings)?;
    let (service, mailer) = wiring::reminder_service(&db, settings)?;
    let sent = service.run(SystemClock.now().date()).map_err(|e| anyhow::anyhow!("the reminder pass failed: {e}"))?;
    if !mailer.flush(Duration::from_secs(120)) {
        anyhow::bail!("the mail was not all sent within 2 minutes (see the log)");
    }
    Ok(sent)
}
