//! The schedule's calendar feed (issue 33): the owner makes, checks and revokes a project's
//! secret link (`/api/projects/{id}/calendar/`, behind the subscription gate), and calendar apps
//! read `GET /calendar/{token}.ics` without a login: RFC 5545, one all-day event per scheduled
//! task and per inspection, written by the `icalendar` crate.

use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::{delete, get, post, web, HttpResponse};
use buildledger_application::schedule::calendar_feed::Feed;
use buildledger_domain::ids::{ProjectId, UserId};
use icalendar::{Calendar, Component, Event, EventLike, Property};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::ProjectCaller;
use crate::error::{blocking, ApiError};
use crate::path::IdPath;
use crate::state::AppState;

/// Whether the project has a live calendar link.
#[derive(Serialize, ToSchema)]
#[schema(as = CalendarFeedStatus)]
pub struct CalendarFeedStatusResponse {
    active: bool,
    /// When the live link was made.
    #[schema(format = DateTime, required = true)]
    created_at: Option<String>,
}

/// A new calendar link: the only time its token is shown.
#[derive(Serialize, ToSchema)]
#[schema(as = CalendarFeedLink)]
pub struct CalendarFeedLinkResponse {
    /// `{PUBLIC_URL}/calendar/{token}.ics`, for a calendar app's "subscribe by URL".
    url: String,
    /// 64 hex digits.
    token: String,
}

/// The feed as RFC 5545 text. Every event's DTSTAMP and LAST-MODIFIED is the project's last
/// change, so the same schedule reads as the same bytes.
pub fn ics(feed: &Feed) -> String {
    let stamp = feed.updated_at.and_utc();
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", "-//BuildLedger//Schedule//EN"))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", "PUBLISH"))
        .name(&feed.project_name);
    for e in &feed.events {
        calendar.push(
            Event::new()
                .uid(&e.uid)
                .summary(&e.summary)
                .starts(e.first_day)
                .ends(e.end())
                .timestamp(stamp)
                .last_modified(stamp)
                .done(),
        );
    }
    calendar.done().to_string()
}

fn url(state: &AppState, token: &str) -> String {
    format!("{}/calendar/{token}.ics", state.public_url.trim_end_matches('/'))
}

#[utoipa::path(
    tag = "schedule", operation_id = "getCalendarFeed", summary = "Whether the project has a live calendar link",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The link's status.", body = CalendarFeedStatusResponse), crate::openapi::OwnedErrors)
)]
#[get("/projects/{id}/calendar/")]
pub async fn calendar_status(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.calendar_feeds.clone();
    let created = blocking(move || svc.status(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(CalendarFeedStatusResponse {
        active: created.is_some(),
        created_at: created.map(|t| t.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
    }))
}

#[utoipa::path(
    tag = "schedule", operation_id = "createCalendarFeed", summary = "Make the project's secret calendar link",
    description = "Replaces the older link, which stops working. The token is shown this once; only its hash is kept.",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses((status = 201, description = "The link.", body = CalendarFeedLinkResponse), crate::openapi::SharedWriteErrors)
)]
#[post("/projects/{id}/calendar/")]
pub async fn create_calendar_feed(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.calendar_feeds.clone();
    let token = blocking(move || svc.create(user.owner(), project_id)).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .json(CalendarFeedLinkResponse { url: url(&state, &token), token }))
}

#[utoipa::path(
    tag = "schedule", operation_id = "revokeCalendarFeed", summary = "Revoke the project's calendar link",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses((status = 204, description = "Revoked (or there was none)."), crate::openapi::SharedWriteErrors)
)]
#[delete("/projects/{id}/calendar/")]
pub async fn revoke_calendar_feed(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.calendar_feeds.clone();
    blocking(move || svc.revoke(user.owner(), project_id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(
    tag = "schedule", operation_id = "calendarFeed", summary = "The project's schedule as a calendar (no login)",
    description = "RFC 5545: one all-day event per scheduled task (from its start to its finish) and per inspection. \
        404 for an unknown or revoked token, and while the owner's subscription is not active.",
    params(("token" = String, Path, description = "The link's token (64 hex digits).")),
    security(()),
    responses(
        (status = 200, description = "The calendar.", content_type = "text/calendar", body = String),
        (status = 404, response = crate::openapi::NotFound),
    )
)]
#[get("/calendar/{token}.ics")]
pub async fn calendar_feed(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner();
    let st = state.clone();
    let feed = blocking(move || {
        let subscribed = |owner: UserId| st.access.is_subscribed(buildledger_domain::ids::TypedId::get(owner));
        st.calendar_feeds.feed(&token, &subscribed)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        // Calendar apps poll: a few minutes' reuse, never by a shared cache (the URL is a secret).
        .insert_header((header::CACHE_CONTROL, "private, max-age=300"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex, nofollow")))
        .insert_header((
            HeaderName::from_static("content-security-policy"),
            HeaderValue::from_static(crate::headers::CSP_API),
        ))
        .body(ics(&feed)))
}

#[cfg(test)]
mod tests {
    use buildledger_application::schedule::calendar_feed::FeedEvent;
    use chrono::NaiveDate;
    use icalendar::DatePerhapsTime;

    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn texts_are_escaped_and_long_lines_folded_and_read_back_the_same() {
        let title = format!("Kitchen, bath; and \"trim\" \\ {} ✓", "very long title ".repeat(8));
        let feed = Feed {
            project_name: "Lake house, phase 2".into(),
            updated_at: day("2026-01-02").and_hms_opt(8, 30, 0).unwrap(),
            events: vec![FeedEvent {
                uid: "task-7@buildledger".into(),
                summary: title.clone(),
                first_day: day("2026-01-05"),
                last_day: day("2026-01-09"),
            }],
        };
        let text = ics(&feed);
        assert!(text.lines().all(|l| l.len() <= 75), "{text}");
        assert!(text.contains("PRODID:-//BuildLedger//Schedule//EN\r\n"), "{text}");
        assert!(text.contains("DTSTAMP:20260102T083000Z\r\n") && text.contains("LAST-MODIFIED:20260102T083000Z\r\n"));
        let calendar: Calendar = text.parse().unwrap();
        let event = calendar.events().next().unwrap();
        assert_eq!(event.get_summary(), Some(title.as_str()));
        assert_eq!(event.get_start(), Some(DatePerhapsTime::Date(day("2026-01-05"))));
        assert_eq!(event.get_end(), Some(DatePerhapsTime::Date(day("2026-01-10"))));
        assert_eq!(calendar.get_name(), Some("Lake house, phase 2"));
    }
}
