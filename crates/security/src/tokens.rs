use buildledger_application::error::BoxError;
use buildledger_application::ports::{TokenError, TokenIssuer, TokenKind};
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
}

/// HS256 JWTs. The algorithm is pinned: tokens that claim another one are rejected.
pub struct JwtIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    lifetimes: TokenLifetimes,
}

impl JwtIssuer {
    /// `secret` must hold at least 32 bytes.
    pub fn new(secret: &[u8], lifetimes: TokenLifetimes) -> Result<Self, String> {
        if secret.len() < crate::MIN_SECRET_BYTES {
            return Err(format!("JWT_SECRET must be at least {} bytes", crate::MIN_SECRET_BYTES));
        }
        Ok(Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), lifetimes })
    }

    fn kind_name(kind: TokenKind) -> &'static str {
        match kind {
            TokenKind::Access => "access",
            TokenKind::Refresh => "refresh",
        }
    }
}

impl TokenIssuer for JwtIssuer {
    fn issue(&self, user_id: i64, kind: TokenKind) -> Result<String, BoxError> {
        let now = chrono::Utc::now().timestamp();
        let life = match kind {
            TokenKind::Access => self.lifetimes.access_seconds,
            TokenKind::Refresh => self.lifetimes.refresh_seconds,
        };
        let claims = Claims { sub: user_id.to_string(), iat: now, exp: now + life, token_type: Self::kind_name(kind).into(), jti: crate::generate_secret()[..32].to_owned() };
        Ok(encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    fn verify(&self, token: &str, kind: TokenKind) -> Result<i64, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "iat", "sub"]);
        let data = decode::<Claims>(token, &self.decoding, &validation).map_err(|_| TokenError::Invalid)?;
        let claims = data.claims;
        if claims.iat > chrono::Utc::now().timestamp() + 60 {
            return Err(TokenError::Invalid);
        }
        if claims.token_type != Self::kind_name(kind) {
            return Err(TokenError::WrongKind);
        }
        claims.sub.parse().map_err(|_| TokenError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issuer() -> JwtIssuer {
        JwtIssuer::new(&[7u8; 32], TokenLifetimes::default()).unwrap()
    }

    #[test]
    fn tokens_carry_the_user_and_their_kind() {
        let i = issuer();
        let access = i.issue(42, TokenKind::Access).unwrap();
        let refresh = i.issue(42, TokenKind::Refresh).unwrap();
        assert_eq!(i.verify(&access, TokenKind::Access), Ok(42));
        assert_eq!(i.verify(&refresh, TokenKind::Refresh), Ok(42));
        assert_eq!(i.verify(&refresh, TokenKind::Access), Err(TokenError::WrongKind));
        assert_eq!(i.verify(&access, TokenKind::Refresh), Err(TokenError::WrongKind));
    }

    #[test]
    fn expired_tampered_and_foreign_tokens_are_rejected() {
        let expired = JwtIssuer::new(&[7u8; 32], TokenLifetimes { access_seconds: -10, refresh_seconds: 1 }).unwrap().issue(1, TokenKind::Access).unwrap();
        assert_eq!(issuer().verify(&expired, TokenKind::Access), Err(TokenError::Invalid));
        let other = JwtIssuer::new(&[8u8; 32], TokenLifetimes::default()).unwrap().issue(1, TokenKind::Access).unwrap();
        assert_eq!(issuer().verify(&other, TokenKind::Access), Err(TokenError::Invalid));
        assert_eq!(issuer().verify("garbage", TokenKind::Access), Err(TokenError::Invalid));
        // alg=none: header {"alg":"none","typ":"JWT"}.
        let none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwiaWF0IjowLCJleHAiOjk5OTk5OTk5OTksInRva2VuX3R5cGUiOiJhY2Nlc3MiLCJqdGkiOiJ4In0.";
        assert_eq!(issuer().verify(none, TokenKind::Access), Err(TokenError::Invalid));
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(JwtIssuer::new(b"short", TokenLifetimes::default()).is_err());
    }
}
