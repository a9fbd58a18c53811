use buildledger_application::error::BoxError;
use buildledger_application::ports::{TokenError, TokenIssuer, TokenKind, TokenSubject};
use buildledger_cache::BoundedMap;
use chrono::NaiveDateTime;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy)]
pub struct TokenLifetimes {
    pub access_seconds: i64,
    pub refresh_seconds: i64,
}

impl Default for TokenLifetimes {
    /// 15 minutes and 14 days (DECISIONS.md).
    fn default() -> Self {
        Self { access_seconds: 15 * 60, refresh_seconds: 14 * 24 * 3600 }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// User id, as a string (RFC 7519 `sub`).
    sub: String,
    iat: i64,
    exp: i64,
    /// `access` or `refresh`: a refresh token is never accepted as an access token.
    token_type: String,
    jti: String,
    /// The sign-in session (absent in tokens issued before sessions existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sid: Option<i64>,
}

/// HS256 JWTs. The algorithm is pinned: tokens that claim another one are rejected.
pub struct JwtIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    lifetimes: TokenLifetimes,
    verified: VerifiedTokens,
}

/// Tokens whose signature and claims were checked, until they expire. A client sends the same
/// access token with every request; checking it again (base64, JSON, HMAC) was a visible share
/// of a request's CPU. Access tokens are stateless (signing out revokes the session's refresh
/// token; an access token lives out its minutes), so remembering a verified one changes no answer.
struct VerifiedTokens {
    entries: BoundedMap<String, Verified>,
}

#[derive(Debug, Clone, Copy)]
struct Verified {
    user_id: i64,
    session_id: Option<i64>,
    kind: TokenKind,
    exp: i64,
}

/// Remembered tokens at most (the map is emptied when full: a miss only costs a verification).
const VERIFIED_CAPACITY: usize = 10_000;

impl VerifiedTokens {
    fn get(&self, token: &str, now: i64) -> Option<Verified> {
        self.entries.get(token).filter(|v| now < v.exp)
    }

    fn put(&self, token: &str, v: Verified) {
        self.entries.insert(token.to_owned(), v);
    }
}

impl JwtIssuer {
    /// `secret` must hold at least 32 bytes.
    pub fn new(secret: &[u8], lifetimes: TokenLifetimes) -> Result<Self, String> {
        if secret.len() < crate::MIN_SECRET_BYTES {
            return Err(format!("JWT_SECRET must be at least {} bytes", crate::MIN_SECRET_BYTES));
        }
        Ok(Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            lifetimes,
            verified: VerifiedTokens { entries: BoundedMap::new(VERIFIED_CAPACITY) },
        })
    }

    fn kind_name(kind: TokenKind) -> &'static str {
        match kind {
            TokenKind::Access => "access",
            TokenKind::Refresh => "refresh",
        }
    }
}

impl TokenIssuer for JwtIssuer {
    fn issue(&self, subject: &TokenSubject, kind: TokenKind, issued_at: NaiveDateTime) -> Result<String, BoxError> {
        let now = issued_at.and_utc().timestamp();
        let life = match kind {
            TokenKind::Access => self.lifetimes.access_seconds,
            TokenKind::Refresh => self.lifetimes.refresh_seconds,
        };
        let claims = Claims {
            sub: subject.user_id.to_string(),
            iat: now,
            exp: now + life,
            token_type: Self::kind_name(kind).into(),
            jti: match &subject.token_id {
                Some(id) => id.clone(),
                None => crate::generate_secret()[..32].to_owned(),
            },
            sid: subject.session_id,
        };
        Ok(encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    fn verify(&self, token: &str, kind: TokenKind) -> Result<TokenSubject, TokenError> {
        let now = chrono::Utc::now().timestamp();
        if kind == TokenKind::Refresh {
            // Rare (once per access token lifetime) and its id matters: always decoded.
            let (v, jti) = self.check(token, now)?;
            if v.kind != kind {
                return Err(TokenError::WrongKind);
            }
            return Ok(TokenSubject { user_id: v.user_id, session_id: v.session_id, token_id: Some(jti) });
        }
        let verified = match self.verified.get(token, now) {
            Some(v) => v,
            None => {
                let (v, _) = self.check(token, now)?;
                self.verified.put(token, v);
                v
            }
        };
        if verified.kind != kind {
            return Err(TokenError::WrongKind);
        }
        Ok(TokenSubject { user_id: verified.user_id, session_id: verified.session_id, token_id: None })
    }
}

impl JwtIssuer {
    /// Signature, expiry and claims of a token not seen before, and its id.
    fn check(&self, token: &str, now: i64) -> Result<(Verified, String), TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "iat", "sub"]);
        let data = decode::<Claims>(token, &self.decoding, &validation).map_err(|_| TokenError::Invalid)?;
        let claims = data.claims;
        if claims.iat > now + 60 || claims.exp <= now {
            return Err(TokenError::Invalid);
        }
        let kind = [TokenKind::Access, TokenKind::Refresh]
            .into_iter()
            .find(|k| Self::kind_name(*k) == claims.token_type)
            .ok_or(TokenError::WrongKind)?;
        let user_id = claims.sub.parse().map_err(|_| TokenError::Invalid)?;
        Ok((Verified { user_id, session_id: claims.sid, kind, exp: claims.exp }, claims.jti))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issuer() -> JwtIssuer {
        JwtIssuer::new(&[7u8; 32], TokenLifetimes::default()).unwrap()
    }

    fn now() -> NaiveDateTime {
        chrono::Utc::now().naive_utc()
    }

    #[test]
    fn the_same_subject_kind_and_time_give_the_same_token() {
        let i = issuer();
        let jti = TokenSubject { token_id: Some("j1".into()), ..who(42) };
        let at = now() - chrono::Duration::seconds(20);
        assert_eq!(i.issue(&jti, TokenKind::Refresh, at).unwrap(), i.issue(&jti, TokenKind::Refresh, at).unwrap());
        assert_ne!(i.issue(&jti, TokenKind::Refresh, at).unwrap(), i.issue(&jti, TokenKind::Refresh, now()).unwrap());
        // Issued in the past: it expires counting from then.
        let old = JwtIssuer::new(&[7u8; 32], TokenLifetimes { access_seconds: 10, refresh_seconds: 10 }).unwrap();
        let stale = old.issue(&who(1), TokenKind::Access, at).unwrap();
        assert_eq!(old.verify(&stale, TokenKind::Access), Err(TokenError::Invalid));
    }

    fn who(user_id: i64) -> TokenSubject {
        TokenSubject { user_id, session_id: Some(9), token_id: None }
    }

    fn ok(user_id: i64) -> Result<TokenSubject, TokenError> {
        Ok(who(user_id))
    }

    #[test]
    fn tokens_carry_the_user_and_their_kind() {
        let i = issuer();
        let access = i.issue(&who(42), TokenKind::Access, now()).unwrap();
        let jti = TokenSubject { token_id: Some("j1".into()), ..who(42) };
        let refresh = i.issue(&jti, TokenKind::Refresh, now()).unwrap();
        assert_eq!(i.verify(&access, TokenKind::Access), ok(42));
        assert_eq!(i.verify(&refresh, TokenKind::Refresh), Ok(jti));
        assert_eq!(i.verify(&refresh, TokenKind::Access), Err(TokenError::WrongKind));
        assert_eq!(i.verify(&access, TokenKind::Refresh), Err(TokenError::WrongKind));
    }

    #[test]
    fn expired_tampered_and_foreign_tokens_are_rejected() {
        let expired = JwtIssuer::new(&[7u8; 32], TokenLifetimes { access_seconds: -10, refresh_seconds: 1 })
            .unwrap()
            .issue(&who(1), TokenKind::Access, now())
            .unwrap();
        assert_eq!(issuer().verify(&expired, TokenKind::Access), Err(TokenError::Invalid));
        let other = JwtIssuer::new(&[8u8; 32], TokenLifetimes::default())
            .unwrap()
            .issue(&who(1), TokenKind::Access, now())
            .unwrap();
        assert_eq!(issuer().verify(&other, TokenKind::Access), Err(TokenError::Invalid));
        assert_eq!(issuer().verify("garbage", TokenKind::Access), Err(TokenError::Invalid));
        // alg=none: header {"alg":"none","typ":"JWT"}.
        let none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwiaWF0IjowLCJleHAiOjk5OTk5OTk5OTksInRva2VuX3R5cGUiOiJhY2Nlc3MiLCJqdGkiOiJ4In0.";
        assert_eq!(issuer().verify(none, TokenKind::Access), Err(TokenError::Invalid));
    }

    #[test]
    fn a_remembered_token_still_expires_and_keeps_its_kind() {
        let i = JwtIssuer::new(&[7u8; 32], TokenLifetimes { access_seconds: 2, refresh_seconds: 60 }).unwrap();
        let access = i.issue(&who(5), TokenKind::Access, now()).unwrap();
        assert_eq!(i.verify(&access, TokenKind::Access), ok(5));
        assert_eq!(i.verify(&access, TokenKind::Access), ok(5)); // from memory
        assert_eq!(i.verify(&access, TokenKind::Refresh), Err(TokenError::WrongKind));
        std::thread::sleep(std::time::Duration::from_millis(2100));
        assert_eq!(i.verify(&access, TokenKind::Access), Err(TokenError::Invalid));
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(JwtIssuer::new(b"short", TokenLifetimes::default()).is_err());
    }
}
