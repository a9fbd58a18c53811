//! Configuration from the environment (a `.env` file is read first when present). Every
//! variable is read here, once, and a bad value stops the start naming the variable.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

#[derive(Debug, Clone)]
pub struct StripeSettings {
    pub secret_key: String,
    pub publishable_key: Option<String>,
    pub price_id: String,
    pub webhook_secret: Option<String>,
    /// Tests point the client at a local server.
    pub api_base: Option<String>,
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
    /// Price id shown to the client in local mode too.
    pub price_id: String,
    pub json_logs: bool,
    /// Where document files live (`DOCUMENT_STORE`).
    pub document_store: DocumentStoreSettings,
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

impl Settings {
    pub fn from_env() -> anyhow::Result<Settings> {
        let bind_addr = var("BIND_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into());
        let data_dir = PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "./data".into()));
        std::fs::create_dir_all(&data_dir)
            .with_context(|| format!("DATA_DIR {} cannot be created", data_dir.display()))?;
        let database_url = var("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("buildledger.sqlite3").display()));
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
                // Without it no webhook is accepted and no subscription would ever become active.
                webhook_secret: Some(
                    var("STRIPE_WEBHOOK_SECRET")
                        .context("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set")?,
                ),
                api_base: var("STRIPE_API_BASE"),
            }),
        };
        let price_id = stripe
            .as_ref()
            .map(|s| s.price_id.clone())
            .or_else(|| var("STRIPE_PRICE_ID"))
            .unwrap_or_else(|| LOCAL_PRICE_ID.into());
        let public_url =
            var("PUBLIC_URL").unwrap_or_else(|| format!("http://{bind_addr}")).trim_end_matches('/').to_owned();
        Ok(Settings {
            db_pool_size: parse_var("DB_POOL_SIZE", if is_sqlite { 8 } else { 16 })?,
            access_token_seconds: parse_var::<i64>("ACCESS_TOKEN_MINUTES", 15)? * 60,
            refresh_token_seconds: parse_var::<i64>("REFRESH_TOKEN_DAYS", 14)? * 24 * 3600,
            support_email: var("SUPPORT_EMAIL").unwrap_or_else(|| "support@buildledger.app".into()),
            frontend_dist: PathBuf::from(var("FRONTEND_DIST").unwrap_or_else(|| "frontend/dist".into())),
            json_logs: var("LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")),
            document_store: document_store_from_env()?,
            bind_addr,
            data_dir,
            database_url,
            jwt_secret,
            public_url,
            stripe,
            price_id,
        })
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
    fn a_generated_secret_is_kept_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("jwt_secret");
        let a = load_or_create_secret(&p).unwrap();
        let b = load_or_create_secret(&p).unwrap();
        assert_eq!(a, b);
        assert!(a.len() >= 32);
    }
}
