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
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
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
    queue: Mutex<Sender<Job>>,
}

enum Job {
    Send(Mail),
    /// Answered once every message queued before it has been handled.
    Flush(Sender<()>),
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
                // Said once, at start: the log never holds a message's links (a reset link is
                // the account), so a local user reads their mail in this folder.
                tracing::info!(outbox = %dir.display(), "no SMTP_URL: mail (password reset links too) is written to this folder as .eml files, read them there");
                Sink::Outbox(FileTransport::new(&dir), dir)
            }
        };
        let (tx, rx) = channel::<Job>();
        std::thread::Builder::new().name("mail".into()).spawn(move || {
            for job in rx {
                match job {
                    Job::Send(mail) => deliver(&sink, &from, mail),
                    Job::Flush(done) => {
                        let _ = done.send(());
                    }
                }
            }
        })?;
        Ok(Self { queue: Mutex::new(tx) })
    }

    /// Waits (at most `timeout`) until every message queued so far has been sent or written:
    /// for a command that exits right after queueing mail (`buildledger notify --now`).
    pub fn flush(&self, timeout: std::time::Duration) -> bool {
        let (done, wait) = channel();
        let queued = self.queue.lock().unwrap_or_else(|p| p.into_inner()).send(Job::Flush(done)).is_ok();
        queued && wait.recv_timeout(timeout).is_ok()
    }
}

impl Mailer for BackgroundMailer {
    fn send(&self, mail: Mail) -> Result<(), BoxError> {
        let queue = self.queue.lock().unwrap_or_else(|p| p.into_inner());
        queue.send(Job::Send(mail)).map_err(|_| "the mail thread has stopped".into())
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
                // The file's name and the subject only: never the recipient's links.
                let file = dir.join(format!("{id}.eml"));
                tracing::info!(file = %file.display(), subject = %mail.subject, "mail written to the outbox (no SMTP_URL)");
            }
            Err(e) => tracing::error!(error = %e, "mail not written to the outbox"),
        },
    }
}

fn build(from: &Mailbox, mail: &Mail) -> Result<Message, BoxError> {
    // lettre picks the transfer encoding: a reset link is longer than a mail line may be (76),
    // so bodies holding one are quoted-printable.
    let mut builder = Message::builder().from(from.clone()).to(mail.to.parse()?).subject(mail.subject.clone());
    if let Some(url) = &mail.unsubscribe {
        // RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click`.
        builder = builder
            .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{url}>")))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    Ok(match &mail.html {
        Some(html) => builder.multipart(MultiPart::alternative_plain_html(mail.text.clone(), html.clone()))?,
        None => builder.header(ContentType::TEXT_PLAIN).body(mail.text.clone())?,
    })
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
        mailer
            .send(Mail { to: "ana@example.com".into(), subject: "Reset".into(), text, html: None, unsubscribe: None })
            .unwrap();
        mailer
            .send(Mail {
                to: "bob@example.com".into(),
                subject: "Other".into(),
                text: "hi".into(),
                html: None,
                unsubscribe: None,
            })
            .unwrap();
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
    fn a_mail_one_can_opt_out_of_carries_the_one_click_unsubscribe_headers() {
        let from: Mailbox = "BuildLedger <support@buildledger.test>".parse().unwrap();
        let url = "https://x.test/api/reminders/unsubscribe/?token=abc".to_owned();
        let mail = Mail {
            to: "ana@example.com".into(),
            subject: "R".into(),
            text: "hi".into(),
            html: None,
            unsubscribe: Some(url),
        };
        let raw = String::from_utf8(build(&from, &mail).unwrap().formatted()).unwrap();
        assert!(raw.contains("List-Unsubscribe: <https://x.test/api/reminders/unsubscribe/?token=abc>"), "{raw}");
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{raw}");
        let html = Mail { html: Some("<p>hi</p>".into()), ..mail.clone() };
        let raw = String::from_utf8(build(&from, &html).unwrap().formatted()).unwrap();
        assert!(
            raw.contains("multipart/alternative") && raw.contains("text/html") && raw.contains("<p>hi</p>"),
            "{raw}"
        );
        let plain = Mail { unsubscribe: None, ..mail };
        assert!(!String::from_utf8(build(&from, &plain).unwrap().formatted()).unwrap().contains("List-Unsubscribe"));
    }

    /// Every line the mail crate logs while `f` runs, as the fmt subscriber writes them.
    fn logged_while(f: impl FnOnce()) -> String {
        #[derive(Clone, Default)]
        struct Lines(std::sync::Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Lines {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_max_level(tracing::Level::TRACE)
            .with_ansi(false)
            .finish();
        // The mail thread logs too: the subscriber is global for this test binary's threads.
        let _ = tracing::subscriber::set_global_default(subscriber);
        f();
        let bytes = lines.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn no_link_of_a_message_reaches_the_log() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("outbox");
        let log = logged_while(|| {
            let mailer =
                BackgroundMailer::start(MailTransport::Outbox { dir: dir.clone() }, "support@buildledger.test")
                    .unwrap();
            let text = "Reset: https://x.test/reset-password?token=s3cr3tt0k3n\n".to_owned();
            mailer
                .send(Mail {
                    to: "ana@example.com".into(),
                    subject: "Reset".into(),
                    text,
                    html: None,
                    unsubscribe: None,
                })
                .unwrap();
            assert_eq!(wait_for_files(&dir, 1).len(), 1);
            // The log line follows the file; give the mail thread a moment to write it.
            std::thread::sleep(Duration::from_millis(200));
        });
        assert!(log.contains("mail written to the outbox"), "{log}");
        assert!(log.contains(&dir.display().to_string()), "the startup line names the folder: {log}");
        assert!(!log.contains("s3cr3tt0k3n") && !log.contains("reset-password"), "{log}");
    }

    #[test]
    fn a_bad_smtp_url_or_sender_is_refused_at_start() {
        assert!(BackgroundMailer::start(MailTransport::Smtp { url: "ftp://nope".into() }, "a@b.test").is_err());
        let dir = tempfile::tempdir().unwrap();
        let outbox = MailTransport::Outbox { dir: dir.path().to_owned() };
        assert!(BackgroundMailer::start(outbox, "not an address").is_err());
    }
}
