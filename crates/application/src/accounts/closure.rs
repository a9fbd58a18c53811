//! The end of an account: "Download my data" (everything the user keeps here, as one JSON
//! document) and "Delete my account" (subscription canceled at once, then every row and file).

use buildledger_domain::ids::{ProjectId, TypedId, UserId};
use std::sync::Arc;

use buildledger_domain::activity::ActivityEntry;
use buildledger_domain::bid::{Bid, Contractor};
use buildledger_domain::ledger::{ChangeOrder, Draw, LienWaiver, Payment};
use buildledger_domain::schedule::{BaselineEntry, Delay, Dependency, Inspection};
use buildledger_domain::subscription::{Invoice, Subscription};
use buildledger_domain::user::User;
use buildledger_domain::FieldErrors;

use super::{AccountService, AuthUser, MSG_WRONG_PASSWORD};
use crate::activity::ActivityService;
use crate::bids::BidService;
use crate::documents::{DocumentService, DocumentView};
use crate::error::UseCaseError;
use crate::ledger::LedgerService;
use crate::members::{Member, MemberRepository};
use crate::ports::{DocumentStore, UserRepository};
use crate::projects::{remove_files, ProjectService};
use crate::schedule::delays::DelayService;
use crate::schedule::dependencies::DependencyService;
use crate::schedule::inspections::InspectionService;
use crate::schedule::timeline::TimelineService;
use crate::subscription::SubscriptionService;
use crate::tasks::{Board, TaskService};

/// Everything an account holds.
#[derive(Debug, Clone)]
pub struct AccountExport {
    pub user: User,
    pub subscription: Option<Subscription>,
    pub invoices: Vec<Invoice>,
    pub contractors: Vec<Contractor>,
    pub projects: Vec<ProjectExport>,
}

/// A project with its tasks and their records: per task (documents, bids, payments, change
/// orders, delays, inspections, each naming its task) and per project (the rest).
#[derive(Debug, Clone)]
pub struct ProjectExport {
    pub board: Board,
    pub documents: Vec<DocumentView>,
    pub bids: Vec<Bid>,
    pub payments: Vec<Payment>,
    pub change_orders: Vec<ChangeOrder>,
    /// By date recorded, then id.
    pub delays: Vec<Delay>,
    /// By date scheduled, then id.
    pub inspections: Vec<Inspection>,
    pub draws: Vec<Draw>,
    /// Oldest first.
    pub lien_waivers: Vec<LienWaiver>,
    /// The links between its tasks, oldest first.
    pub dependencies: Vec<Dependency>,
    /// Its baseline's entries by task; empty without a baseline.
    pub baseline: Vec<BaselineEntry>,
    /// Its members and open invitations, by id (never an invitation's token: only its hash is
    /// kept, and [`Member`] does not carry it).
    pub members: Vec<Member>,
    /// Its whole activity trail, newest first.
    pub activity: Vec<ActivityEntry>,
    /// Its read-only share links (never their tokens: only their hashes are kept).
    pub shares: Vec<buildledger_domain::share::Share>,
}

#[derive(Clone)]
pub struct ClosureService {
    pub accounts: AccountService,
    pub projects: ProjectService,
    pub tasks: TaskService,
    pub documents: DocumentService,
    pub bids: BidService,
    pub ledger: LedgerService,
    pub shares: crate::shares::ShareService,
    pub delays: DelayService,
    pub inspections: InspectionService,
    pub dependencies: DependencyService,
    pub timeline: TimelineService,
    pub members: Arc<dyn MemberRepository>,
    pub activity: ActivityService,
    pub subscription: SubscriptionService,
    pub users: Arc<dyn UserRepository>,
    pub store: Arc<dyn DocumentStore>,
}

impl ClosureService {
    /// The user's data: one query for all documents, and per project a fixed number of queries
    /// (its tasks, bids, payments, change orders, delays, inspections, draws, lien waivers,
    /// links, baseline, members, trail, share links), whatever the number of its tasks.
    pub fn export(&self, user: AuthUser) -> Result<AccountExport, UseCaseError> {
        let account = self.accounts.get_user(user.id)?;
        let subscription = self.subscription.subscription_status(user.id)?;
        // The billing history comes from the provider; the export does not fail without it.
        let invoices = self.subscription.billing_history(user.id).unwrap_or_else(|e| {
            tracing::warn!(user_id = user.id, error = %e, "billing history left out of the data export");
            Vec::new()
        });
        let owner = UserId::new(user.id);
        let mut documents = self.documents.list_for_owner(owner)?;
        let mut projects = Vec::new();
        for project in self.projects.list(owner)? {
            let project_id = ProjectId::new(project.id);
            let board = self.tasks.board_for_owner(owner, project_id)?;
            let (mine, rest): (Vec<_>, Vec<_>) =
                documents.into_iter().partition(|d| d.document.project_id == project.id);
            documents = rest;
            let bids = self
                .bids
                .comparison_for_owner(owner, project_id)?
                .into_iter()
                .flat_map(|c| c.bids)
                .map(|b| b.bid)
                .collect();
            let payments = self.ledger.payments_for_owner(owner, project_id)?.into_iter().map(|(p, _)| p).collect();
            let change_orders =
                self.ledger.change_orders_for_owner(owner, project_id)?.into_iter().map(|(c, _)| c).collect();
            let draws = self.ledger.draws_for_owner(owner, project_id)?;
            let lien_waivers = self.ledger.waivers_for_owner(owner, project_id)?;
            let delays = self.delays.delays_for_owner(owner, project_id)?.delays;
            let inspections = self.inspections.inspections_for_owner(owner, project_id)?;
            let dependencies = self.dependencies.list_for_owner(owner, &project)?;
            let baseline = self.timeline.read(owner, project_id)?.input.baseline;
            // The project is one of the owner's (listed as theirs above).
            let members = self.members.list(project.id)?;
            let activity = self.activity.all_for_owner(owner, &project)?;
            let shares = self.shares.list_for_owner(owner, project_id)?;
            projects.push(ProjectExport {
                board,
                documents: mine,
                bids,
                payments,
                change_orders,
                delays,
                inspections,
                draws,
                lien_waivers,
                dependencies,
                baseline,
                members,
                activity,
                shares,
            });
        }
        let contractors = self.bids.contractors(owner, None)?;
        Ok(AccountExport { user: account, subscription, invoices, contractors, projects })
    }

    /// Deletes the account after checking its password: the user's rows go in one transaction
    /// (which records a live subscription as one to cancel), then the stored files, then the
    /// subscription is canceled at the provider. Billing stops only once the data is gone, and a
    /// provider that cannot be reached is retried later ([`SubscriptionService::retry_cancellations`]).
    pub fn delete_account(&self, user: AuthUser, password: &str) -> Result<(), UseCaseError> {
        let account = self.accounts.get_user(user.id)?;
        if password.is_empty() {
            return Err(FieldErrors::single("password", buildledger_domain::messages::BLANK).into());
        }
        if self.accounts.check_credentials(&account.username, password).is_err() {
            return Err(FieldErrors::single("password", MSG_WRONG_PASSWORD).into());
        }
        let deleted = self.users.delete(user.id)?;
        remove_files(self.store.as_ref(), &deleted.storage_keys);
        tracing::info!(user_id = user.id, files = deleted.storage_keys.len(), "account deleted");
        if let Some(subscription) = &deleted.subscription_to_cancel {
            self.subscription.cancel_for_deleted_account(subscription);
        }
        Ok(())
    }
}
