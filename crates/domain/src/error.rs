use std::collections::BTreeMap;
use std::fmt;

/// Problems found in one input, by field name (the JSON field names of the API).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add(&mut self, field: &str, problem: impl Into<String>) {
        self.0.entry(field.to_owned()).or_default().push(problem.into());
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn contains(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }
    pub fn as_map(&self) -> &BTreeMap<String, Vec<String>> {
        &self.0
    }
    /// `Ok(())` when nothing was added, else the errors.
    pub fn into_result(self) -> Result<(), DomainError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(DomainError::Validation(self))
        }
    }
    pub fn single(field: &str, problem: impl Into<String>) -> DomainError {
        let mut e = Self::new();
        e.add(field, problem);
        DomainError::Validation(e)
    }
}

impl fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (field, problems) in &self.0 {
            for p in problems {
                if !first {
                    f.write_str("; ")?;
                }
                first = false;
                write!(f, "{field}: {p}")?;
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// One or more fields are invalid; the message of the first problem leads.
    #[error("{0}")]
    Validation(FieldErrors),
    /// The change does not fit the state it meets (a funded draw deleted, an award withdrawn
    /// under approved change orders): the field it concerns and why. Rules that say so are
    /// checked inside the write that depends on them, on the state found under its lock.
    #[error("{message}")]
    Conflict { field: &'static str, message: &'static str },
    /// A conflict that names what is in the way, field by field (a draw submitted without its
    /// lien waivers: each missing one): the message of the first problem leads.
    #[error("{message}")]
    Conflicts { message: &'static str, fields: FieldErrors },
}

impl DomainError {
    /// The field problems of a `Validation`; none for a `Conflict`.
    pub fn fields(&self) -> &FieldErrors {
        static NONE: FieldErrors = FieldErrors(BTreeMap::new());
        match self {
            DomainError::Validation(f) => f,
            DomainError::Conflict { .. } | DomainError::Conflicts { .. } => &NONE,
        }
    }

    pub fn conflict(field: &'static str, message: &'static str) -> Self {
        DomainError::Conflict { field, message }
    }
}
