//! Configuration from the environment (a `.env` file is read first when present). Every
//! variable is read here, once, and a bad value stops the start naming the variable.

use buildledger_http::client_address::TrustedProxies;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

#[derive(Debug, Clone)]
pub struct StripeSettings {
    pub secret_key: String,
    pub publishable_key: Option<String>,
    pub price_id: String,
    /// Tests point the client at a local server.
    pub api_base: Option<String>,
}

/// Cost of argon2id password hashes (memory in KiB, passes, lanes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordHashing {
    pub memory_kib: u32,
    pub iterations: u32,
    pub lanes: u32,
}

impl PasswordHashing {
    /// OWASP's argon2id parameters (19 MiB, 2 passes): what the server always uses.
    pub const OWASP: PasswordHashing = PasswordHashing { memory_kib: 19 * 1024, iterations: 2, lanes: 1 };
    /// 1 MiB, 1 pass: for test suites that register many users. Never read from the environment.
    pub const TESTS_ONLY: PasswordHashing = PasswordHashing { memory_kib: 1024, iterations: 1, lanes: 1 };
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub bind_addr: String,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub db_pool_size: u32,
    pub jwt_secret: String,
    pub access_token_seconds: i64,
    pub refresh_token_seconds: i64,
    pub support_email: String,
    pub frontend_dist: PathBuf,
    pub public_url: String,
    /// `None` runs the built-in local payments mode.
    pub stripe: Option<StripeSettings>,
    /// Verifies `POST /payments/webhook/` (`STRIPE_WEBHOOK_SECRET`; required with Stripe, and
    /// honoured in local mode too). `None` refuses every webhook.
    pub webhook_secret: Option<String>,
    /// Price id shown to the client in local mode too.
    pub price_id: String,
    pub json_logs: bool,
    /// Where document files live (`DOCUMENT_STORE`).
    pub document_store: DocumentStoreSettings,
    /// `PasswordHashing::OWASP` unless a test says otherwise.
    pub password_hashing: PasswordHashing,
    /// `SMTP_URL` (lettre's connection URL); `None` writes mail to `DATA_DIR/outbox/`.
    pub smtp_url: Option<String>,
    /// `TRUSTED_PROXIES`: addresses and networks whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    /// `REMINDER_HOUR` (UTC, 0-23): the server's reminder job mails a user's day from this hour
    /// on. `None` (`REMINDER_HOUR=off`): this instance runs no reminder job.
    pub reminder_hour: Option<u32>,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn parse_var<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match var(name) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|_| anyhow::anyhow!("{name} has an invalid value: {v:?}")),
    }
}

pub const LOCAL_PRICE_ID: &str = "price_buildledger_monthly_local";
const DEFAULT_BIND_ADDR: &str = "127.0.0.1:8080";
const DEFAULT_SUPPORT_EMAIL: &str = "support@buildledger.app";
const DEFAULT_FRONTEND_DIST: &str = "frontend/dist";
const ACCESS_TOKEN_MINUTES: i64 = 15;
const REFRESH_TOKEN_DAYS: i64 = 14;
const DEFAULT_REMINDER_HOUR: u32 = 7;

/// `REMINDER_HOUR`: unset 7, `off` no job, else an hour 0-23 (UTC).
fn reminder_hour(raw: Option<&str>) -> anyhow::Result<Option<u32>> {
    match raw {
        None => Ok(Some(DEFAULT_REMINDER_HOUR)),
        Some(v) if v.eq_ignore_ascii_case("off") => Ok(None),
        Some(v) => match v.parse::<u32>() {
            Ok(h) if h < 24 => Ok(Some(h)),
            _ => bail!("REMINDER_HOUR must be an hour from 0 to 23 (UTC) or off, not {v:?}"),
        },
    }
}

fn sqlite_in(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("buildledger.sqlite3").display())
}

fn default_pool_size(database_url: &str) -> u32 {
    if database_url.starts_with("sqlite://") {
        8
    } else {
        16
    }
}

impl Settings {
    /// What [`Settings::from_env`] gives when only `DATA_DIR` and `JWT_SECRET` are set: SQLite in
    /// `data_dir`, documents in `data_dir/documents`, local payments, text logs. For tests and
    /// tools, which then change what they need (e.g. `bind_addr` `127.0.0.1:0`, `database_url`).
    pub fn new(data_dir: impl Into<PathBuf>, jwt_secret: impl Into<String>) -> Settings {
        let data_dir = data_dir.into();
        let database_url = sqlite_in(&data_dir);
        Settings {
            bind_addr: DEFAULT_BIND_ADDR.into(),
            db_pool_size: default_pool_size(&database_url),
            database_url,
            data_dir,
            jwt_secret: jwt_secret.into(),
            access_token_seconds: ACCESS_TOKEN_MINUTES * 60,
            refresh_token_seconds: REFRESH_TOKEN_DAYS * 24 * 3600,
            support_email: DEFAULT_SUPPORT_EMAIL.into(),
            frontend_dist: PathBuf::from(DEFAULT_FRONTEND_DIST),
            public_url: format!("http://{DEFAULT_BIND_ADDR}"),
            stripe: None,
            webhook_secret: None,
            price_id: LOCAL_PRICE_ID.into(),
            json_logs: false,
            document_store: DocumentStoreSettings::Local,
            password_hashing: PasswordHashing::OWASP,
            smtp_url: None,
            trusted_proxies: TrustedProxies::default(),
            reminder_hour: Some(DEFAULT_REMINDER_HOUR),
        }
    }

    pub fn from_env() -> anyhow::Result<Settings> {
        let bind_addr = var("BIND_ADDR").unwrap_or_else(|| DEFAULT_BIND_ADDR.into());
        let data_dir = PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "./data".into()));
        std::fs::create_dir_all(&data_dir)
            .with_context(|| format!("DATA_DIR {} cannot be created", data_dir.display()))?;
        let database_url = var("DATABASE_URL").unwrap_or_else(|| sqlite_in(&data_dir));
        let is_sqlite = database_url.starts_with("sqlite://");
        if !is_sqlite && !database_url.starts_with("postgres://") && !database_url.starts_with("postgresql://") {
            bail!("DATABASE_URL must start with sqlite:// or postgres://");
        }
        let jwt_secret = match var("JWT_SECRET") {
            Some(s) => s,
            None => load_or_create_secret(&data_dir.join("jwt_secret"))?,
        };
        if jwt_secret.len() < buildledger_security::MIN_SECRET_BYTES {
            bail!("JWT_SECRET must be at least {} bytes", buildledger_security::MIN_SECRET_BYTES);
        }
        let stripe = match var("STRIPE_SECRET_KEY") {
            None => None,
            Some(secret_key) => Some(StripeSettings {
                secret_key,
                publishable_key: var("STRIPE_PUBLISHABLE_KEY"),
                price_id: var("STRIPE_PRICE_ID")
                    .context("STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set")?,
                api_base: var("STRIPE_API_BASE"),
            }),
        };
        check_payments_mode(var("PAYMENTS_MODE").as_deref(), stripe.is_some(), &bind_addr)?;
        let webhook_secret = var("STRIPE_WEBHOOK_SECRET");
        if stripe.is_some() && webhook_secret.is_none() {
            // Without it no webhook is accepted and no subscription would ever become active.
            bail!("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set");
        }
        let price_id = stripe
            .as_ref()
            .map(|s| s.price_id.clone())
            .or_else(|| var("STRIPE_PRICE_ID"))
            .unwrap_or_else(|| LOCAL_PRICE_ID.into());
        let public_url =
            var("PUBLIC_URL").unwrap_or_else(|| format!("http://{bind_addr}")).trim_end_matches('/').to_owned();
        Ok(Settings {
            db_pool_size: parse_var("DB_POOL_SIZE", default_pool_size(&database_url))?,
            access_token_seconds: parse_var::<i64>("ACCESS_TOKEN_MINUTES", ACCESS_TOKEN_MINUTES)? * 60,
            refresh_token_seconds: parse_var::<i64>("REFRESH_TOKEN_DAYS", REFRESH_TOKEN_DAYS)? * 24 * 3600,
            support_email: var("SUPPORT_EMAIL").unwrap_or_else(|| DEFAULT_SUPPORT_EMAIL.into()),
            frontend_dist: PathBuf::from(var("FRONTEND_DIST").unwrap_or_else(|| DEFAULT_FRONTEND_DIST.into())),
            json_logs: var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")),
            document_store: document_store_from_env()?,
            bind_addr,
            data_dir,
            database_url,
            jwt_secret,
            public_url,
            stripe,
            webhook_secret,
            price_id,
            password_hashing: PasswordHashing::OWASP,
            smtp_url: var("SMTP_URL"),
            trusted_proxies: TrustedProxies::parse(&var("TRUSTED_PROXIES").unwrap_or_default())
                .map_err(anyhow::Error::msg)?,
            reminder_hour: reminder_hour(var("REMINDER_HOUR").as_deref())?,
        })
    }
}

/// Local payments (no `STRIPE_SECRET_KEY`) let anyone subscribe without paying: fine on this
/// machine, not on a public address by accident. On a non-loopback `BIND_ADDR` they need
/// `PAYMENTS_MODE=local`, said on purpose; `PAYMENTS_MODE=stripe` needs the Stripe key.
fn check_payments_mode(mode: Option<&str>, has_stripe_key: bool, bind_addr: &str) -> anyhow::Result<()> {
    match mode.map(str::to_ascii_lowercase).as_deref() {
        None if has_stripe_key => Ok(()),
        None if is_loopback(bind_addr) => Ok(()),
        None => bail!(
            "no STRIPE_SECRET_KEY, so payments would be local (anyone can subscribe without paying), and \
             BIND_ADDR {bind_addr} is not a loopback address: set STRIPE_SECRET_KEY, or PAYMENTS_MODE=local to \
             serve local payments there on purpose"
        ),
        Some("local") if has_stripe_key => {
            bail!("PAYMENTS_MODE=local contradicts STRIPE_SECRET_KEY: unset one of them")
        }
        Some("local") => Ok(()),
        Some("stripe") if has_stripe_key => Ok(()),
        Some("stripe") => bail!("PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY"),
        Some(other) => bail!("PAYMENTS_MODE must be local or stripe, not {other:?}"),
    }
}

/// Whether `bind_addr` (`host:port`) listens on this machine only.
fn is_loopback(bind_addr: &str) -> bool {
    match bind_addr.parse::<std::net::SocketAddr>() {
        Ok(addr) => addr.ip().is_loopback(),
        Err(_) => bind_addr.rsplit_once(':').is_some_and(|(host, _)| host.eq_ignore_ascii_case("localhost")),
    }
}

// ---- Document store: DOCUMENT_STORE unset or `local` keeps files in DATA_DIR/documents; `s3`
// ---- puts them in an S3-compatible bucket that several instances share (docs/operations.md).

#[derive(Debug, Clone)]
pub enum DocumentStoreSettings {
    Local,
    S3(buildledger_storage_s3::S3Config),
}

fn bool_var(name: &str, default: bool) -> anyhow::Result<bool> {
    match var(name).map(|v| v.to_ascii_lowercase()).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(v) => bail!("{name} must be true or false, not {v:?}"),
    }
}

fn document_store_from_env() -> anyhow::Result<DocumentStoreSettings> {
    match var("DOCUMENT_STORE").map(|v| v.to_ascii_lowercase()).as_deref() {
        None | Some("local") => Ok(DocumentStoreSettings::Local),
        Some("s3") => {
            let endpoint = var("S3_ENDPOINT");
            if let Some(e) = &endpoint {
                if !e.starts_with("http://") && !e.starts_with("https://") {
                    bail!("S3_ENDPOINT must start with http:// or https://");
                }
            }
            let access_key_id = var("S3_ACCESS_KEY_ID");
            let secret_access_key = var("S3_SECRET_ACCESS_KEY");
            if access_key_id.is_some() != secret_access_key.is_some() {
                bail!("set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (AWS credential chain)");
            }
            Ok(DocumentStoreSettings::S3(buildledger_storage_s3::S3Config {
                bucket: var("S3_BUCKET").context("S3_BUCKET is required when DOCUMENT_STORE=s3")?,
                region: var("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                allow_http: bool_var("S3_ALLOW_HTTP", false)?,
                prefix: var("S3_PREFIX"),
                endpoint,
                access_key_id,
                secret_access_key,
            }))
        }
        Some(other) => bail!("DOCUMENT_STORE must be local or s3, not {other:?}"),
    }
}

/// Reads the secret kept in DATA_DIR, or creates it (readable by the owner only).
fn load_or_create_secret(path: &Path) -> anyhow::Result<String> {
    if let Ok(existing) = std::fs::read_to_string(path) {
        let s = existing.trim().to_owned();
        if s.len() >= buildledger_security::MIN_SECRET_BYTES {
            return Ok(s);
        }
    }
    let secret = buildledger_security::generate_secret();
    write_private(path, &secret).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(secret)
}

#[cfg(unix)]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    f.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_payments_need_a_loopback_address_or_an_explicit_mode() {
        for addr in ["127.0.0.1:8080", "[::1]:8080", "localhost:8080", "127.0.0.1:0"] {
            assert!(check_payments_mode(None, false, addr).is_ok(), "{addr}");
        }
        for addr in ["0.0.0.0:8080", "10.0.0.5:80", "[::]:8080", "example.com:8080"] {
            let err = check_payments_mode(None, false, addr).unwrap_err().to_string();
            assert!(err.contains("PAYMENTS_MODE=local") && err.contains(addr), "{err}");
            assert!(check_payments_mode(Some("local"), false, addr).is_ok(), "{addr}");
            assert!(check_payments_mode(None, true, addr).is_ok(), "{addr}");
        }
        assert!(check_payments_mode(Some("stripe"), false, "127.0.0.1:8080").is_err());
        assert!(check_payments_mode(Some("local"), true, "127.0.0.1:8080").is_err());
        assert!(check_payments_mode(Some("STRIPE"), true, "0.0.0.0:80").is_ok());
        assert!(check_payments_mode(Some("free"), false, "127.0.0.1:8080").is_err());
    }

    #[test]
    fn a_generated_secret_is_kept_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("jwt_secret");
        let a = load_or_create_secret(&p).unwrap();
        let b = load_or_create_secret(&p).unwrap();
        assert_eq!(a, b);
        assert!(a.len() >= 32);
    }
}
