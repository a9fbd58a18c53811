//! The subscription's repository: subscriptions, invoices, checkout sessions and webhook events.
//! Queries are written once for both backends (plain update-then-insert instead of
//! dialect-specific upserts, inside one transaction).

use buildledger_application::error::RepoError;
use buildledger_application::subscription::ports::{
    AdminSubscriptionRow, BillingCancellationRepository, CheckoutSessionRecord, CheckoutSessionRepository,
    InvoiceRepository, SubscriptionRepository, WebhookChanges, WebhookEventRepository, CHECKOUT_COMPLETE,
    CHECKOUT_OPEN,
};
use buildledger_domain::subscription::{Invoice, Subscription};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::connection::DbConnection;
use crate::db::Db;
use crate::effects::{record, Effect};
use crate::schema::{billing_cancellations, checkout_sessions, invoices, subscriptions, users, webhook_events};

#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = subscriptions)]
#[diesel(treat_none_as_null = true)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct SubscriptionRow {
    user_id: i64,
    customer_id: Option<String>,
    subscription_id: Option<String>,
    status: String,
    current_period_end: Option<NaiveDateTime>,
    cancel_at_period_end: bool,
    updated_at: NaiveDateTime,
}

impl From<SubscriptionRow> for Subscription {
    fn from(r: SubscriptionRow) -> Self {
        Subscription {
            user_id: r.user_id,
            customer_id: r.customer_id,
            subscription_id: r.subscription_id,
            status: r.status,
            current_period_end: r.current_period_end,
            cancel_at_period_end: r.cancel_at_period_end,
            updated_at: r.updated_at,
        }
    }
}

impl From<&Subscription> for SubscriptionRow {
    fn from(s: &Subscription) -> Self {
        SubscriptionRow {
            user_id: s.user_id,
            customer_id: s.customer_id.clone(),
            subscription_id: s.subscription_id.clone(),
            status: s.status.clone(),
            current_period_end: s.current_period_end,
            cancel_at_period_end: s.cancel_at_period_end,
            updated_at: s.updated_at,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = invoices)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct InvoiceRow {
    user_id: i64,
    invoice_id: String,
    amount_cents: i64,
    currency: String,
    status: String,
    created_at: NaiveDateTime,
}

impl From<InvoiceRow> for Invoice {
    fn from(r: InvoiceRow) -> Self {
        Invoice {
            invoice_id: r.invoice_id,
            user_id: r.user_id,
            amount_cents: r.amount_cents,
            currency: r.currency,
            status: r.status,
            created_at: r.created_at,
        }
    }
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = checkout_sessions)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct CheckoutRow {
    id: String,
    user_id: i64,
    status: String,
    created_at: NaiveDateTime,
    completed_at: Option<NaiveDateTime>,
}

impl From<CheckoutRow> for CheckoutSessionRecord {
    fn from(r: CheckoutRow) -> Self {
        CheckoutSessionRecord {
            id: r.id,
            user_id: r.user_id,
            status: r.status,
            created_at: r.created_at,
            completed_at: r.completed_at,
        }
    }
}

/// What a later event changes of a stored invoice.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = invoices)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct InvoiceChanges<'a> {
    amount_cents: i64,
    currency: &'a str,
    status: &'a str,
}

impl<'a> From<&'a Invoice> for InvoiceChanges<'a> {
    fn from(i: &'a Invoice) -> Self {
        InvoiceChanges { amount_cents: i.amount_cents, currency: &i.currency, status: &i.status }
    }
}

/// A new invoice's row.
#[derive(Insertable)]
#[diesel(table_name = invoices)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewInvoiceRow<'a> {
    user_id: i64,
    invoice_id: &'a str,
    #[diesel(embed)]
    figures: InvoiceChanges<'a>,
    created_at: NaiveDateTime,
}

/// A webhook event, recorded so that a second delivery of it is not applied again.
#[derive(Insertable)]
#[diesel(table_name = webhook_events)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct NewWebhookEventRow<'a> {
    event_id: &'a str,
    event_type: &'a str,
    received_at: NaiveDateTime,
}

fn upsert_subscription(conn: &mut DbConnection, s: &Subscription) -> Result<(), DieselError> {
    record(Effect::Subscription(s.user_id));
    let row = SubscriptionRow::from(s);
    let n = diesel::update(subscriptions::table.find(s.user_id)).set(&row).execute(conn)?;
    if n == 0 {
        diesel::insert_into(subscriptions::table).values(&row).execute(conn)?;
    }
    Ok(())
}

/// Inserts, or updates amount and status; a `paid` invoice never goes back to another
/// status (a late `invoice.payment_failed` after `invoice.paid`).
fn upsert_invoice(conn: &mut DbConnection, i: &Invoice) -> Result<(), DieselError> {
    let current: Option<String> = invoices::table
        .filter(invoices::invoice_id.eq(&i.invoice_id))
        .select(invoices::status)
        .first(conn)
        .optional()?;
    match current {
        Some(status) if status == "paid" && i.status != "paid" => Ok(()),
        Some(_) => {
            diesel::update(invoices::table.filter(invoices::invoice_id.eq(&i.invoice_id)))
                .set(InvoiceChanges::from(i))
                .execute(conn)?;
            Ok(())
        }
        None => {
            diesel::insert_into(invoices::table)
                .values(NewInvoiceRow {
                    user_id: i.user_id,
                    invoice_id: &i.invoice_id,
                    figures: InvoiceChanges::from(i),
                    created_at: i.created_at,
                })
                .execute(conn)?;
            Ok(())
        }
    }
}

/// Marks an open session complete; `false` when it is missing or not open.
fn complete_session(conn: &mut DbConnection, id: &str, at: NaiveDateTime) -> Result<bool, DieselError> {
    let n = diesel::update(
        checkout_sessions::table
            .filter(checkout_sessions::id.eq(id))
            .filter(checkout_sessions::status.eq(CHECKOUT_OPEN)),
    )
    .set((checkout_sessions::status.eq(CHECKOUT_COMPLETE), checkout_sessions::completed_at.eq(Some(at))))
    .execute(conn)?;
    Ok(n > 0)
}

/// user id, username, customer id, subscription id, status.
type AdminTuple = (i64, String, Option<String>, Option<String>, String);

/// All payments tables behind one type; it implements every payments repository port.
#[derive(Clone)]
pub struct DieselSubscriptionRepository {
    db: Db,
}

impl DieselSubscriptionRepository {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl SubscriptionRepository for DieselSubscriptionRepository {
    fn find_for_user(&self, user_id: i64) -> Result<Option<Subscription>, RepoError> {
        let ticket = self.db.memo().ticket();
        let found = self.db.read(|conn| {
            subscriptions::table
                .find(user_id)
                .select(SubscriptionRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Subscription::from))
        })?;
        self.db.memo().remember_subscription(ticket, user_id, found.clone());
        Ok(found)
    }

    fn upsert(&self, subscription: &Subscription) -> Result<(), RepoError> {
        let owned = subscription.clone();
        // The memo forgets it whether or not the write commits (effects.rs).
        self.db.write(move |conn| upsert_subscription(conn, &owned))
    }

    fn find_by_subscription_id(&self, subscription_id: &str) -> Result<Option<Subscription>, RepoError> {
        self.db.read(|conn| {
            subscriptions::table
                .filter(subscriptions::subscription_id.eq(subscription_id))
                .order(subscriptions::updated_at.desc())
                .select(SubscriptionRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Subscription::from))
        })
    }

    fn find_by_customer_id(&self, customer_id: &str) -> Result<Option<Subscription>, RepoError> {
        self.db.read(|conn| {
            subscriptions::table
                .filter(subscriptions::customer_id.eq(customer_id))
                .order(subscriptions::updated_at.desc())
                .select(SubscriptionRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(Subscription::from))
        })
    }

    fn list_with_usernames(&self) -> Result<Vec<AdminSubscriptionRow>, RepoError> {
        self.db.read(|conn| {
            let rows: Vec<AdminTuple> = subscriptions::table
                .inner_join(users::table)
                .order((users::username.asc(), users::id.asc()))
                .select((
                    users::id,
                    users::username,
                    subscriptions::customer_id,
                    subscriptions::subscription_id,
                    subscriptions::status,
                ))
                .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|(user_id, username, customer_id, subscription_id, status)| AdminSubscriptionRow {
                    user_id,
                    username,
                    customer_id,
                    subscription_id,
                    status,
                })
                .collect())
        })
    }
}

impl InvoiceRepository for DieselSubscriptionRepository {
    fn list_for_user(&self, user_id: i64) -> Result<Vec<Invoice>, RepoError> {
        self.db.read(|conn| {
            invoices::table
                .filter(invoices::user_id.eq(user_id))
                .order((invoices::created_at.desc(), invoices::id.desc()))
                .select(InvoiceRow::as_select())
                .load(conn)
                .map(|rows| rows.into_iter().map(Invoice::from).collect())
        })
    }

    fn record(&self, invoice: &Invoice) -> Result<(), RepoError> {
        let invoice = invoice.clone();
        self.db.write(move |conn| upsert_invoice(conn, &invoice))
    }
}

impl CheckoutSessionRepository for DieselSubscriptionRepository {
    fn create(&self, session: &CheckoutSessionRecord) -> Result<(), RepoError> {
        let row = CheckoutRow {
            id: session.id.clone(),
            user_id: session.user_id,
            status: session.status.clone(),
            created_at: session.created_at,
            completed_at: session.completed_at,
        };
        self.db
            .write(move |conn| diesel::insert_into(checkout_sessions::table).values(&row).execute(conn).map(|_| ()))
            .map_err(|e| match e {
                RepoError::Conflict(_) => RepoError::Conflict("id".into()),
                other => other,
            })
    }

    fn find(&self, id: &str) -> Result<Option<CheckoutSessionRecord>, RepoError> {
        self.db.read(|conn| {
            checkout_sessions::table
                .find(id)
                .select(CheckoutRow::as_select())
                .first(conn)
                .optional()
                .map(|r| r.map(CheckoutSessionRecord::from))
        })
    }

    fn complete(
        &self,
        id: &str,
        completed_at: NaiveDateTime,
        subscription: &Subscription,
        invoice: Option<Invoice>,
    ) -> Result<bool, RepoError> {
        let (id, owned) = (id.to_owned(), subscription.clone());
        self.db.write(move |conn| {
            if !complete_session(conn, &id, completed_at)? {
                return Ok(false);
            }
            upsert_subscription(conn, &owned)?;
            if let Some(i) = &invoice {
                upsert_invoice(conn, i)?;
            }
            Ok(true)
        })
    }
}

impl WebhookEventRepository for DieselSubscriptionRepository {
    fn apply_once(
        &self,
        event_id: &str,
        event_type: &str,
        received_at: NaiveDateTime,
        changes: &WebhookChanges,
    ) -> Result<bool, RepoError> {
        let (event_id_owned, event_type, owned) = (event_id.to_owned(), event_type.to_owned(), changes.clone());
        let result = self.db.write(move |conn| {
            let (event_id, changes) = (&event_id_owned, &owned);
            let seen: i64 =
                webhook_events::table.filter(webhook_events::event_id.eq(event_id)).count().get_result(conn)?;
            if seen > 0 {
                return Ok(false);
            }
            diesel::insert_into(webhook_events::table)
                .values(NewWebhookEventRow { event_id, event_type: &event_type, received_at })
                .execute(conn)?;
            if let Some(s) = &changes.subscription {
                upsert_subscription(conn, s)?;
            }
            if let Some(i) = &changes.invoice {
                upsert_invoice(conn, i)?;
            }
            if let Some((session, at)) = &changes.completed_checkout {
                complete_session(conn, session, *at)?;
            }
            Ok(true)
        });
        match result {
            // A concurrent delivery of the same event recorded it first.
            Err(RepoError::Conflict(_)) if self.seen(event_id)? => Ok(false),
            other => other,
        }
    }

    fn seen(&self, event_id: &str) -> Result<bool, RepoError> {
        self.db.read(|conn| {
            webhook_events::table
                .filter(webhook_events::event_id.eq(event_id))
                .count()
                .get_result::<i64>(conn)
                .map(|n| n > 0)
        })
    }
}

impl BillingCancellationRepository for DieselSubscriptionRepository {
    fn pending(&self, limit: i64) -> Result<Vec<String>, RepoError> {
        self.db.read(|conn| {
            billing_cancellations::table
                .order((billing_cancellations::requested_at, billing_cancellations::subscription_id))
                .select(billing_cancellations::subscription_id)
                .limit(limit)
                .load(conn)
        })
    }

    fn done(&self, subscription_id: &str) -> Result<(), RepoError> {
        let id = subscription_id.to_owned();
        self.db.write(move |conn| {
            diesel::delete(billing_cancellations::table.find(&id)).execute(conn)?;
            Ok(())
        })
    }

    fn failed(&self, subscription_id: &str, error: &str) -> Result<(), RepoError> {
        let (id, error) = (subscription_id.to_owned(), error.chars().take(500).collect::<String>());
        self.db.write(move |conn| {
            diesel::update(billing_cancellations::table.find(&id))
                .set((
                    billing_cancellations::attempts.eq(billing_cancellations::attempts + 1),
                    billing_cancellations::last_error.eq(&error),
                ))
                .execute(conn)?;
            Ok(())
        })
    }
}
