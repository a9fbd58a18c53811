//! The ledger's ports that `crate::ports` has no room for: lien waivers.

use buildledger_domain::ids::{LienWaiverId, UserId};
use buildledger_domain::ledger::{LienWaiver, LienWaiverDetails};
#[cfg(any(test, feature = "mocks"))]
use mockall::automock;

use crate::error::RepoError;
use crate::ports::Rule;

/// Lien waivers. Every write takes the project's lock first and bumps its version (the
/// payments' waiver status moves with the waivers); there it checks that the payment named is
/// one of the project's to the waiver's contractor
/// ([`LienWaiverDetails::check_payment`]) and the document one of the project's
/// ([`LienWaiverDetails::check_document`]), and refuses otherwise.
#[cfg_attr(any(test, feature = "mocks"), automock)]
pub trait LienWaiverRepository: Send + Sync {
    /// The project's waivers, oldest first (by id), with their contractor's and document's
    /// names: one query.
    fn list_for_project(&self, project_id: i64) -> Result<Vec<LienWaiver>, RepoError>;
    /// `None` when missing or its project is not the owner's.
    fn find_for_owner(&self, owner_id: UserId, id: LienWaiverId) -> Result<Option<LienWaiver>, RepoError>;
    /// `NotFound` when the project or the contractor is gone; `Refused` as the checks above.
    fn create(&self, project_id: i64, waiver: &LienWaiverDetails) -> Result<LienWaiver, RepoError>;
    /// Stores what `change` makes of the waiver as found under the lock. `NotFound` when gone;
    /// `Refused` when `change` refuses, or as the checks above.
    fn update(&self, id: i64, change: Rule<LienWaiver, LienWaiverDetails>) -> Result<LienWaiver, RepoError>;
    fn delete(&self, id: i64) -> Result<(), RepoError>;
}
