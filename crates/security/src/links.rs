use buildledger_application::ports::LinkSigner;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// Signs `document id + expiry` with HMAC-SHA256; links live `ttl_seconds`.
pub struct HmacLinkSigner {
    key: Vec<u8>,
    ttl_seconds: i64,
}

impl HmacLinkSigner {
    pub fn new(key: &[u8], ttl_seconds: i64) -> Self {
        Self { key: key.to_vec(), ttl_seconds }
    }

    fn mac(&self, document_id: i64, expires: i64) -> Vec<u8> {
        // Domain-separated from JWTs signed with a related secret.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key).expect("HMAC accepts any key length");
        mac.update(format!("document-download:{document_id}:{expires}").as_bytes());
        mac.finalize().into_bytes().to_vec()
    }
}

impl LinkSigner for HmacLinkSigner {
    fn sign(&self, document_id: i64) -> (i64, String) {
        // Expiry rounded up to the minute, so repeated listings give the same URL for a while
        // (and the browser can cache the file).
        let now = chrono::Utc::now().timestamp();
        let expires = ((now + self.ttl_seconds) / 60 + 1) * 60;
        (expires, hex::encode(self.mac(document_id, expires)))
    }

    fn verify(&self, document_id: i64, expires: i64, signature: &str) -> bool {
        let Ok(given) = hex::decode(signature) else { return false };
        self.mac(document_id, expires).ct_eq(&given).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_bound_to_the_document_and_expiry() {
        let s = HmacLinkSigner::new(b"0123456789abcdef0123456789abcdef", 900);
        let (exp, sig) = s.sign(5);
        assert!(exp > chrono::Utc::now().timestamp() + 800);
        assert!(s.verify(5, exp, &sig));
        assert!(!s.verify(6, exp, &sig));
        assert!(!s.verify(5, exp + 60, &sig));
        assert!(!s.verify(5, exp, "zz"));
        assert!(!HmacLinkSigner::new(b"another key another key another k", 900).verify(5, exp, &sig));
    }
}
