//! The landing page's free estimate: the request (parsed from raw query values), its lines
//! and total, and [`CostCatalogue::estimate`].

use std::collections::BTreeSet;

use crate::error::{DomainError, FieldErrors};
use crate::task::MaterialQuality;

use super::catalogue::{div_round, zip3_of, CatalogueTask, CostCatalogue, Factor, Pricing, Source};
use super::loaders::ZIP_SOURCE_ID;
use super::vocabulary::{ADDITION_OPTIONS, CONVERSION_OPTIONS, RENOVATION_OPTIONS};

/// Largest square footage an estimate accepts (a very large custom home is ~20,000 sq ft).
pub const MAX_ESTIMATE_SQFT: i64 = 100_000;

/// A problem with an estimate request, by field (the HTTP query parameter names), so the HTTP
/// layer can answer 400 `{"error": "validation_error", "fields": {...}}`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EstimateError(FieldErrors);

impl EstimateError {
    pub fn single(field: &str, problem: impl Into<String>) -> Self {
        let mut f = FieldErrors::new();
        f.add(field, problem);
        Self(f)
    }
    pub fn fields(&self) -> &FieldErrors {
        &self.0
    }
    pub fn into_fields(self) -> FieldErrors {
        self.0
    }
}

impl From<EstimateError> for DomainError {
    fn from(e: EstimateError) -> Self {
        DomainError::Validation(e.0)
    }
}

/// What the landing page's free estimate asks for. Build it with [`EstimateRequest::parse`]
/// from raw query values, or directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EstimateRequest {
    pub zip_code: String,
    pub square_footage: i64,
    pub quality: MaterialQuality,
    /// `new_home_build`, `renovation`, `addition`, `conversion` or `adu`.
    pub project_type: String,
    /// Renovation options, addition options, or the conversion option (spec section 3); unused
    /// for new homes and ADUs.
    pub options: Vec<String>,
}

impl EstimateRequest {
    /// Parses raw query values, collecting every problem by field name. `square_footage` may
    /// be a decimal number ("2400", "2400.5"); it is rounded to whole square feet. `options` is
    /// a list of option names (split a comma-separated parameter before calling).
    pub fn parse(
        zip_code: Option<&str>,
        square_footage: Option<&str>,
        quality: Option<&str>,
        project_type: Option<&str>,
        options: &[String],
    ) -> Result<EstimateRequest, EstimateError> {
        let mut errors = FieldErrors::new();
        let zip = zip_code.map(str::trim).unwrap_or("");
        if zip.is_empty() {
            errors.add("zip_code", "is required");
        } else if zip3_of(zip).is_none() {
            errors.add("zip_code", "must be a 5-digit US ZIP code");
        }
        let sqft = match square_footage.map(str::trim).filter(|s| !s.is_empty()) {
            None => {
                errors.add("square_footage", "is required");
                None
            }
            Some(raw) => match raw.parse::<f64>() {
                Ok(v) if v.is_finite() => Some(v.round()),
                _ => {
                    errors.add("square_footage", "must be a number");
                    None
                }
            },
        };
        let sqft = sqft.and_then(|v| match check_square_footage(v) {
            Ok(()) => Some(v as i64),
            Err(problem) => {
                errors.add("square_footage", problem);
                None
            }
        });
        let quality = match quality.map(str::trim).filter(|s| !s.is_empty()) {
            None => {
                errors.add("quality", "is required");
                None
            }
            Some(raw) => {
                let q = MaterialQuality::parse(&raw.to_ascii_lowercase());
                if q.is_none() {
                    errors.add("quality", "must be basic, standard or premium");
                }
                q
            }
        };
        let project_type = match project_type.map(str::trim).filter(|s| !s.is_empty()) {
            None => {
                errors.add("project_type", "is required");
                None
            }
            Some(raw) if PROJECT_TYPES.contains(&raw) => Some(raw.to_owned()),
            Some(_) => {
                errors.add("project_type", "must be new_home_build, renovation, addition, conversion or adu");
                None
            }
        };
        match (sqft, quality, project_type, errors.is_empty()) {
            (Some(square_footage), Some(quality), Some(project_type), true) => Ok(EstimateRequest {
                zip_code: zip.to_owned(),
                square_footage,
                quality,
                project_type,
                options: options.iter().map(|o| o.trim().to_owned()).filter(|o| !o.is_empty()).collect(),
            }),
            _ => Err(EstimateError(errors)),
        }
    }
}

const PROJECT_TYPES: [&str; 5] = ["new_home_build", "renovation", "addition", "conversion", "adu"];

fn check_square_footage(v: f64) -> Result<(), String> {
    if v < 1.0 {
        Err("must be greater than 0".to_owned())
    } else if v > MAX_ESTIMATE_SQFT as f64 {
        Err(format!("must be at most {MAX_ESTIMATE_SQFT}"))
    } else {
        Ok(())
    }
}

/// One task of an estimate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EstimateLine {
    /// Catalogue task name.
    pub task: String,
    /// NAHB stage and component.
    pub component: String,
    /// Per sq ft of the house, or per job whatever its size.
    pub pricing: Pricing,
    /// National rate for the quality, cents per sq ft (for a job: its national price over the
    /// square footage, rounded to the cent).
    pub national_rate_cents_per_sqft: i64,
    /// National price of the job for the quality, cents; `None` for a task priced per sq ft.
    pub national_job_cents: Option<i64>,
    /// Regional rate, cents per sq ft: national × factor rounded to the cent (the value a task
    /// with this title gets as `regional_average_cost_per_sqft`); for a job, the line's cost
    /// over the square footage, rounded to the cent.
    pub rate_cents_per_sqft: i64,
    /// Per sq ft: national rate × square footage × factor, rounded to the cent once (so the
    /// lines add up to the national total × factor within half a cent per line). Per job: the
    /// national job price × factor.
    pub cost_cents: i64,
    /// The line's range ([`CatalogueTask::national_range`] × square footage if per sq ft,
    /// × factor), and how it was set.
    pub low_cents: i64,
    pub high_cents: i64,
    pub range_basis: String,
    pub source_ids: Vec<String>,
}

/// The free estimate: every line's cost and their total for one zip code.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub state_code: String,
    pub state_name: String,
    pub factor: Factor,
    pub quality: MaterialQuality,
    pub square_footage: i64,
    pub project_type: String,
    /// Sum of the line costs, cents.
    pub predicted_total_cents: i64,
    /// Sums of the lines' lows and highs, cents.
    pub predicted_low_cents: i64,
    pub predicted_high_cents: i64,
    pub breakdown: Vec<EstimateLine>,
    /// Citations for the lines, the state factor and the ZIP mapping, in id order.
    pub sources: Vec<Source>,
}

impl Estimate {
    /// Total ÷ square footage, cents per sq ft, rounded half up.
    pub fn cost_per_sqft_cents(&self) -> i64 {
        div_round(self.predicted_total_cents, self.square_footage)
    }
}

impl CostCatalogue {
    /// The free estimate for the landing page. New homes and ADUs (a small house built new,
    /// priced per sq ft of the ADU) get every new-home task; renovations and additions the
    /// tasks of their chosen options (each task once); conversions their option's tasks
    /// (the spec's only option, `garage_apartment_conversion`, when none is given).
    pub fn estimate(&self, req: &EstimateRequest) -> Result<Estimate, EstimateError> {
        let mut errors = FieldErrors::new();
        let state = self.state_for_zip(&req.zip_code);
        if state.is_none() {
            let problem = if req.zip_code.trim().is_empty() {
                "is required"
            } else if zip3_of(&req.zip_code).is_none() {
                "must be a 5-digit US ZIP code"
            } else {
                "is not a ZIP code of the 50 states or DC"
            };
            errors.add("zip_code", problem);
        }
        if let Err(problem) = check_square_footage(req.square_footage as f64) {
            errors.add("square_footage", problem);
        }
        let tasks = self.estimate_tasks(&req.project_type, &req.options, &mut errors);
        let (Some(state), true) = (state, errors.is_empty()) else {
            return Err(EstimateError(errors));
        };

        let breakdown: Vec<EstimateLine> = tasks.iter().map(|t| estimate_line(t, req, state.factor)).collect();
        let predicted_total_cents = breakdown.iter().map(|l| l.cost_cents).sum();
        let predicted_low_cents = breakdown.iter().map(|l| l.low_cents).sum();
        let predicted_high_cents = breakdown.iter().map(|l| l.high_cents).sum();
        let mut cited: BTreeSet<&str> = tasks.iter().flat_map(|t| t.source_ids.iter().map(String::as_str)).collect();
        cited.insert(&state.source_id);
        cited.insert(ZIP_SOURCE_ID);
        let sources = self.sources.iter().filter(|s| cited.contains(s.id.as_str())).cloned().collect();
        Ok(Estimate {
            state_code: state.code.clone(),
            state_name: state.name.clone(),
            factor: state.factor,
            quality: req.quality,
            square_footage: req.square_footage,
            project_type: req.project_type.clone(),
            predicted_total_cents,
            predicted_low_cents,
            predicted_high_cents,
            breakdown,
            sources,
        })
    }

    /// The catalogue tasks of a project of this type with these options, in build order (new
    /// homes and ADUs: the new-home tasks; renovations, additions and conversions: the tasks of
    /// their options, each once): the standard task list, and the lines of its estimate.
    pub fn project_tasks(&self, project_type: &str, options: &[String]) -> Result<Vec<&CatalogueTask>, EstimateError> {
        let mut errors = FieldErrors::new();
        let tasks = self.estimate_tasks(project_type, options, &mut errors);
        if errors.is_empty() {
            Ok(tasks)
        } else {
            Err(EstimateError(errors))
        }
    }

    fn estimate_tasks(&self, project_type: &str, options: &[String], errors: &mut FieldErrors) -> Vec<&CatalogueTask> {
        let (field, table, label) = match project_type {
            "new_home_build" | "adu" => return self.new_home_tasks().collect(),
            "renovation" => ("renovation_options", RENOVATION_OPTIONS, "renovation"),
            "addition" => ("addition_options", ADDITION_OPTIONS, "addition"),
            "conversion" => ("conversion_option", CONVERSION_OPTIONS, "conversion"),
            _ => {
                errors.add("project_type", "must be new_home_build, renovation, addition, conversion or adu");
                return Vec::new();
            }
        };
        let default_conversion = [CONVERSION_OPTIONS[0].0.to_owned()];
        let options =
            if options.is_empty() && project_type == "conversion" { &default_conversion[..] } else { options };
        if options.is_empty() {
            errors.add(field, format!("choose at least one {label} option"));
            return Vec::new();
        }
        let mut out: Vec<&CatalogueTask> = Vec::new();
        for option in options {
            match self.option_tasks(project_type, option) {
                Some(tasks) => {
                    for t in tasks {
                        if !out.iter().any(|seen| seen.name == t.name) {
                            out.push(t);
                        }
                    }
                }
                None => {
                    let known: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
                    errors.add(
                        field,
                        format!("unknown {label} option {option:?}; expected one of: {}", known.join(", ")),
                    );
                }
            }
        }
        out
    }
}

/// One line of an estimate: a task priced per sq ft of the request's area, or as a job.
fn estimate_line(t: &CatalogueTask, req: &EstimateRequest, factor: Factor) -> EstimateLine {
    let (low, point, high) = t.national_range(req.quality);
    let sqft = req.square_footage;
    let (national_rate, rate, cost, low_cents, high_cents) = match t.pricing() {
        Pricing::PerSqft => (
            point,
            factor.apply(point),
            factor.apply(point * sqft),
            factor.apply(low * sqft),
            factor.apply(high * sqft),
        ),
        Pricing::PerJob => {
            let cost = factor.apply(point);
            (div_round(point, sqft), div_round(cost, sqft), cost, factor.apply(low), factor.apply(high))
        }
    };
    EstimateLine {
        task: t.name.clone(),
        component: t.component.clone(),
        pricing: t.pricing(),
        national_rate_cents_per_sqft: national_rate,
        national_job_cents: t.national_job_cents(req.quality),
        rate_cents_per_sqft: rate,
        cost_cents: cost,
        low_cents,
        high_cents,
        range_basis: t.range_basis(req.quality),
        source_ids: t.source_ids.clone(),
    }
}
