//! Public cost endpoints, backed by the domain's embedded cost catalogue (docs/cost-model.md):
//! `GET /api/estimate/` (the landing page's free estimate), `GET /api/task-suggestions/` (the task
//! form's title list) and `GET /api/cost-sources/` (the published sources behind the figures). No
//! login, no database: the catalogue is in the binary. `lib.rs` registers the three handlers in
//! the `/api` scope.

use actix_web::{get, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use buildledger_domain::cost::{CostCatalogue, Estimate, EstimateRequest, Source};
use buildledger_domain::schedule::template;

use crate::error::ApiError;
use crate::fields::dollars;

/// Query values as text: the domain parses them all and reports every problem at once.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EstimateQuery {
    /// US zip code (5 digits or ZIP+4) of a state or DC.
    #[param(value_type = String, required = true, pattern = "^[0-9]{5}(-?[0-9]{4})?$")]
    pub zip_code: Option<String>,
    /// Area in square feet (positive integer).
    #[param(value_type = i64, required = true, minimum = 1, maximum = 1000000)]
    pub square_footage: Option<String>,
    /// Material quality.
    #[param(value_type = crate::openapi::MaterialQualityCode, required = true)]
    pub quality: Option<String>,
    /// Project type.
    #[param(value_type = crate::openapi::ProjectTypeCode, required = true)]
    pub project_type: Option<String>,
    /// Comma-separated renovation/addition options (required for renovation and addition).
    pub options: Option<String>,
    /// Synonym of options.
    pub renovation_options: Option<String>,
    /// Synonym of options.
    pub addition_options: Option<String>,
    /// Synonym of options.
    pub conversion_option: Option<String>,
}

impl EstimateQuery {
    fn options(&self) -> Vec<String> {
        [&self.options, &self.renovation_options, &self.addition_options, &self.conversion_option]
            .into_iter()
            .flatten()
            .flat_map(|list| list.split(','))
            .map(|o| o.trim().to_owned())
            .filter(|o| !o.is_empty())
            .collect()
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Estimate)]
pub struct EstimateResponse {
    pub zip_code: String,
    /// Two-letter state code.
    pub state: String,
    pub state_name: String,
    /// State location factor (e.g. 0.88).
    pub factor: f64,
    #[schema(value_type = crate::openapi::MaterialQualityCode)]
    pub quality: &'static str,
    pub project_type: String,
    pub square_footage: i64,
    pub predicted_total: f64,
    /// Sums of the lines' lows and highs.
    pub predicted_total_low: f64,
    pub predicted_total_high: f64,
    pub cost_per_sqft: f64,
    /// Where the location factor comes from: always `state` today (no cited public source gives
    /// a metro or city factor; docs/cost-model.md).
    #[schema(pattern = "^state$")]
    pub factor_level: &'static str,
    /// The same in words, for the page.
    pub factor_note: &'static str,
    pub breakdown: Vec<EstimateLineResponse>,
    pub sources: Vec<SourceResponse>,
}

/// Why the estimate uses a state factor, shown with every estimate and on /cost-sources.
pub const FACTOR_NOTE: &str = "Location factor: state level (USACE CWCCIS 2026). No current public source of metro or \
    city construction cost factors was found, so every zip code of a state gets the same factor.";

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = EstimateLine)]
pub struct EstimateLineResponse {
    pub task: String,
    pub component: String,
    /// `per_sqft`: national rate x square footage x factor; `per_job`: the job's national price
    /// x factor, whatever the house size (docs/cost-model.md).
    #[schema(pattern = "^(per_sqft|per_job)$")]
    pub pricing: &'static str,
    /// For a job: its price over the square footage, rounded to the cent.
    pub national_cost_per_sqft: f64,
    /// The job's national price (before the factor); null for a line priced per sq ft.
    #[schema(required = true)]
    pub national_job_price: Option<f64>,
    pub cost_per_sqft: f64,
    pub cost: f64,
    /// The line's range: halfway to the neighbouring quality tiers, x the factor.
    pub low: f64,
    pub high: f64,
    /// How the range was set, with the figures it uses.
    pub range_basis: String,
    /// Source ids (each listed on the public /cost-sources page).
    pub sources: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Source)]
pub struct SourceResponse {
    pub id: String,
    /// The citation up to its first address (as in sources.md).
    pub title: String,
    #[schema(required = true)]
    pub url: Option<String>,
    /// Who published the figures, e.g. "National Association of Home Builders (NAHB)".
    pub publisher: String,
    /// The title of the work, e.g. "Cost of Constructing a Home – 2024".
    pub work: String,
    #[schema(required = true)]
    pub year: Option<u16>,
    /// `primary`, `secondary` (a report or transcription of primary figures) or `cross-check`.
    #[schema(pattern = "^(primary|secondary|cross-check)$")]
    pub role: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TaskSuggestions)]
pub struct SuggestionsResponse<'a> {
    #[schema(value_type = Vec<String>)]
    pub suggestions: &'a [String],
    /// The same names with the pricing each uses (`per_sqft` or `per_job`).
    pub items: Vec<SuggestionItem<'a>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionItem<'a> {
    #[schema(value_type = String)]
    pub name: &'a str,
    #[schema(pattern = "^(per_sqft|per_job)$")]
    pub pricing: &'static str,
}

/// `GET /api/cost-sources/`: every source of the cost catalogue, with the tasks that use it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CostSources)]
pub struct CostSourcesResponse {
    pub sources: Vec<CostSourceResponse>,
    /// `state` (see `factor_note`).
    #[schema(pattern = "^state$")]
    pub factor_level: &'static str,
    pub factor_note: &'static str,
    /// Where the schedule's default task durations come from (data/schedule_template.csv).
    pub durations: DurationsResponse,
}

/// The sources of the default durations, and the plain statement that no official per-phase
/// figure exists.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = DurationSources)]
pub struct DurationsResponse {
    pub note: &'static str,
    pub sources: Vec<DurationSourceResponse>,
    /// Standard tasks whose default duration is an estimate (no published figure for it).
    pub estimated_tasks: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = DurationSource)]
pub struct DurationSourceResponse {
    /// `D1`, `D2`, ...
    pub id: String,
    pub title: String,
    #[schema(required = true)]
    pub url: Option<String>,
    /// The whole citation, as in sources.md.
    pub citation: String,
    /// Standard tasks whose default duration cites it.
    pub tasks: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CostSource)]
pub struct CostSourceResponse {
    #[serde(flatten)]
    pub source: SourceResponse,
    /// The whole citation, as in sources.md.
    pub citation: String,
    /// Catalogue tasks whose figures cite it (empty for the location factors, the ZIP table and
    /// cross-checks).
    pub tasks: Vec<String>,
}

impl EstimateResponse {
    fn new(zip_code: String, e: Estimate) -> Self {
        EstimateResponse {
            zip_code,
            cost_per_sqft: dollars(e.cost_per_sqft_cents()),
            state: e.state_code,
            state_name: e.state_name,
            factor: e.factor.as_f64(),
            quality: e.quality.code(),
            project_type: e.project_type,
            square_footage: e.square_footage,
            predicted_total: dollars(e.predicted_total_cents),
            predicted_total_low: dollars(e.predicted_low_cents),
            predicted_total_high: dollars(e.predicted_high_cents),
            factor_level: "state",
            factor_note: FACTOR_NOTE,
            breakdown: e
                .breakdown
                .into_iter()
                .map(|l| EstimateLineResponse {
                    task: l.task,
                    component: l.component,
                    pricing: l.pricing.code(),
                    national_cost_per_sqft: dollars(l.national_rate_cents_per_sqft),
                    national_job_price: l.national_job_cents.map(dollars),
                    cost_per_sqft: dollars(l.rate_cents_per_sqft),
                    cost: dollars(l.cost_cents),
                    low: dollars(l.low_cents),
                    high: dollars(l.high_cents),
                    range_basis: l.range_basis,
                    sources: l.source_ids,
                })
                .collect(),
            sources: e.sources.into_iter().map(SourceResponse::from).collect(),
        }
    }
}

impl From<Source> for SourceResponse {
    fn from(s: Source) -> Self {
        SourceResponse {
            id: s.id,
            title: s.title,
            url: s.url,
            publisher: s.publisher,
            work: s.work,
            year: s.year,
            role: s.role,
        }
    }
}

/// `GET /api/estimate/?zip_code=78701&square_footage=2400&quality=standard&project_type=new_home_build`
#[utoipa::path(
    tag = "estimate", operation_id = "estimate", summary = "Free cost estimate by zip code (docs/cost-model.md)",
    params(EstimateQuery),
    security(()),
    responses(
        (status = 200, description = "The estimate.", body = EstimateResponse),
        (status = 400, description = "Missing or invalid parameters (`validation_error` with `fields`, or `invalid_query`).", body = crate::error::ErrorBody),
    )
)]
#[get("/estimate/")]
pub async fn estimate(query: web::Query<EstimateQuery>) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let req = EstimateRequest::parse(
        q.zip_code.as_deref(),
        q.square_footage.as_deref(),
        q.quality.as_deref(),
        q.project_type.as_deref(),
        &q.options(),
    )
    .map_err(|e| ApiError::validation(e.fields()))?;
    let e = CostCatalogue::embedded().estimate(&req).map_err(|e| ApiError::validation(e.fields()))?;
    Ok(HttpResponse::Ok().json(EstimateResponse::new(req.zip_code, e)))
}

/// `GET /api/task-suggestions/`
#[utoipa::path(
    tag = "estimate", operation_id = "taskSuggestions", summary = "Task titles for the task form",
    security(()),
    responses((status = 200, description = "Suggestions.", body = SuggestionsResponse)),
)]
#[get("/task-suggestions/")]
pub async fn task_suggestions() -> HttpResponse {
    let catalogue = CostCatalogue::embedded();
    let items = catalogue
        .suggestions()
        .iter()
        .filter_map(|name| Some(SuggestionItem { name, pricing: catalogue.resolve(name)?.pricing().code() }))
        .collect();
    HttpResponse::Ok().json(SuggestionsResponse { suggestions: catalogue.suggestions(), items })
}

/// `GET /api/cost-sources/`
#[utoipa::path(
    tag = "estimate", operation_id = "costSources",
    summary = "Every source of the cost catalogue, with its date and the tasks that cite it, and the sources of the schedule's default durations (the /cost-sources page)",
    security(()),
    responses((status = 200, description = "The sources, in id order.", body = CostSourcesResponse)),
)]
#[get("/cost-sources/")]
pub async fn cost_sources() -> HttpResponse {
    let catalogue = CostCatalogue::embedded();
    let sources = catalogue
        .sources()
        .iter()
        .map(|s| CostSourceResponse {
            citation: s.citation.clone(),
            tasks: catalogue.tasks().iter().filter(|t| t.source_ids.contains(&s.id)).map(|t| t.name.clone()).collect(),
            source: SourceResponse::from(s.clone()),
        })
        .collect();
    HttpResponse::Ok().insert_header(("Cache-Control", "public, max-age=3600")).json(CostSourcesResponse {
        sources,
        factor_level: "state",
        factor_note: FACTOR_NOTE,
        durations: durations(),
    })
}

fn durations() -> DurationsResponse {
    let rows = template::all();
    DurationsResponse {
        note: template::DURATIONS_NOTE,
        sources: template::duration_sources()
            .iter()
            .map(|s| DurationSourceResponse {
                id: s.id.clone(),
                title: s.title.clone(),
                url: s.url.clone(),
                citation: s.citation.clone(),
                tasks: rows.iter().filter(|r| r.source_ids.contains(&s.id)).map(|r| r.task_name.clone()).collect(),
            })
            .collect(),
        estimated_tasks: rows.iter().filter(|r| r.is_estimate()).map(|r| r.task_name.clone()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use actix_web::{test, web, App};
    use serde_json::Value;

    use crate::error::ApiError;

    async fn get(uri: &str) -> (u16, Value) {
        let app = test::init_service(
            App::new()
                .app_data(
                    web::QueryConfig::default()
                        .error_handler(|e, _| ApiError::bad_request("invalid_query", e.to_string()).into()),
                )
                .configure(crate::configure_api),
        )
        .await;
        let res = test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await;
        let status = res.status().as_u16();
        let body: Value = test::read_body_json(res).await;
        (status, body)
    }

    fn estimate_uri(zip: &str) -> String {
        format!("/api/estimate/?zip_code={zip}&square_footage=2400&quality=standard&project_type=new_home_build")
    }

    #[actix_web::test]
    async fn austin_new_york_and_jackson_get_different_totals_from_their_factors() {
        let mut totals = Vec::new();
        for (zip, state, factor, total) in
            [("78701", "TX", 0.88, 341_616.0), ("10001", "NY", 1.18, 458_076.0), ("39201", "MS", 0.90, 349_380.0)]
        {
            let (status, body) = get(&estimate_uri(zip)).await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["state"], state);
            assert_eq!(body["factor"], factor);
            assert_eq!(body["predicted_total"], total);
            assert_eq!(body["quality"], "standard");
            assert_eq!(body["square_footage"], 2400);
            totals.push(body["predicted_total"].as_f64().unwrap());
        }
        assert!(totals[0] != totals[1] && totals[1] != totals[2] && totals[0] != totals[2]);
    }

    #[actix_web::test]
    async fn the_sources_page_lists_the_duration_sources_and_says_no_official_phase_figure_exists() {
        let (status, body) = get("/api/cost-sources/").await;
        assert_eq!(status, 200, "{body}");
        let d = &body["durations"];
        assert!(d["note"].as_str().unwrap().starts_with("No official per-phase figure exists"));
        let sources = d["sources"].as_array().unwrap();
        assert_eq!(sources.len(), 10);
        assert_eq!(sources[1]["id"], "D2");
        assert!(sources[1]["url"].as_str().unwrap().starts_with("https://"));
        let roof = sources.iter().find(|s| s["id"] == "D6").unwrap();
        assert_eq!(roof["tasks"], serde_json::json!(["Roof Replacement"]));
        let estimated = d["estimated_tasks"].as_array().unwrap();
        assert!(estimated.iter().any(|t| t == "Framing") && !estimated.iter().any(|t| t == "Roof Replacement"));
    }

    #[actix_web::test]
    async fn the_estimate_has_a_breakdown_and_sources() {
        let (_, body) = get(&estimate_uri("78701-1234")).await;
        let lines = body["breakdown"].as_array().unwrap();
        assert_eq!(lines.len(), 36);
        let permits = &lines[0];
        assert_eq!(permits["task"], "Building Permits");
        assert_eq!(permits["component"], "Site work > Building permit fees");
        assert_eq!(permits["cost_per_sqft"], 2.54);
        assert_eq!(permits["cost"], 6103.68);
        let sum: f64 = lines.iter().map(|l| l["cost"].as_f64().unwrap()).sum();
        assert!((sum - body["predicted_total"].as_f64().unwrap()).abs() < 0.005);
        let ids: Vec<&str> = body["sources"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
        assert!(ids.contains(&"S1") && ids.contains(&"S6") && ids.contains(&"S9"), "{ids:?}");
        assert!(body["sources"][0]["title"].as_str().unwrap().contains("NAHB"));
        // Shown by publisher and work, never a file path.
        assert_eq!(body["sources"][0]["publisher"], "National Association of Home Builders (NAHB)");
        assert_eq!(body["sources"][0]["work"], "Cost of Constructing a Home – 2024");
        assert_eq!(body["sources"][0]["role"], "primary");
    }

    #[actix_web::test]
    async fn renovation_estimates_price_the_chosen_options() {
        let (status, body) =
            get("/api/estimate/?zip_code=10001&square_footage=2000&quality=premium&project_type=renovation&options=Pool,Fence").await;
        assert_eq!(status, 200, "{body}");
        let tasks: Vec<&str> =
            body["breakdown"].as_array().unwrap().iter().map(|l| l["task"].as_str().unwrap()).collect();
        assert_eq!(tasks, ["Swimming Pool (in-ground)", "Fence Installation"]);
        let (status, _) =
            get("/api/estimate/?zip_code=10001&square_footage=2000&quality=basic&project_type=addition&addition_options=Garage").await;
        assert_eq!(status, 200);
    }

    #[actix_web::test]
    async fn bad_or_missing_parameters_answer_400_with_the_fields() {
        let (status, body) = get("/api/estimate/").await;
        assert_eq!(status, 400);
        assert_eq!(body["error"], "validation_error");
        for f in ["zip_code", "square_footage", "quality", "project_type"] {
            assert!(body["fields"][f].is_array(), "{f}: {body}");
        }
        for (query, field) in [
            ("zip_code=abcde&square_footage=2400&quality=standard&project_type=new_home_build", "zip_code"),
            ("zip_code=00601&square_footage=2400&quality=standard&project_type=new_home_build", "zip_code"),
            ("zip_code=78701&square_footage=0&quality=standard&project_type=new_home_build", "square_footage"),
            ("zip_code=78701&square_footage=-5&quality=standard&project_type=new_home_build", "square_footage"),
            ("zip_code=78701&square_footage=big&quality=standard&project_type=new_home_build", "square_footage"),
            ("zip_code=78701&square_footage=2400&quality=luxury&project_type=new_home_build", "quality"),
            ("zip_code=78701&square_footage=2400&quality=standard&project_type=castle", "project_type"),
            ("zip_code=78701&square_footage=2400&quality=standard&project_type=renovation", "renovation_options"),
            (
                "zip_code=78701&square_footage=2400&quality=standard&project_type=renovation&options=Moat",
                "renovation_options",
            ),
        ] {
            let (status, body) = get(&format!("/api/estimate/?{query}")).await;
            assert_eq!(status, 400, "{query}");
            assert_eq!(body["error"], "validation_error", "{query}");
            assert!(body["fields"][field].is_array(), "{query}: {body}");
        }
    }

    #[actix_web::test]
    async fn suggestions_come_from_the_catalogue() {
        let (status, body) = get("/api/task-suggestions/").await;
        assert_eq!(status, 200);
        let list: Vec<&str> = body["suggestions"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
        for example in [
            "Foundation",
            "Framing",
            "Roofing",
            "HVAC",
            "Plumbing Rough",
            "Kitchen Cabinets",
            "Solar Panels",
            "Pool",
            "Fence",
        ] {
            assert!(list.contains(&example), "{example}");
        }
        let catalogue = buildledger_domain::cost::CostCatalogue::embedded();
        assert!(list.iter().all(|s| catalogue.resolve(s).is_some()));
    }
}
