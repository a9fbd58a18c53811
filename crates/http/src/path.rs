//! Path parameters: the ids in `/api/...` paths.

use crate::error::ApiError;

/// Path ids: anything but a positive integer is simply not found.
pub fn parse_id(raw: &str, what: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::not_found(what))
}
