//! The composition root: adapters chosen from the settings and plugged into the use cases.
//! `main` (through `Application::build`) and the HTTP test suite both call [`build`].

use std::sync::Arc;

use anyhow::Context;
use buildledger_application::access::Authorizer;
use buildledger_application::accounts::closure::ClosureService;
use buildledger_application::accounts::recovery::{RecoveryPorts, RecoveryService};
use buildledger_application::accounts::{AccountPorts, AccountService};
use buildledger_application::bids::{BidService, BidsPorts};
use buildledger_application::documents::DocumentService;
use buildledger_application::ledger::{LedgerPorts, LedgerService};
use buildledger_application::members::{MemberPorts, MemberService};
use buildledger_application::ports::{
    Clock, CostRates, DocumentStore, Mailer, RandomIds, SystemClock, WholeHouseEstimate,
};
use buildledger_application::projects::ProjectService;
use buildledger_application::reminders::{ReminderPorts, ReminderService};
use buildledger_application::schedule::calendar_feed::{CalendarFeedPorts, CalendarFeedService};
use buildledger_application::schedule::delays::{DelayPorts, DelayService};
use buildledger_application::schedule::dependencies::{DependencyPorts, DependencyService};
use buildledger_application::schedule::inspections::{InspectionPorts, InspectionService};
use buildledger_application::schedule::timeline::{TimelinePorts, TimelineService};
use buildledger_application::shares::{SharePorts, ShareService};
use buildledger_application::subscription::AccessService;
use buildledger_application::tasks::TaskService;
use buildledger_domain::cost::{CostCatalogue, EstimateRequest, Prediction};
use buildledger_domain::project::ProjectDetails;
use buildledger_domain::task::MaterialQuality;
use buildledger_http::body_cache::BodyCache;
use buildledger_http::throttle::Throttle;
use buildledger_http::{AppState, Health, PublicConfig};
use buildledger_mail::{BackgroundMailer, MailTransport};
use buildledger_persistence::subscription::DieselSubscriptionRepository;
use buildledger_persistence::DieselMemberRepository;
use buildledger_persistence::{
    Db, DieselBidRepository, DieselChangeOrderRepository, DieselContractorRepository, DieselDocumentRepository,
    DieselDrawRepository, DieselLienWaiverRepository, DieselPasswordResetRepository, DieselProjectRepository,
    DieselSessionRepository, DieselShareRepository, DieselTaskPaymentRepository, DieselTaskRepository,
    DieselUserRepository, LocalDocumentStore,
};
use buildledger_persistence::{DieselCalendarFeedRepository, DieselDependencyRepository, DieselScheduleRepository};
use buildledger_persistence::{DieselDelayRepository, DieselInspectionRepository, DieselProjectAccess};
use buildledger_security::{Argon2Hasher, HmacLinkSigner, JwtIssuer, TokenLifetimes};

use crate::settings::Settings;

/// How long a document download link stays valid.
const LINK_TTL_SECONDS: i64 = 15 * 60;

/// The cost catalogue shipped in the binary, as the tasks' rate port.
pub struct CatalogueRates(&'static CostCatalogue);

impl CostRates for CatalogueRates {
    fn predict(
        &self,
        title: &str,
        quality: MaterialQuality,
        zip_code: &str,
        square_footage: i64,
    ) -> Option<Prediction> {
        self.0.predict(title, quality, zip_code, square_footage)
    }

    fn standard_tasks(&self, details: &ProjectDetails) -> Vec<String> {
        let options = estimate_options(details);
        self.0
            .project_tasks(details.project_type.code(), &options)
            .map(|tasks| tasks.iter().map(|t| t.name.clone()).collect())
            .unwrap_or_default()
    }

    fn whole_house_estimate(&self, details: &ProjectDetails) -> Option<WholeHouseEstimate> {
        let request = EstimateRequest {
            zip_code: details.zip_code.clone(),
            square_footage: details.square_footage,
            quality: MaterialQuality::Standard,
            project_type: details.project_type.code().to_owned(),
            options: estimate_options(details),
        };
        let estimate = self.0.estimate(&request).ok()?;
        Some(WholeHouseEstimate {
            total_cents: estimate.predicted_total_cents,
            lines: estimate.breakdown.into_iter().map(|l| (l.task, l.cost_cents)).collect(),
        })
    }

    fn catalogue_name(&self, title: &str) -> Option<String> {
        self.0.resolve(title).map(|t| t.name.clone())
    }
}

/// The options of a project that choose its estimate's tasks (renovation, addition or
/// conversion options; none for new homes and ADUs).
fn estimate_options(details: &ProjectDetails) -> Vec<String> {
    match details.project_type.code() {
        "renovation" => details.renovation_options.clone(),
        "addition" => details.addition_options.clone(),
        "conversion" => details.conversion_option.iter().map(|o| o.code().to_owned()).collect(),
        _ => Vec::new(),
    }
}

/// The migrated database and everything the HTTP layer needs, from the settings alone.
pub fn build(settings: &Settings) -> anyhow::Result<(Db, AppState)> {
    let db = database(settings)?;
    let state = app_state(&db, settings)?;
    Ok((db, state))
}

/// Opens and migrates the database.
pub fn database(settings: &Settings) -> anyhow::Result<Db> {
    let db = Db::connect(&settings.database_url, settings.db_pool_size)
        .context("cannot open the database (DATABASE_URL)")?;
    db.run_migrations().context("cannot migrate the database")?;
    Ok(db)
}

pub fn account_service(db: &Db, settings: &Settings) -> anyhow::Result<AccountService> {
    let lifetimes = TokenLifetimes {
        access_seconds: settings.access_token_seconds,
        refresh_seconds: settings.refresh_token_seconds,
    };
    let tokens = JwtIssuer::new(settings.jwt_secret.as_bytes(), lifetimes).map_err(anyhow::Error::msg)?;
    Ok(AccountService::new(AccountPorts {
        users: Arc::new(DieselUserRepository::new(db.clone())),
        sessions: Arc::new(DieselSessionRepository::new(db.clone())),
        hasher: password_hasher(settings),
        tokens: Arc::new(tokens),
        ids: Arc::new(RandomIds),
        clock: Arc::new(SystemClock),
        session_lifetime: chrono::Duration::seconds(settings.refresh_token_seconds),
    }))
}

fn password_hasher(settings: &Settings) -> Arc<Argon2Hasher> {
    Arc::new(Argon2Hasher::with_params(
        settings.password_hashing.memory_kib,
        settings.password_hashing.iterations,
        settings.password_hashing.lanes,
    ))
}

/// Mail through `SMTP_URL`, or into `DATA_DIR/outbox/` without it.
pub fn mailer(settings: &Settings) -> anyhow::Result<Arc<dyn Mailer>> {
    Ok(Arc::new(background_mailer(settings)?))
}

/// The mail sender of [`mailer`], as itself (to wait for its queue).
pub fn background_mailer(settings: &Settings) -> anyhow::Result<BackgroundMailer> {
    let transport = match &settings.smtp_url {
        Some(url) => MailTransport::Smtp { url: url.clone() },
        None => MailTransport::Outbox { dir: settings.data_dir.join("outbox") },
    };
    BackgroundMailer::start(transport, &settings.support_email)
        .map_err(|e| anyhow::anyhow!("cannot set up mail (SMTP_URL, SUPPORT_EMAIL): {e}"))
}

/// The reminder use cases (issue 35), and the mailer they send through (to wait for it before
/// exiting, `buildledger notify --now`).
pub fn reminder_service(db: &Db, settings: &Settings) -> anyhow::Result<(ReminderService, Arc<BackgroundMailer>)> {
    let mailer = Arc::new(background_mailer(settings)?);
    let service = ReminderService::new(ReminderPorts {
        reminders: Arc::new(buildledger_persistence::DieselReminderRepository::new(db.clone())),
        mailer: mailer.clone() as Arc<dyn Mailer>,
        ids: Arc::new(RandomIds),
        clock: Arc::new(SystemClock),
        public_url: settings.public_url.clone(),
    });
    Ok((service, mailer))
}

/// Everything the HTTP layer needs.
pub fn app_state(db: &Db, settings: &Settings) -> anyhow::Result<AppState> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let store: Arc<dyn DocumentStore> = document_store(settings)?;
    let projects = Arc::new(DieselProjectRepository::new(db.clone()));
    let tasks = Arc::new(DieselTaskRepository::new(db.clone()));
    let documents = Arc::new(DieselDocumentRepository::new(db.clone()));
    let subscription_repo = Arc::new(DieselSubscriptionRepository::new(db.clone()));
    let subscription = subscription_state(db, settings, subscription_repo.clone(), clock.clone())?;
    let signer = Arc::new(HmacLinkSigner::new(settings.jwt_secret.as_bytes(), LINK_TTL_SECONDS));
    let rates = Arc::new(CatalogueRates(CostCatalogue::embedded()));
    let health_db = db.clone();
    let health_store = store.clone();
    let accounts = account_service(db, settings)?;
    let users = Arc::new(DieselUserRepository::new(db.clone()));
    let recovery = RecoveryService::new(RecoveryPorts {
        users: users.clone(),
        resets: Arc::new(DieselPasswordResetRepository::new(db.clone())),
        hasher: password_hasher(settings),
        mailer: mailer(settings)?,
        ids: Arc::new(RandomIds),
        clock: clock.clone(),
        public_url: settings.public_url.clone(),
    });
    let authorizer = Authorizer::new(
        Arc::new(DieselProjectAccess::new(db.clone())),
        AccessService::new(subscription_repo.clone(), db.known_state(), clock.clone()),
        db.known_state(),
    );
    let project_service = ProjectService::new(projects.clone(), store.clone(), users.clone(), authorizer.clone());
    let members = MemberService::new(MemberPorts {
        members: Arc::new(DieselMemberRepository::new(db.clone())),
        projects: projects.clone(),
        users: users.clone(),
        mailer: mailer(settings)?,
        ids: Arc::new(RandomIds),
        clock: clock.clone(),
        access: authorizer.clone(),
        public_url: settings.public_url.clone(),
    });
    let task_service = TaskService::new(
        projects.clone(),
        tasks.clone(),
        store.clone(),
        rates.clone(),
        db.known_state(),
        authorizer.clone(),
    );
    let contractors = Arc::new(DieselContractorRepository::new(db.clone()));
    let ledger = LedgerService::new(LedgerPorts {
        tasks: tasks.clone(),
        projects: projects.clone(),
        documents: documents.clone(),
        contractors: contractors.clone(),
        payments: Arc::new(DieselTaskPaymentRepository::new(db.clone())),
        change_orders: Arc::new(DieselChangeOrderRepository::new(db.clone())),
        draws: Arc::new(DieselDrawRepository::new(db.clone())),
        waivers: Arc::new(DieselLienWaiverRepository::new(db.clone())),
        scheduled: Arc::new(task_service.clone()),
        clock: clock.clone(),
        access: authorizer.clone(),
    });
    let bid_service = BidService::new(BidsPorts {
        contractors,
        bids: Arc::new(DieselBidRepository::new(db.clone())),
        tasks: tasks.clone(),
        projects: projects.clone(),
        documents: documents.clone(),
        rates: rates.clone(),
        access: authorizer.clone(),
    });
    let activity = buildledger_application::activity::ActivityService::new(
        Arc::new(buildledger_persistence::DieselActivityRepository::new(db.clone())),
        authorizer.clone(),
    );
    let shares = ShareService::new(SharePorts {
        shares: Arc::new(DieselShareRepository::new(db.clone())),
        ids: Arc::new(RandomIds),
        clock: clock.clone(),
        access: authorizer.clone(),
    });
    let delays = DelayService::new(DelayPorts {
        access: authorizer.clone(),
        tasks: tasks.clone(),
        projects: projects.clone(),
        delays: Arc::new(DieselDelayRepository::new(db.clone())),
        clock: clock.clone(),
    });
    let inspections = InspectionService::new(InspectionPorts {
        access: authorizer.clone(),
        tasks: tasks.clone(),
        projects: projects.clone(),
        documents: documents.clone(),
        inspections: Arc::new(DieselInspectionRepository::new(db.clone())),
    });
    let dependencies = DependencyService::new(DependencyPorts {
        access: authorizer.clone(),
        tasks: tasks.clone(),
        dependencies: Arc::new(DieselDependencyRepository::new(db.clone())),
    });
    let timeline = TimelineService::new(TimelinePorts {
        access: authorizer.clone(),
        schedule: Arc::new(DieselScheduleRepository::new(db.clone())),
        clock: clock.clone(),
    });
    let calendar_feeds = CalendarFeedService::new(
        CalendarFeedPorts {
            access: authorizer.clone(),
            feeds: Arc::new(DieselCalendarFeedRepository::new(db.clone())),
            ids: Arc::new(RandomIds),
            clock: clock.clone(),
        },
        timeline.clone(),
    );
    let document_service = DocumentService::new(
        tasks,
        documents,
        store.clone(),
        signer,
        clock.clone(),
        Arc::new(buildledger_images::ContainerScrubber),
        authorizer.clone(),
    );
    let closure = ClosureService {
        accounts: accounts.clone(),
        projects: project_service.clone(),
        tasks: task_service.clone(),
        documents: document_service.clone(),
        bids: bid_service.clone(),
        ledger: ledger.clone(),
        shares: shares.clone(),
        delays: delays.clone(),
        inspections: inspections.clone(),
        dependencies: dependencies.clone(),
        timeline: timeline.clone(),
        members: Arc::new(DieselMemberRepository::new(db.clone())),
        activity: activity.clone(),
        subscription: subscription.service.clone(),
        users,
        store,
    };
    Ok(AppState {
        accounts,
        access: AccessService::new(subscription_repo, db.known_state(), clock.clone()),
        authorizer,
        subscription,
        projects: project_service,
        members,
        tasks: task_service,
        documents: document_service,
        bids: bid_service,
        ledger,
        delays,
        inspections,
        dependencies,
        timeline,
        calendar_feeds,
        recovery,
        closure,
        reminders: reminder_service(db, settings)?.0,
        activity,
        shares,
        public_url: settings.public_url.clone(),
        config: PublicConfig {
            support_email: settings.support_email.clone(),
            stripe_publishable_key: settings.stripe.as_ref().and_then(|s| s.publishable_key.clone()),
            stripe_price_id: settings.price_id.clone(),
            payments_mode: if settings.stripe.is_some() { "stripe" } else { "local" },
        },
        frontend_dist: Some(settings.frontend_dist.clone()),
        upload_tmp: settings.data_dir.join("tmp"),
        health: Arc::new(move || Health { database: health_db.ping(), documents: health_store.check().is_ok() }),
        throttle: Arc::new(Throttle::default()),
        trusted_proxies: Arc::new(settings.trusted_proxies.clone()),
        board_cache: Arc::new(BodyCache::default()),
        summary_cache: Arc::new(BodyCache::default()),
    })
}

/// The document store: DATA_DIR/documents by default, an S3-compatible bucket with DOCUMENT_STORE=s3.
pub fn document_store(settings: &Settings) -> anyhow::Result<Arc<dyn DocumentStore>> {
    use crate::settings::DocumentStoreSettings;
    match &settings.document_store {
        DocumentStoreSettings::Local => Ok(Arc::new(
            LocalDocumentStore::new(settings.data_dir.join("documents")).context("cannot create DATA_DIR/documents")?,
        )),
        DocumentStoreSettings::S3(config) => {
            tracing::info!(bucket = %config.bucket, endpoint = ?config.endpoint, region = %config.region, "documents are kept in S3");
            Ok(Arc::new(
                buildledger_storage_s3::S3DocumentStore::new(config.clone())
                    .context("cannot set up the S3 document store (S3_* settings)")?,
            ))
        }
    }
}

/// The payments use cases: Stripe when `STRIPE_SECRET_KEY` is set, else the local mode.
pub fn subscription_state(
    db: &Db,
    settings: &Settings,
    repo: Arc<DieselSubscriptionRepository>,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<buildledger_http::state::SubscriptionState> {
    use buildledger_application::subscription::ports::PaymentGateway;
    use buildledger_application::subscription::{wire, SubscriptionConfig};
    use buildledger_payments_stripe::{StripeGateway, StripeGatewayConfig, StripeWebhookVerifier};
    let gateway: Option<Arc<dyn PaymentGateway>> = match &settings.stripe {
        Some(s) => {
            let mut config = StripeGatewayConfig::new(s.secret_key.clone());
            config.api_base = s.api_base.clone();
            Some(Arc::new(StripeGateway::new(config).context("cannot set up the Stripe client")?))
        }
        None => None,
    };
    let verifier = Arc::new(StripeWebhookVerifier::new(settings.webhook_secret.clone()));
    let users = Arc::new(DieselUserRepository::new(db.clone()));
    let config = SubscriptionConfig { price_id: settings.price_id.clone(), public_url: settings.public_url.clone() };
    let (service, local_checkout) = wire(repo, users, gateway, verifier, clock, config);
    Ok(buildledger_http::state::SubscriptionState::new(service, local_checkout))
}
