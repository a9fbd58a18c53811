//! `buildledger`: the server and its maintenance commands.

mod logging;

use anyhow::Context;
use buildledger::{wiring, Application, Settings};
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

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
fn init_logging(json: bool) -> logging::FlushGuard {
    use std::io::IsTerminal;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let ansi = std::io::stdout().is_terminal();
    let (writer, guard) = logging::batched(std::io::stdout());
    let builder =
        tracing_subscriber::fmt().with_env_filter(filter).with_target(true).with_ansi(ansi).with_writer(writer);
    if json {
        builder.json().init();
    } else {
        builder.init();
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
