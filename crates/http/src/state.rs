//! What every handler can reach: the use cases and the public configuration.

use std::path::PathBuf;
use std::sync::Arc;

use buildledger_application::accounts::closure::ClosureService;
use buildledger_application::accounts::recovery::RecoveryService;
use buildledger_application::accounts::AccountService;
use buildledger_application::documents::DocumentService;
use buildledger_application::projects::ProjectService;
use buildledger_application::subscription::local::LocalCheckoutService;
use buildledger_application::subscription::ports::PaymentsMode;
use buildledger_application::subscription::{AccessService, SubscriptionService};
use buildledger_application::tasks::TaskService;
use serde::Serialize;

use crate::body_cache::BodyCache;

/// `GET /api/config/`: what the frontend needs to know about this deployment.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicConfig {
    pub support_email: String,
    /// null in local payments mode.
    #[schema(required = true)]
    pub stripe_publishable_key: Option<String>,
    pub stripe_price_id: String,
    /// `local` or `stripe`.
    #[schema(value_type = String, pattern = "^(local|stripe)$")]
    pub payments_mode: &'static str,
}

/// The subscription use cases, as the app state holds them.
#[derive(Clone)]
pub struct SubscriptionState {
    pub service: SubscriptionService,
    /// Present in local mode only: the test checkout page.
    pub local_checkout: Option<LocalCheckoutService>,
}

impl SubscriptionState {
    pub fn new(service: SubscriptionService, local_checkout: Option<LocalCheckoutService>) -> Self {
        Self { service, local_checkout }
    }

    pub fn mode(&self) -> PaymentsMode {
        self.service.mode()
    }
}

#[derive(Clone)]
pub struct AppState {
    pub accounts: AccountService,
    pub access: AccessService,
    /// May this user do this to this project (issue 35); the project gate [`crate::auth::ProjectCaller`] asks it too.
    pub authorizer: buildledger_application::access::Authorizer,
    /// The subscription use cases (`/payments/...`, the local checkout page).
    pub subscription: SubscriptionState,
    pub projects: ProjectService,
    /// A project's members and their invitations (issue 35).
    pub members: buildledger_application::members::MemberService,
    pub tasks: TaskService,
    pub documents: DocumentService,
    /// Contractors, bids and awards.
    pub bids: buildledger_application::bids::BidService,
    /// Payments, change orders, lender draws.
    pub ledger: buildledger_application::ledger::LedgerService,
    /// Delays recorded on tasks (issue 33).
    pub delays: buildledger_application::schedule::delays::DelayService,
    /// Inspections of tasks (issue 33).
    pub inspections: buildledger_application::schedule::inspections::InspectionService,
    /// Links between tasks (issue 33).
    pub dependencies: buildledger_application::schedule::dependencies::DependencyService,
    /// The computed schedule and its baseline (issue 33).
    pub timeline: buildledger_application::schedule::timeline::TimelineService,
    /// The schedule's calendar feed links (issue 33).
    pub calendar_feeds: buildledger_application::schedule::calendar_feed::CalendarFeedService,
    /// The activity trail's feed (issue 35).
    pub activity: buildledger_application::activity::ActivityService,
    /// Reminder mails: the setting and one-click unsubscribe (issue 35).
    pub reminders: buildledger_application::reminders::ReminderService,
    /// Read-only share links (issue 21).
    pub shares: buildledger_application::shares::ShareService,
    /// The address users reach the app at (`PUBLIC_URL`), for the links it hands out.
    pub public_url: String,
    pub config: PublicConfig,
    /// Folder of the built frontend (`index.html` and assets); `None` serves a notice page.
    pub frontend_dist: Option<PathBuf>,
    /// Where uploads are spooled before they are checked and stored.
    pub upload_tmp: PathBuf,
    /// Whether the database and the document store answer (`/healthz`).
    pub health: Arc<dyn Fn() -> Health + Send + Sync>,
    /// Password reset by email.
    pub recovery: RecoveryService,
    /// The data export and account deletion.
    pub closure: ClosureService,
    /// Rate limits of the account endpoints (per account and per client address).
    pub throttle: Arc<crate::throttle::Throttle>,
    /// Proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`).
    pub trusted_proxies: Arc<crate::client_address::TrustedProxies>,
    /// Serialized boards by project, valid for one project version.
    pub board_cache: Arc<BodyCache>,
    /// Serialized money summaries by project, valid for one project version.
    pub summary_cache: Arc<BodyCache>,
}

/// What `/healthz` checks: each part the product cannot work without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Health {
    pub database: bool,
    /// The document store (a local folder, or the S3 bucket).
    pub documents: bool,
}
