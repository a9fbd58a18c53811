use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use buildledger_application::error::BoxError;
use buildledger_application::ports::PasswordHasher;

/// argon2id with OWASP's recommended parameters (19 MiB memory, 2 iterations, 1 lane).
pub struct Argon2Hasher {
    argon: Argon2<'static>,
}

impl Argon2Hasher {
    pub fn new() -> Self {
        Self::with_params(19 * 1024, 2, 1)
    }

    /// Custom cost, e.g. cheaper parameters in tests.
    pub fn with_params(memory_kib: u32, iterations: u32, lanes: u32) -> Self {
        let params = Params::new(memory_kib, iterations, lanes, None).unwrap_or_default();
        Self { argon: Argon2::new(Algorithm::Argon2id, Version::V0x13, params) }
    }
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        Self::new()
    }
}

impl PasswordHasher for Argon2Hasher {
    fn hash(&self, password: &str) -> Result<String, BoxError> {
        let salt = SaltString::generate(&mut OsRng);
        Ok(self.argon.hash_password(password.as_bytes(), &salt).map_err(|e| e.to_string())?.to_string())
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        // The parameters stored in the hash are used, so old hashes keep working.
        PasswordHash::new(hash).is_ok_and(|parsed| self.argon.verify_password(password.as_bytes(), &parsed).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_only_its_password() {
        let h = Argon2Hasher::with_params(1024, 1, 1);
        let hash = h.hash("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(h.verify("correct horse", &hash));
        assert!(!h.verify("wrong horse", &hash));
        assert!(!h.verify("correct horse", "not a hash"));
    }

    #[test]
    fn the_default_uses_owasp_parameters() {
        let hash = Argon2Hasher::new().hash("pw").unwrap();
        assert!(hash.contains("m=19456,t=2,p=1"), "{hash}");
    }
}
