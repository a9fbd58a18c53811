//! Reminder mails (issue 35): a user's setting, the daily pass that mails what needs attention,
//! and the one-click unsubscribe (RFC 8058) that works without signing in.
//!
//! Exactly once per user and day, whatever the number of server instances: before sending, a pass
//! claims the user's day (a unique row, in its own transaction); the instance whose claim wins
//! sends, and deletes its claim when the mail could not be queued so that a later pass retries.

use std::collections::HashMap;
use std::sync::Arc;

use buildledger_domain::reminder::{self, ReminderData, ReminderFrequency, ReminderGroup};
use buildledger_domain::FieldErrors;
use chrono::{NaiveDate, NaiveDateTime};
#[cfg(any(test, feature = "mocks"))]
use mockall::automock;

use crate::accounts::recovery::token_hash;
use crate::error::{RepoError, UseCaseError};
use crate::ports::{Clock, IdGenerator, Mail, Mailer};

pub const MSG_UNSUBSCRIBE_INVALID: &str =
    "This unsubscribe link is invalid. Change your reminders in your account settings.";

/// Users a pass may mail: reminders not off, and the owner or a joined member (partner or viewer)
/// of a project whose owner's subscription is active.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderRecipient {
    pub user_id: i64,
    pub username: String,
    pub email: String,
    pub frequency: ReminderFrequency,
}

/// Users' reminder settings, what their day reads, and the claims of sent mails.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait ReminderRepository: Send + Sync {
    /// The user's setting (daily when never set).
    fn frequency(&self, user_id: i64) -> Result<ReminderFrequency, RepoError>;
    fn set_frequency(&self, user_id: i64, frequency: ReminderFrequency, now: NaiveDateTime) -> Result<(), RepoError>;
    /// Users with reminders on who own, or joined as a member, a project whose owner's
    /// subscription is active at `now`, and whose `day` is not claimed yet; in id order (one
    /// query for the users, whatever their projects and memberships).
    fn recipients(&self, day: NaiveDate, now: NaiveDateTime) -> Result<Vec<ReminderRecipient>, RepoError>;
    /// What the reminders of these users read, by user (a fixed number of queries per call):
    /// their own projects and those they joined, of owners subscribed at `now` (own first, then
    /// shared, each by id); the contractors of those subscribed themselves.
    fn data_for(&self, user_ids: &[i64], now: NaiveDateTime) -> Result<HashMap<i64, ReminderData>, RepoError>;
    /// Claims the user's `day` (its own transaction); false when another pass holds it.
    fn claim(&self, user_id: i64, day: NaiveDate, token_hash: &str, now: NaiveDateTime) -> Result<bool, RepoError>;
    /// Gives a claim back (the mail was not sent).
    fn release(&self, user_id: i64, day: NaiveDate) -> Result<(), RepoError>;
    /// Sets reminders off for the user of the mail with this token; false when none has it.
    fn unsubscribe(&self, token_hash: &str, now: NaiveDateTime) -> Result<bool, RepoError>;
}

#[derive(Clone)]
pub struct ReminderPorts {
    pub reminders: Arc<dyn ReminderRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
    /// Base of the links in mails (`PUBLIC_URL`), without a trailing slash.
    pub public_url: String,
}

#[derive(Clone)]
pub struct ReminderService {
    ports: ReminderPorts,
}

/// Users whose data one query batch loads.
const BATCH: usize = 200;

impl ReminderService {
    pub fn new(mut ports: ReminderPorts) -> Self {
        ports.public_url = ports.public_url.trim_end_matches('/').to_owned();
        Self { ports }
    }

    pub fn get(&self, user_id: i64) -> Result<ReminderFrequency, UseCaseError> {
        Ok(self.ports.reminders.frequency(user_id)?)
    }

    pub fn set(&self, user_id: i64, raw: &str) -> Result<ReminderFrequency, UseCaseError> {
        let frequency = ReminderFrequency::parse(raw)
            .ok_or_else(|| UseCaseError::from(FieldErrors::single("reminders", ReminderFrequency::MSG_INVALID)))?;
        self.ports.reminders.set_frequency(user_id, frequency, self.ports.clock.now())?;
        Ok(frequency)
    }

    /// One-click unsubscribe by a mail's link.
    pub fn unsubscribe(&self, token: &str) -> Result<(), UseCaseError> {
        let token = token.trim();
        if token.is_empty() || !self.ports.reminders.unsubscribe(&token_hash(token), self.ports.clock.now())? {
            return Err(FieldErrors::single("token", MSG_UNSUBSCRIBE_INVALID).into());
        }
        Ok(())
    }

    /// One pass for `today`: mails every due user with something to say, once per day across
    /// instances. Returns the number of mails sent.
    pub fn run(&self, today: NaiveDate) -> Result<usize, UseCaseError> {
        let now = self.ports.clock.now();
        let due: Vec<ReminderRecipient> =
            self.ports.reminders.recipients(today, now)?.into_iter().filter(|r| r.frequency.is_due(today)).collect();
        let mut sent = 0;
        for chunk in due.chunks(BATCH) {
            let ids: Vec<i64> = chunk.iter().map(|r| r.user_id).collect();
            let mut data = self.ports.reminders.data_for(&ids, now)?;
            for recipient in chunk {
                let groups = reminder::select(today, &data.remove(&recipient.user_id).unwrap_or_default());
                if groups.is_empty() {
                    continue;
                }
                if self.send(recipient, today, &groups)? {
                    sent += 1;
                }
            }
        }
        Ok(sent)
    }

    fn send(&self, to: &ReminderRecipient, today: NaiveDate, groups: &[ReminderGroup]) -> Result<bool, UseCaseError> {
        // 256 bits from the operating system's generator; only its hash is stored.
        let token = format!("{}{}", self.ports.ids.new_id(""), self.ports.ids.new_id(""));
        let now = self.ports.clock.now();
        if !self.ports.reminders.claim(to.user_id, today, &token_hash(&token), now)? {
            return Ok(false);
        }
        let unsubscribe = format!("{}/api/reminders/unsubscribe/?token={token}", self.ports.public_url);
        let mail = Mail {
            to: to.email.clone(),
            subject: reminder::subject(reminder::count(groups)),
            text: self.text(to, groups, &token),
            html: Some(self.html(to, groups, &token)),
            unsubscribe: Some(unsubscribe),
        };
        if let Err(e) = self.ports.mailer.send(mail) {
            self.ports.reminders.release(to.user_id, today)?;
            return Err(UseCaseError::Unavailable(e));
        }
        tracing::info!(user_id = to.user_id, "reminder mail sent");
        Ok(true)
    }

    fn text(&self, to: &ReminderRecipient, groups: &[ReminderGroup], token: &str) -> String {
        let base = &self.ports.public_url;
        let mut text = format!("Hello {},\n\nHere is what needs attention in your builds today.\n", to.username);
        for group in groups {
            text.push_str(&format!("\n{}\n", group.title));
            for line in &group.lines {
                text.push_str(&format!("- {line}\n"));
            }
            match group.project_id {
                Some(id) => text.push_str(&format!("Open the board: {base}/kanban/{id}\n")),
                None => text.push_str(&format!("Your contractors: {base}/contractors\n")),
            }
        }
        text.push_str(&format!(
            "\nYou get this mail because reminders are on in your account settings ({base}/account-settings).\n\
             Stop them with one click: {base}/unsubscribe?token={token}\n"
        ));
        text
    }
}

/// Text as HTML (names are the users' own input).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

impl ReminderService {
    fn html(&self, to: &ReminderRecipient, groups: &[ReminderGroup], token: &str) -> String {
        let base = escape(&self.ports.public_url);
        let mut html = format!(
            "<!doctype html><html><body style=\"font-family:sans-serif\">\
             <p>Hello {},</p><p>Here is what needs attention in your builds today.</p>",
            escape(&to.username)
        );
        for group in groups {
            html.push_str(&format!("<h2 style=\"font-size:1.1em\">{}</h2><ul>", escape(&group.title)));
            for line in &group.lines {
                html.push_str(&format!("<li>{}</li>", escape(line)));
            }
            html.push_str("</ul>");
            match group.project_id {
                Some(id) => html.push_str(&format!("<p><a href=\"{base}/kanban/{id}\">Open the board</a></p>")),
                None => html.push_str(&format!("<p><a href=\"{base}/contractors\">Your contractors</a></p>")),
            }
        }
        html.push_str(&format!(
            "<p style=\"color:#555\">You get this mail because reminders are on in your \
             <a href=\"{base}/account-settings\">account settings</a>. \
             <a href=\"{base}/unsubscribe?token={}\">Stop reminder emails</a>.</p></body></html>",
            escape(token)
        ));
        html
    }
}

#[cfg(test)]
#[path = "reminders_tests.rs"]
mod tests;
