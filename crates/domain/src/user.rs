//! User accounts.

use crate::error::{DomainError, FieldErrors};

pub const USERNAME_MAX: usize = 150;
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 1024;
pub const EMAIL_MAX: usize = 254;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub password_hash: String,
    pub is_admin: bool,
}

/// Letters, digits and `@.+-_`, 1 to 150 characters (the usual username rule).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let t = raw.trim();
        if t.is_empty() {
            return Err(FieldErrors::single("username", crate::messages::BLANK));
        }
        if t.chars().count() > USERNAME_MAX {
            return Err(FieldErrors::single("username", crate::messages::too_long(USERNAME_MAX)));
        }
        // No `@`: a login with `@` is an email, so a username can never capture someone's email.
        if !t.chars().all(|c| c.is_alphanumeric() || ".+-_".contains(c)) {
            return Err(FieldErrors::single(
                "username",
                "Enter a valid username. This value may contain only letters, numbers, and ./+/-/_ characters.",
            ));
        }
        Ok(Self(t.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The look-alike key: two usernames with the same skeleton read the same to a person
    /// (a Cyrillic "а" for a Latin "a", "rn" for "m"), so at most one of them may exist.
    pub fn skeleton(&self) -> String {
        username_skeleton(&self.0)
    }
}

/// The UTS #39 confusable skeleton of a username, case folded (Unicode's own tables, through
/// the `unicode-security` crate). Also used to backfill rows stored before the rule existed.
pub fn username_skeleton(username: &str) -> String {
    let folded = username.trim().to_lowercase();
    let skeleton: String = unicode_security::confusable_detection::skeleton(&folded).collect();
    // The skeleton of a lowercase letter can be an uppercase one ("l" and "1" map to "l", but
    // "0" maps to "O"): fold again so the key is one case.
    skeleton.to_lowercase()
}

/// An email address: one `@`, a non-empty local part, a dotted domain, no spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let t = raw.trim();
        if t.is_empty() {
            return Err(FieldErrors::single("email", crate::messages::BLANK));
        }
        let invalid = || FieldErrors::single("email", crate::messages::EMAIL);
        if t.len() > EMAIL_MAX || t.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid());
        }
        let (local, domain) = t.rsplit_once('@').ok_or_else(invalid)?;
        let labels_ok = domain.split('.').all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_alphanumeric() || c == '-')
        });
        if local.is_empty() || local.contains('@') || !domain.contains('.') || !labels_ok {
            return Err(invalid());
        }
        Ok(Self(t.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password as typed; only its length is checked (NIST 800-63B: no composition rules).
pub struct Password(String);

impl Password {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let n = raw.chars().count();
        if n < PASSWORD_MIN {
            return Err(FieldErrors::single(
                "password",
                format!("This password is too short. It must contain at least {PASSWORD_MIN} characters."),
            ));
        }
        if n > PASSWORD_MAX {
            return Err(FieldErrors::single("password", crate::messages::too_long(PASSWORD_MAX)));
        }
        Ok(Self(raw.to_owned()))
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_allow_the_usual_characters() {
        assert_eq!(Username::parse(" ana.b+1_x_y-z ").unwrap().as_str(), "ana.b+1_x_y-z");
        assert!(Username::parse("").is_err());
        // An email-shaped username could capture that email's login.
        assert!(Username::parse("bob@example.com").is_err());
        assert!(Username::parse("has space").is_err());
        assert!(Username::parse(&"a".repeat(151)).is_err());
    }

    #[test]
    fn look_alike_usernames_share_a_skeleton() {
        let skeleton = |s: &str| Username::parse(s).unwrap().skeleton();
        // Cyrillic "а" (U+0430) for Latin "a", in any case.
        assert_eq!(skeleton("\u{0430}na"), skeleton("ana"));
        assert_eq!(skeleton("ANA"), skeleton("ana"));
        assert_eq!(skeleton("paypa1"), skeleton("paypal"));
        assert_ne!(skeleton("ana"), skeleton("anna"));
        assert_ne!(skeleton("bob"), skeleton("rob"));
    }

    #[test]
    fn emails_need_a_local_part_and_a_dotted_domain() {
        assert!(Email::parse("ana@example.com").is_ok());
        for bad in ["", "ana", "ana@", "@example.com", "ana@example", "a b@example.com", "ana@exa..com", "ana@-x.com"] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords_need_eight_characters() {
        assert!(Password::parse("1234567").is_err());
        assert!(Password::parse("12345678").is_ok());
        assert!(Password::parse(&"p".repeat(1025)).is_err());
    }

    #[test]
    fn password_debug_hides_the_secret() {
        assert_eq!(format!("{:?}", Password::parse("supersecret").unwrap()), "Password(***)");
    }
}
