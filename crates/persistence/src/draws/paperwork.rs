//! What a project's draws read besides their rows (issue 34): the project's retainage now, and
//! its paperwork (payments, lien waivers, contractors with an awarded bid and their names, the
//! waiver threshold), five queries per project whatever the number of draws.

use std::collections::HashMap;

use buildledger_domain::bid::BidStatus;
use buildledger_domain::ledger::{ProjectPaperwork, WaiverCover, WaiverKind, WaiverPayment, WaiverState};
use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::connection::DbConnection;
use crate::ledger::{corrupt, date};
use crate::schema::{bids, contractors, lien_waivers, projects, task_payments};

/// The project's retainage (basis points) and paperwork.
pub(super) fn project_paperwork(
    conn: &mut DbConnection,
    project_id: i64,
) -> Result<(i32, ProjectPaperwork), DieselError> {
    let (retainage, threshold_cents): (i32, i64) = projects::table
        .find(project_id)
        .select((projects::retainage_basis_points, projects::waiver_threshold_cents))
        .first(conn)?;
    let payments = task_payments::table
        .filter(task_payments::project_id.eq(project_id))
        .order(task_payments::id)
        .select((
            task_payments::id,
            task_payments::task_id,
            task_payments::contractor_id,
            task_payments::amount_cents,
            task_payments::paid_on,
        ))
        .load::<(i64, i64, Option<i64>, i64, String)>(conn)?
        .into_iter()
        .map(|(payment_id, task_id, contractor_id, amount_cents, paid_on)| {
            Ok(WaiverPayment { payment_id, task_id, contractor_id, amount_cents, paid_on: date(&paid_on)? })
        })
        .collect::<Result<Vec<_>, DieselError>>()?;
    let waivers = lien_waivers::table
        .filter(lien_waivers::project_id.eq(project_id))
        .order(lien_waivers::id)
        .select((
            lien_waivers::contractor_id,
            lien_waivers::payment_id,
            lien_waivers::kind,
            lien_waivers::status,
            lien_waivers::through_date,
        ))
        .load::<(i64, Option<i64>, String, String, Option<String>)>(conn)?
        .into_iter()
        .map(|(contractor_id, payment_id, kind, status, through)| {
            Ok(WaiverCover {
                contractor_id,
                payment_id,
                kind: WaiverKind::parse(&kind).ok_or_else(|| corrupt("waiver kind"))?,
                status: WaiverState::parse(&status).ok_or_else(|| corrupt("waiver status"))?,
                through_date: through.as_deref().map(date).transpose()?,
            })
        })
        .collect::<Result<Vec<_>, DieselError>>()?;
    let awarded: Vec<i64> = bids::table
        .filter(bids::project_id.eq(project_id).and(bids::status.eq(BidStatus::Awarded.code())))
        .order(bids::id)
        .select(bids::contractor_id)
        .load(conn)?;
    let mut awarded_contractors: Vec<i64> = Vec::new();
    for c in awarded {
        if !awarded_contractors.contains(&c) {
            awarded_contractors.push(c);
        }
    }
    let mut named: Vec<i64> = payments.iter().filter_map(|p| p.contractor_id).collect();
    named.extend(&awarded_contractors);
    named.sort_unstable();
    named.dedup();
    let contractor_names: HashMap<i64, String> = contractors::table
        .filter(contractors::id.eq_any(&named))
        .select((contractors::id, contractors::name))
        .load(conn)?
        .into_iter()
        .collect();
    Ok((retainage, ProjectPaperwork { threshold_cents, payments, waivers, awarded_contractors, contractor_names }))
}
