//! `buildledger`: the server and its maintenance commands.

mod log_format;
mod logging;

use anyhow::Context;
use buildledger::{wiring, Application, Settings};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "buildledger", version, about = "BuildLedger: home-building budgets and tasks")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and its API (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Copy the SQLite database to PATH while the server runs (use pg_dump for PostgreSQL).
    Backup { path: std::path::PathBuf },
    /// Send the reminder mails: `--now` runs one pass for today whatever REMINDER_HOUR says
    /// (each user's mail still goes out at most once a day) and prints how many were sent.
    Notify {
        #[arg(long)]
        now: bool,
    },
    /// Grant or revoke the admin flag.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
}

#[derive(Subcommand)]
enum AdminAction {
    /// Make USERNAME an admin.
    Grant { username: String },
    /// Remove USERNAME's admin flag.
    Revoke { username: String },
}

/// Logs go to stdout through a background writer thread that flushes on a timer (see
/// `logging.rs`), so request handling never waits on the terminal or a log pipe. The returned
/// guard writes what is left when `main` ends. Every line of a request names its span,
/// `request{request_id=...}` (`span`/`spans` in JSON): crates/http/src/request_log.rs.
///
/// `RUST_LOG` is read as a list of targets and levels (`info,buildledger::access=warn`).
// A `Targets` filter, not `EnvFilter`: EnvFilter takes a lock shared by all workers on every span
// enter and exit (+5% on 304 revalidations without it, make bench).
fn init_logging(json: bool) -> logging::FlushGuard {
    use std::io::IsTerminal;
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let default = || Targets::new().with_default(tracing::Level::INFO);
    let filter = match std::env::var("RUST_LOG") {
        Ok(text) if !text.trim().is_empty() => text.parse::<Targets>().unwrap_or_else(|e| {
            eprintln!("RUST_LOG={text:?} is not a list of targets and levels ({e}); logging at info");
            default()
        }),
        _ => default(),
    };
    let ansi = std::io::stdout().is_terminal();
    let (writer, guard) = logging::batched(std::io::stdout());
    let layer = tracing_subscriber::fmt::layer().with_target(true).with_ansi(ansi).with_writer(writer);
    let registry = tracing_subscriber::registry().with(filter);
    if json {
        registry.with(layer.json()).init();
    } else {
        registry.with(layer.event_format(log_format::TextLines::new(ansi))).init();
    }
    guard
}

fn main() -> anyhow::Result<()> {
    dotenvy::dotenv().ok();
    let cli = Cli::parse();
    let settings = Settings::from_env()?;
    let _log_guard = init_logging(settings.json_logs);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(settings),
        Command::Migrate => {
            wiring::database(&settings)?;
            println!("database is up to date");
            Ok(())
        }
        Command::Backup { path } => {
            let db = wiring::database(&settings)?;
            db.backup_sqlite(&path).with_context(|| format!("backup to {} failed", path.display()))?;
            println!("database copied to {}", path.display());
            Ok(())
        }
        Command::Notify { now } => {
            if !now {
                anyhow::bail!("the server sends reminders on its own (REMINDER_HOUR); run `buildledger notify --now` to send today's now");
            }
            let sent = buildledger::reminder_job::notify_now(&settings)?;
            println!("{sent} reminder mail{} sent", if sent == 1 { "" } else { "s" });
            Ok(())
        }
        Command::Admin { action } => {
            let db = wiring::database(&settings)?;
            let accounts = wiring::account_service(&db, &settings)?;
            let (username, grant) = match action {
                AdminAction::Grant { username } => (username, true),
                AdminAction::Revoke { username } => (username, false),
            };
            accounts.set_admin(&username, grant).map_err(|e| anyhow::anyhow!("{username}: {e}"))?;
            println!("{username} is {}an admin", if grant { "now " } else { "no longer " });
            Ok(())
        }
    }
}

fn serve(settings: Settings) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async move {
        let app = Application::build(settings)?;
        app.run_until_stopped().await.context("server stopped with an error")
    })
}
