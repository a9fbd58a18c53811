//! Security adapters of the application ports: password hashing (argon2id), access and
//! refresh tokens (JWT, HS256) and signed, expiring document links (HMAC-SHA256).

mod links;
mod passwords;
mod tokens;

pub use links::HmacLinkSigner;
pub use passwords::Argon2Hasher;
pub use tokens::{JwtIssuer, TokenLifetimes};

/// Minimum secret length for HMAC keys (JWT and links): 256 bits.
pub const MIN_SECRET_BYTES: usize = 32;

/// A new random secret, hex-encoded (64 characters = 32 bytes of entropy).
pub fn generate_secret() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}
