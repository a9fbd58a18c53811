use buildledger_domain::DomainError;

pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// What a repository or storage port may fail with.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("record not found")]
    NotFound,
    /// A uniqueness rule was broken; the payload names the field (`username`, `email`, ...).
    #[error("conflict on {0}")]
    Conflict(String),
    /// A rule checked inside the write, on the state found under its lock, refused it: nothing
    /// was written (a port's docs say which rules its writes check).
    #[error("refused: {0}")]
    Refused(DomainError),
    /// The database or store cannot be reached right now (pool exhausted, connection refused).
    #[error("storage unavailable")]
    Unavailable(#[source] BoxError),
    #[error("storage failure")]
    Other(#[source] BoxError),
}

/// What a use case may fail with, in the application's own terms (no transport notions); the
/// HTTP adapter maps each variant to one status, in one place (`http/src/error.rs`).
#[derive(Debug, thiserror::Error)]
pub enum UseCaseError {
    /// Invalid input (a `DomainError::Validation`; a `DomainError::Conflict` becomes
    /// [`UseCaseError::Conflict`]).
    #[error(transparent)]
    Invalid(DomainError),
    #[error("{entity} not found")]
    NotFound { entity: &'static str },
    #[error("{message}")]
    Conflict { field: String, message: String },
    /// A conflict naming what is in the way, field by field (`DomainError::Conflicts`).
    #[error("{message}")]
    Conflicts { message: String, fields: std::collections::BTreeMap<String, Vec<String>> },
    #[error("{0}")]
    Unauthenticated(&'static str),
    #[error("No active account found with the given credentials")]
    InvalidCredentials,
    #[error("You do not have permission to perform this action.")]
    Forbidden,
    #[error("An active subscription is required.")]
    SubscriptionRequired,
    /// A file larger than the rules allow (one document, or the owner's storage quota).
    #[error("{0}")]
    FileTooLarge(String),
    /// A file whose type the rules do not accept, or whose content does not match its name.
    #[error("{0}")]
    FileTypeNotAllowed(String),
    /// The request cannot be carried out as asked: the payment provider declined it, there is
    /// nothing to cancel, a webhook's signature does not verify.
    #[error("{0}")]
    Refused(String),
    #[error("service unavailable")]
    Unavailable(#[source] BoxError),
    #[error("internal error")]
    Internal(#[source] BoxError),
}

impl From<DomainError> for UseCaseError {
    fn from(e: DomainError) -> Self {
        match e {
            DomainError::Conflict { field, message } => {
                UseCaseError::Conflict { field: field.to_owned(), message: message.to_owned() }
            }
            DomainError::Conflicts { message, fields } => {
                UseCaseError::Conflicts { message: message.to_owned(), fields: fields.as_map().clone() }
            }
            invalid @ DomainError::Validation(_) => UseCaseError::Invalid(invalid),
        }
    }
}

impl From<RepoError> for UseCaseError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => UseCaseError::NotFound { entity: "record" },
            RepoError::Conflict(field) => {
                UseCaseError::Conflict { message: format!("This {field} is already taken."), field }
            }
            RepoError::Refused(rule) => rule.into(),
            RepoError::Unavailable(src) => UseCaseError::Unavailable(src),
            RepoError::Other(src) => UseCaseError::Internal(src),
        }
    }
}

impl UseCaseError {
    pub fn not_found(entity: &'static str) -> Self {
        UseCaseError::NotFound { entity }
    }
}
