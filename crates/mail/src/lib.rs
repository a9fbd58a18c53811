//! Outgoing mail through lettre, sent by a background thread so that a request never waits on
//! a mail server (and a password reset answers in the same time whether or not it sent mail).
//!
//! Two transports: SMTP from `SMTP_URL` (`smtp://`, `smtps://` or `smtp://...?tls=required`, as
//! lettre reads them), or, without it, one `.eml` file per message in `DATA_DIR/outbox/`, so a
//! machine without a mail server (`make run`, tests) still gets every message.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;

use buildledger_application::error::BoxError;
use buildledger_application::ports::{Mail, Mailer};
use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{FileTransport, Message, SmtpTransport, Transport};

/// Where mail goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailTransport {
    /// An SMTP server, by lettre's connection URL.
    Smtp { url: String },
    /// `.eml` files in this folder (created 0700: the messages hold reset links).
    Outbox { dir: PathBuf },
}

/// Mail sent in the background. `send` only queues; delivery failures are logged.
pub struct BackgroundMailer {
    queue: Mutex<Sender<Mail>>,
}

enum Sink {
    Smtp(SmtpTransport),
    Outbox(FileTransport, PathBuf),
}

impl BackgroundMailer {
    /// Checks the settings and starts the sending thread. `from` is the sender address
    /// (`SUPPORT_EMAIL`).
    pub fn start(transport: MailTransport, from: &str) -> Result<Self, BoxError> {
        let from: Mailbox = format!("BuildLedger <{from}>").parse()?;
        let sink = match transport {
            MailTransport::Smtp { url } => Sink::Smtp(SmtpTransport::from_url(&url)?.build()),
            MailTransport::Outbox { dir } => {
                create_private_dir(&dir)?;
                Sink::Outbox(FileTransport::new(&dir), dir)
            }
        };
        let (tx, rx) = channel::<Mail>();
        std::thread::Builder::new().name("mail".into()).spawn(move || {
            for mail in rx {
                deliver(&sink, &from, mail);
            }
        })?;
        Ok(Self { queue: Mutex::new(tx) })
    }
}

impl Mailer for BackgroundMailer {
    fn send(&self, mail: Mail) -> Result<(), BoxError> {
        let queue = self.queue.lock().unwrap_or_else(|p| p.into_inner());
        queue.send(mail).map_err(|_| "the mail thread has stopped".into())
    }
}

fn deliver(sink: &Sink, from: &Mailbox, mail: Mail) {
    let message = match build(from, &mail) {
        Ok(m) => m,
        Err(e) => {
            tracing::error!(error = %e, "mail not sent: it could not be built");
            return;
        }
    };
    match sink {
        Sink::Smtp(smtp) => match smtp.send(&message) {
            Ok(_) => tracing::info!(subject = %mail.subject, "mail sent"),
            Err(e) => tracing::error!(error = %e, subject = %mail.subject, "mail not sent: the SMTP server refused it"),
        },
        Sink::Outbox(files, dir) => match files.send(&message) {
            Ok(id) => {
                let file = dir.join(format!("{id}.eml"));
                // Without a mail server the outbox is how a local user reads their mail: the
                // links are logged too (an operator with SMTP_URL never sees this line).
                let links: Vec<&str> = mail.text.split_whitespace().filter(|w| w.starts_with("http")).collect();
                tracing::info!(file = %file.display(), subject = %mail.subject, links = ?links, "mail written to the outbox (no SMTP_URL)");
            }
            Err(e) => tracing::error!(error = %e, "mail not written to the outbox"),
        },
    }
}

fn build(from: &Mailbox, mail: &Mail) -> Result<Message, BoxError> {
    // lettre picks the transfer encoding: a reset link is longer than a mail line may be (76),
    // so bodies holding one are quoted-printable (the outbox log line shows the links plainly).
    Ok(Message::builder()
        .from(from.clone())
        .to(mail.to.parse()?)
        .subject(mail.subject.clone())
        .header(ContentType::TEXT_PLAIN)
        .body(mail.text.clone())?)
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait_for_files(dir: &Path, n: usize) -> Vec<PathBuf> {
        let start = Instant::now();
        loop {
            let files: Vec<PathBuf> = std::fs::read_dir(dir)
                .map(|d| {
                    d.filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                        .collect()
                })
                .unwrap_or_default();
            if files.len() >= n || start.elapsed() > Duration::from_secs(10) {
                return files;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn without_smtp_each_message_is_one_eml_file_in_a_private_outbox() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("outbox");
        let mailer =
            BackgroundMailer::start(MailTransport::Outbox { dir: dir.clone() }, "support@buildledger.test").unwrap();
        let text = "Open https://x.test/reset-password?token=abc123 now".to_owned();
        mailer.send(Mail { to: "ana@example.com".into(), subject: "Reset".into(), text }).unwrap();
        mailer.send(Mail { to: "bob@example.com".into(), subject: "Other".into(), text: "hi".into() }).unwrap();
        let files = wait_for_files(&dir, 2);
        assert_eq!(files.len(), 2);
        let all: String = files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect();
        assert!(all.contains("To: ana@example.com"), "{all}");
        assert!(all.contains("https://x.test/reset-password?token=abc123"), "{all}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777, 0o700);
        }
    }

    #[test]
    fn a_bad_smtp_url_or_sender_is_refused_at_start() {
        assert!(BackgroundMailer::start(MailTransport::Smtp { url: "ftp://nope".into() }, "a@b.test").is_err());
        let dir = tempfile::tempdir().unwrap();
        let outbox = MailTransport::Outbox { dir: dir.path().to_owned() };
        assert!(BackgroundMailer::start(outbox, "not an address").is_err());
    }
}
