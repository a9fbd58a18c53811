//! The cost catalogue: published national construction costs per square foot, by task and
//! material quality, adjusted to a zip code by a state location factor.
//!
//! The data lives in `crates/domain/data/` (copied from the shared data set with its
//! `sources.md`) and is embedded in the binary with `include_str!`: no I/O here. It is parsed
//! and validated once, on first use ([`CostCatalogue::embedded`]); the tests prove the embedded
//! files are valid, so that never fails at run time. Method, sources and limits:
//! `docs/cost-model.md`.
//!
//! Units: every rate is integer **cents per square foot**; a state factor is an integer in
//! **per mille** (`Factor`, 880 = ×0.88). A regional rate is `national × factor`, rounded half up
//! to the cent.

mod csv;
mod vocabulary;

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::sync::OnceLock;

use crate::error::{DomainError, FieldErrors};
use crate::task::MaterialQuality;

pub use vocabulary::{ADDITION_OPTIONS, CONVERSION_OPTIONS, RENOVATION_OPTIONS};

use self::csv::Table;

/// Embedded data files (see `crates/domain/data/sources.md`).
pub const TASKS_CSV: &str = include_str!("../data/tasks.csv");
pub const STATE_FACTORS_CSV: &str = include_str!("../data/state_factors.csv");
pub const ZIP3_STATE_CSV: &str = include_str!("../data/zip3_state.csv");
pub const SOURCES_MD: &str = include_str!("../data/sources.md");

/// The 50 states and the District of Columbia (USPS codes): each must have a factor and at
/// least one ZIP prefix.
pub const US_STATE_CODES: [&str; 51] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA",
    "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR",
    "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
];

/// The ZIP-prefix source (USPS), cited with every estimate; `zip3_state.csv` has no source column.
pub const ZIP_SOURCE_ID: &str = "S9";

/// Largest square footage an estimate accepts (a very large custom home is ~20,000 sq ft).
pub const MAX_ESTIMATE_SQFT: i64 = 100_000;

// ---------------------------------------------------------------------------------------------
// Errors

/// Why the data files were rejected. The message names the file and line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    #[error("{file}: no data rows")]
    Empty { file: &'static str },
    #[error("{file}: missing column {column:?}")]
    MissingColumn { file: &'static str, column: &'static str },
    #[error("{file}: line {line}: {message}")]
    Malformed { file: &'static str, line: usize, message: String },
    #[error("{file}: line {line}: {column} must be a positive number, found {value:?}")]
    NotPositive { file: &'static str, line: usize, column: &'static str, value: String },
    #[error("{file}: line {line}: duplicate {what} {name:?}")]
    Duplicate { file: &'static str, line: usize, what: &'static str, name: String },
    #[error("tasks.csv: line {line}: {task:?} must have basic <= standard <= premium")]
    TierOrder { line: usize, task: String },
    #[error("state_factors.csv: no factor for state {0}")]
    MissingState(String),
    #[error("zip3_state.csv: no ZIP prefix maps to state {0}")]
    StateWithoutZip(String),
    #[error("{file}: line {line}: unknown state code {code:?}")]
    UnknownState { file: &'static str, line: usize, code: String },
    #[error("zip3_state.csv: line {line}: prefix {prefix:03} is already mapped")]
    OverlappingZip { line: usize, prefix: u16 },
    #[error("{file}: {row}: source {id:?} is not in sources.md")]
    UnknownSource { file: &'static str, row: String, id: String },
    #[error("vocabulary: {0}")]
    Vocabulary(String),
}

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

// ---------------------------------------------------------------------------------------------
// Value types

/// A location factor held as an integer in per mille: `Factor::from_per_mille(880)` is ×0.88.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Factor(u32);

impl Factor {
    pub const NATIONAL: Factor = Factor(1000);

    pub fn from_per_mille(per_mille: u32) -> Self {
        Factor(per_mille)
    }
    pub fn per_mille(self) -> u32 {
        self.0
    }
    /// For the JSON wire format only (`0.88`); never for arithmetic.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 1000.0
    }
    /// `amount × factor`, rounded half up; `amount` must be non-negative.
    pub fn apply(self, amount: i64) -> i64 {
        div_round(amount * i64::from(self.0), 1000)
    }
}

impl fmt::Display for Factor {
    /// `0.88`, `1.25`, `1.005`: at least two decimals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / 1000, self.0 % 1000);
        if frac % 10 == 0 {
            write!(f, "{whole}.{:02}", frac / 10)
        } else {
            write!(f, "{whole}.{frac:03}")
        }
    }
}

/// A state's location factor, as in `state_factors.csv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateFactor {
    /// USPS code, e.g. `TX`.
    pub code: String,
    pub name: String,
    pub factor: Factor,
    /// Citation id in `sources.md`, e.g. `S6`.
    pub source_id: String,
}

/// Which kind of project a catalogue task prices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TaskScope {
    /// One of the 36 NAHB components of a new home (`new_home` in tasks.csv).
    NewHome,
    /// A renovation or add-on project (`renovation_or_addon`).
    RenovationOrAddon,
}

impl TaskScope {
    pub fn code(self) -> &'static str {
        match self {
            TaskScope::NewHome => "new_home",
            TaskScope::RenovationOrAddon => "renovation_or_addon",
        }
    }
    fn parse(raw: &str) -> Option<Self> {
        [TaskScope::NewHome, TaskScope::RenovationOrAddon].into_iter().find(|s| s.code() == raw)
    }
}

/// One row of `tasks.csv`: national cost per square foot by quality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueTask {
    pub name: String,
    /// NAHB stage and component, e.g. `Framing > Trusses`.
    pub component: String,
    pub scope: TaskScope,
    /// National cents per sq ft: basic, standard, premium.
    rates: [i64; 3],
    pub source_ids: Vec<String>,
    pub derivation_note: String,
}

impl CatalogueTask {
    /// National average cents per square foot for a quality (before the state factor).
    pub fn national_rate_cents(&self, quality: MaterialQuality) -> i64 {
        self.rates[quality_index(quality)]
    }
}

/// A citation from `sources.md`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// `S1`, `S2`, ...
    pub id: String,
    /// Short title: the citation up to its first address.
    pub title: String,
    /// The whole entry, markdown emphasis removed.
    pub citation: String,
    /// The first address in the entry, if any.
    pub url: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Estimates

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
    /// National rate for the quality, cents per sq ft.
    pub national_rate_cents_per_sqft: i64,
    /// Regional rate (national × factor, rounded to the cent), cents per sq ft: the same value
    /// a task with this title gets as `regional_average_cost_per_sqft`.
    pub rate_cents_per_sqft: i64,
    /// national rate × square footage × factor, rounded to the cent once (so the lines add up
    /// to the national total × factor within half a cent per line).
    pub cost_cents: i64,
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

// ---------------------------------------------------------------------------------------------
// The catalogue

/// National costs by task and quality, state factors and ZIP prefixes; see the module docs.
#[derive(Debug, Clone)]
pub struct CostCatalogue {
    tasks: Vec<CatalogueTask>,
    /// Normalized name or alias -> index in `tasks`.
    index: HashMap<String, usize>,
    states: Vec<StateFactor>,
    /// ZIP prefix 000-999 -> index in `states`.
    zip3: Vec<Option<u8>>,
    suggestions: Vec<String>,
    sources: Vec<Source>,
}

impl CostCatalogue {
    /// The catalogue built from the embedded data, parsed and validated on first use.
    pub fn embedded() -> &'static CostCatalogue {
        static CATALOGUE: OnceLock<CostCatalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, ZIP3_STATE_CSV)
                .and_then(|c| c.with_sources(SOURCES_MD))
                .and_then(|c| c.check_vocabulary().map(|()| c))
                // The tests load exactly these files: this cannot fail in a built binary.
                .unwrap_or_else(|e| panic!("embedded cost catalogue is invalid: {e}"))
        })
    }

    /// Parses and validates the three data files: required columns; no duplicate task names
    /// (after normalization), aliases or states; positive rates with at most two decimals and
    /// basic <= standard <= premium; positive factors; every state of [`US_STATE_CODES`] with
    /// exactly one factor and at least one ZIP prefix; no prefix mapped twice. Aliases and
    /// suggestions whose task is not in `tasks_csv` are left out (see [`Self::check_vocabulary`]).
    pub fn load(tasks_csv: &str, state_factors_csv: &str, zip3_csv: &str) -> Result<CostCatalogue, CatalogueError> {
        let tasks = parse_tasks(tasks_csv)?;
        let states = parse_states(state_factors_csv)?;
        let zip3 = parse_zip3(zip3_csv, &states)?;

        let mut index: HashMap<String, usize> = HashMap::new();
        for (i, t) in tasks.iter().enumerate() {
            index.insert(normalize(&t.name), i);
        }
        for (alias, target) in vocabulary::ALIASES {
            let Some(&target_idx) = index.get(&normalize(target)) else { continue };
            let key = normalize(alias);
            if key.is_empty() {
                return Err(CatalogueError::Vocabulary(format!("alias {alias:?} is blank")));
            }
            if let Some(&existing) = index.get(&key) {
                return Err(CatalogueError::Vocabulary(format!(
                    "alias {alias:?} -> {target:?} is already taken by {:?}",
                    tasks[existing].name
                )));
            }
            index.insert(key, target_idx);
        }
        let mut catalogue = CostCatalogue { tasks, index, states, zip3, suggestions: Vec::new(), sources: Vec::new() };
        let mut seen = BTreeSet::new();
        for s in vocabulary::SUGGESTIONS {
            if !seen.insert(normalize(s)) {
                return Err(CatalogueError::Vocabulary(format!("suggestion {s:?} is listed twice")));
            }
            if catalogue.resolve(s).is_some() {
                catalogue.suggestions.push((*s).to_owned());
            }
        }
        Ok(catalogue)
    }

    /// Attaches the citations of `sources.md` (entries `- **S1** ...`) and checks that every
    /// source id the data cites is among them.
    pub fn with_sources(mut self, sources_md: &str) -> Result<CostCatalogue, CatalogueError> {
        let sources = parse_sources(sources_md)?;
        let known: BTreeSet<&str> = sources.iter().map(|s| s.id.as_str()).collect();
        for t in &self.tasks {
            for id in &t.source_ids {
                if !known.contains(id.as_str()) {
                    return Err(CatalogueError::UnknownSource {
                        file: "tasks.csv",
                        row: t.name.clone(),
                        id: id.clone(),
                    });
                }
            }
        }
        for s in &self.states {
            if !known.contains(s.source_id.as_str()) {
                return Err(CatalogueError::UnknownSource {
                    file: "state_factors.csv",
                    row: s.code.clone(),
                    id: s.source_id.clone(),
                });
            }
        }
        if !known.contains(ZIP_SOURCE_ID) {
            return Err(CatalogueError::UnknownSource {
                file: "zip3_state.csv",
                row: "all prefixes".to_owned(),
                id: ZIP_SOURCE_ID.to_owned(),
            });
        }
        self.sources = sources;
        Ok(self)
    }

    /// Strict check that the product vocabulary fits the data: every alias target, every
    /// suggestion and every task of every project option is in the catalogue.
    pub fn check_vocabulary(&self) -> Result<(), CatalogueError> {
        for (alias, target) in vocabulary::ALIASES {
            if self.find_exact(target).is_none() {
                return Err(CatalogueError::Vocabulary(format!("alias {alias:?} targets unknown task {target:?}")));
            }
        }
        if self.suggestions.len() != vocabulary::SUGGESTIONS.len() {
            let missing: Vec<_> = vocabulary::SUGGESTIONS.iter().filter(|s| self.resolve(s).is_none()).collect();
            return Err(CatalogueError::Vocabulary(format!("suggestions do not resolve: {missing:?}")));
        }
        for (kind, table) in
            [("renovation", RENOVATION_OPTIONS), ("addition", ADDITION_OPTIONS), ("conversion", CONVERSION_OPTIONS)]
        {
            for (option, tasks) in table {
                if tasks.is_empty() {
                    return Err(CatalogueError::Vocabulary(format!("{kind} option {option:?} has no task")));
                }
                for t in *tasks {
                    if self.find_exact(t).is_none() {
                        return Err(CatalogueError::Vocabulary(format!(
                            "{kind} option {option:?} uses unknown task {t:?}"
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// All catalogue tasks, in file order.
    pub fn tasks(&self) -> &[CatalogueTask] {
        &self.tasks
    }

    /// The 36 new-home tasks, in build order.
    pub fn new_home_tasks(&self) -> impl Iterator<Item = &CatalogueTask> {
        self.tasks.iter().filter(|t| t.scope == TaskScope::NewHome)
    }

    /// All state factors (50 states + DC), in file order.
    pub fn states(&self) -> &[StateFactor] {
        &self.states
    }

    /// The catalogue task for a title as a user types it: case, spacing and punctuation do not
    /// matter (`&`/`+` read as "and"), aliases apply, and a plural `s` is tolerated.
    pub fn resolve(&self, title: &str) -> Option<&CatalogueTask> {
        let key = normalize(title);
        if key.is_empty() {
            return None;
        }
        let found = self.index.get(&key).or_else(|| match key.strip_suffix('s') {
            Some(singular) => self.index.get(singular),
            None => self.index.get(&format!("{key}s")),
        });
        found.map(|&i| &self.tasks[i])
    }

    fn find_exact(&self, name: &str) -> Option<&CatalogueTask> {
        self.tasks.iter().find(|t| t.name == name)
    }

    /// The state of a ZIP code: 5 digits, ZIP+4 (`78701-1234` or 9 digits), surrounding spaces
    /// allowed. `None` for blank, non-numeric or malformed codes and unassigned prefixes.
    pub fn state_for_zip(&self, zip_code: &str) -> Option<&StateFactor> {
        let prefix = zip3_of(zip_code)?;
        self.zip3[usize::from(prefix)].map(|i| &self.states[usize::from(i)])
    }

    /// The state factor for a USPS state code (`TX`), case-insensitive.
    pub fn state(&self, code: &str) -> Option<&StateFactor> {
        let code = code.trim();
        self.states.iter().find(|s| s.code.eq_ignore_ascii_case(code))
    }

    /// Regional average cents per sq ft: national rate for the title's task and the quality ×
    /// the zip code's state factor, rounded half up. `None` for an unknown title or an unusable
    /// zip code.
    pub fn regional_rate_cents(&self, title: &str, quality: MaterialQuality, zip_code: &str) -> Option<i64> {
        let task = self.resolve(title)?;
        let state = self.state_for_zip(zip_code)?;
        Some(state.factor.apply(task.national_rate_cents(quality)))
    }

    /// The task form's suggestion list (about 75 names); every one resolves.
    pub fn suggestions(&self) -> &[String] {
        &self.suggestions
    }

    /// Every citation of `sources.md` (empty for a catalogue built by [`Self::load`] alone).
    pub fn sources(&self) -> &[Source] {
        &self.sources
    }

    /// The catalogue tasks an option of a project type is estimated from. `None` for an
    /// unknown option; new homes and ADUs have no options.
    pub fn option_tasks(&self, project_type: &str, option: &str) -> Option<Vec<&CatalogueTask>> {
        let table = match project_type {
            "renovation" => RENOVATION_OPTIONS,
            "addition" => ADDITION_OPTIONS,
            "conversion" => CONVERSION_OPTIONS,
            _ => return None,
        };
        let key = normalize(option);
        let (_, names) = table.iter().find(|(name, _)| normalize(name) == key)?;
        names.iter().map(|n| self.find_exact(n)).collect()
    }

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

        let breakdown: Vec<EstimateLine> = tasks
            .iter()
            .map(|t| {
                let national = t.national_rate_cents(req.quality);
                EstimateLine {
                    task: t.name.clone(),
                    component: t.component.clone(),
                    national_rate_cents_per_sqft: national,
                    rate_cents_per_sqft: state.factor.apply(national),
                    cost_cents: state.factor.apply(national * req.square_footage),
                    source_ids: t.source_ids.clone(),
                }
            })
            .collect();
        let predicted_total_cents = breakdown.iter().map(|l| l.cost_cents).sum();
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
            breakdown,
            sources,
        })
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

// ---------------------------------------------------------------------------------------------
// Parsing helpers

/// Lower-case letters and digits only; `&` and `+` read as "and".
pub fn normalize(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for c in title.chars() {
        if c == '&' || c == '+' {
            out.push_str("and");
        } else if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// The 3-digit prefix of a ZIP code: `12345`, `12345-6789`, `123456789`, trimmed.
pub fn zip3_of(zip_code: &str) -> Option<u16> {
    let z = zip_code.trim();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let ok = match z.split_once('-') {
        Some((five, four)) => digits(five, 5) && digits(four, 4),
        None => digits(z, 5) || digits(z, 9),
    };
    if !ok {
        return None;
    }
    z[..3].parse().ok()
}

/// `n / d` rounded half up, for `n >= 0`, `d > 0`.
fn div_round(n: i64, d: i64) -> i64 {
    (2 * n + d) / (2 * d)
}

fn quality_index(q: MaterialQuality) -> usize {
    match q {
        MaterialQuality::Basic => 0,
        MaterialQuality::Standard => 1,
        MaterialQuality::Premium => 2,
    }
}

/// A non-negative decimal with at most `decimals` decimals, scaled by 10^decimals: "2.89" ->
/// 289 with 2 decimals. No sign, exponent or thousands separator.
fn parse_fixed(text: &str, decimals: u32) -> Option<i64> {
    let t = text.trim();
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    if frac.len() > decimals as usize || whole.len() > 9 {
        return None;
    }
    let scale = 10i64.pow(decimals);
    let frac_value: i64 =
        if frac.is_empty() { 0 } else { frac.parse::<i64>().ok()? * 10i64.pow(decimals - frac.len() as u32) };
    Some(whole.parse::<i64>().ok()? * scale + frac_value)
}

/// A positive amount (see [`parse_fixed`]) or the matching error.
fn positive(
    file: &'static str,
    line: usize,
    column: &'static str,
    raw: &str,
    decimals: u32,
) -> Result<i64, CatalogueError> {
    match parse_fixed(raw, decimals) {
        Some(v) if v > 0 => Ok(v),
        Some(_) => Err(CatalogueError::NotPositive { file, line, column, value: raw.to_owned() }),
        None if raw.trim().starts_with('-') => {
            Err(CatalogueError::NotPositive { file, line, column, value: raw.to_owned() })
        }
        None => Err(CatalogueError::Malformed {
            file,
            line,
            message: format!("{column} must be a number with at most {decimals} decimals, found {raw:?}"),
        }),
    }
}

fn parse_tasks(text: &str) -> Result<Vec<CatalogueTask>, CatalogueError> {
    const FILE: &str = "tasks.csv";
    let table = Table::parse(FILE, text)?;
    let name_col = table.column("task_name")?;
    let component_col = table.column("component")?;
    let rate_cols = [
        ("basic_usd_per_sqft", table.column("basic_usd_per_sqft")?),
        ("standard_usd_per_sqft", table.column("standard_usd_per_sqft")?),
        ("premium_usd_per_sqft", table.column("premium_usd_per_sqft")?),
    ];
    let sources_col = table.column("source_ids")?;
    let scope_col = table.column("scope")?;
    let note_col = table.optional_column("derivation_note");

    let mut tasks: Vec<CatalogueTask> = Vec::with_capacity(table.rows.len());
    let mut names: HashMap<String, usize> = HashMap::new();
    for row in &table.rows {
        let f = &row.fields;
        let name = f[name_col].trim().to_owned();
        let key = normalize(&name);
        if key.is_empty() {
            return Err(CatalogueError::Malformed {
                file: FILE,
                line: row.line,
                message: "task_name is blank".to_owned(),
            });
        }
        if names.insert(key, row.line).is_some() {
            return Err(CatalogueError::Duplicate { file: FILE, line: row.line, what: "task", name });
        }
        let mut rates = [0i64; 3];
        for (i, (column, col)) in rate_cols.iter().enumerate() {
            rates[i] = positive(FILE, row.line, column, &f[*col], 2)?;
        }
        if !(rates[0] <= rates[1] && rates[1] <= rates[2]) {
            return Err(CatalogueError::TierOrder { line: row.line, task: name });
        }
        let scope = TaskScope::parse(f[scope_col].trim()).ok_or_else(|| CatalogueError::Malformed {
            file: FILE,
            line: row.line,
            message: format!("scope must be new_home or renovation_or_addon, found {:?}", f[scope_col]),
        })?;
        let source_ids: Vec<String> =
            f[sources_col].split(';').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect();
        if source_ids.is_empty() {
            return Err(CatalogueError::Malformed {
                file: FILE,
                line: row.line,
                message: "source_ids is blank".to_owned(),
            });
        }
        tasks.push(CatalogueTask {
            name,
            component: f[component_col].trim().to_owned(),
            scope,
            rates,
            source_ids,
            derivation_note: note_col.map(|c| f[c].trim().to_owned()).unwrap_or_default(),
        });
    }
    Ok(tasks)
}

fn parse_states(text: &str) -> Result<Vec<StateFactor>, CatalogueError> {
    const FILE: &str = "state_factors.csv";
    let table = Table::parse(FILE, text)?;
    let code_col = table.column("state_code")?;
    let name_col = table.column("state_name")?;
    let factor_col = table.column("factor")?;
    let source_col = table.column("source_id")?;
    let mut states: Vec<StateFactor> = Vec::new();
    for row in &table.rows {
        let f = &row.fields;
        let code = f[code_col].trim().to_ascii_uppercase();
        if !US_STATE_CODES.contains(&code.as_str()) {
            return Err(CatalogueError::UnknownState { file: FILE, line: row.line, code });
        }
        if states.iter().any(|s| s.code == code) {
            return Err(CatalogueError::Duplicate { file: FILE, line: row.line, what: "state", name: code });
        }
        let per_mille = positive(FILE, row.line, "factor", &f[factor_col], 3)?;
        // A location factor outside x0.5..x2 is a typo, not a place.
        if !(500..=2000).contains(&per_mille) {
            return Err(CatalogueError::Malformed {
                file: FILE,
                line: row.line,
                message: format!("factor {:?} is outside 0.5..2.0", f[factor_col]),
            });
        }
        let name = f[name_col].trim().to_owned();
        let source_id = f[source_col].trim().to_owned();
        if name.is_empty() || source_id.is_empty() {
            return Err(CatalogueError::Malformed {
                file: FILE,
                line: row.line,
                message: "state_name and source_id are required".to_owned(),
            });
        }
        states.push(StateFactor { code, name, factor: Factor(per_mille as u32), source_id });
    }
    for code in US_STATE_CODES {
        if !states.iter().any(|s| s.code == code) {
            return Err(CatalogueError::MissingState(code.to_owned()));
        }
    }
    Ok(states)
}

fn parse_zip3(text: &str, states: &[StateFactor]) -> Result<Vec<Option<u8>>, CatalogueError> {
    const FILE: &str = "zip3_state.csv";
    let table = Table::parse(FILE, text)?;
    let from_col = table.column("zip3_from")?;
    let to_col = table.column("zip3_to")?;
    let state_col = table.column("state_code")?;
    let mut map: Vec<Option<u8>> = vec![None; 1000];
    let prefix = |raw: &str, line: usize| -> Result<u16, CatalogueError> {
        let t = raw.trim();
        if t.len() == 3 && t.bytes().all(|b| b.is_ascii_digit()) {
            Ok(t.parse().unwrap_or(0))
        } else {
            Err(CatalogueError::Malformed { file: FILE, line, message: format!("{t:?} is not a 3-digit ZIP prefix") })
        }
    };
    for row in &table.rows {
        let f = &row.fields;
        let (from, to) = (prefix(&f[from_col], row.line)?, prefix(&f[to_col], row.line)?);
        if from > to {
            return Err(CatalogueError::Malformed {
                file: FILE,
                line: row.line,
                message: format!("range {from:03}-{to:03} is reversed"),
            });
        }
        let code = f[state_col].trim().to_ascii_uppercase();
        let state = states.iter().position(|s| s.code == code).ok_or_else(|| CatalogueError::UnknownState {
            file: FILE,
            line: row.line,
            code: code.clone(),
        })?;
        for p in from..=to {
            let slot = &mut map[usize::from(p)];
            if slot.is_some() {
                return Err(CatalogueError::OverlappingZip { line: row.line, prefix: p });
            }
            *slot = Some(state as u8);
        }
    }
    for (i, s) in states.iter().enumerate() {
        if !map.contains(&Some(i as u8)) {
            return Err(CatalogueError::StateWithoutZip(s.code.clone()));
        }
    }
    Ok(map)
}

fn parse_sources(md: &str) -> Result<Vec<Source>, CatalogueError> {
    let mut sources: Vec<Source> = Vec::new();
    for (n, line) in md.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("- **") else { continue };
        let Some((id, text)) = rest.split_once("**") else { continue };
        let id = id.trim();
        if !(id.starts_with('S') && id.len() > 1 && id[1..].bytes().all(|b| b.is_ascii_digit())) {
            continue;
        }
        if sources.iter().any(|s| s.id == id) {
            return Err(CatalogueError::Duplicate {
                file: "sources.md",
                line: n + 1,
                what: "source",
                name: id.to_owned(),
            });
        }
        let citation = text.replace("**", "").replace(['*', '`'], "").trim().to_owned();
        let url_start = citation.find("http://").into_iter().chain(citation.find("https://")).min();
        let url = url_start.map(|i| {
            let raw: String = citation[i..].chars().take_while(|c| !c.is_whitespace()).collect();
            raw.trim_end_matches(['.', ',', ';', ':', ')']).to_owned()
        });
        let title = source_title(&citation, url_start);
        sources.push(Source { id: id.to_owned(), title, citation, url });
    }
    if sources.is_empty() {
        return Err(CatalogueError::Empty { file: "sources.md" });
    }
    Ok(sources)
}

/// The citation up to its first address, or up to a sentence or clause end within its first
/// 200 characters, without trailing punctuation and "PDF:"-style labels.
fn source_title(citation: &str, url_start: Option<usize>) -> String {
    const MAX: usize = 200;
    let mut end = url_start.unwrap_or(citation.len());
    if citation[..end].chars().count() > MAX {
        let head: String = citation.chars().take(MAX).collect();
        end = [". ", ": ", "; ", ", ", " "]
            .iter()
            .find_map(|sep| head.rfind(sep).filter(|&i| i >= 40).map(|i| if *sep == ". " { i + 1 } else { i }))
            .unwrap_or(head.len());
    }
    let mut t = citation[..end].trim();
    loop {
        let before = t;
        t = t.trim_end_matches([' ', ',', ':', ';', '(', '-', '\u{2013}']);
        for label in ["PDF", "Summary post", "read from a verbatim copy at", "at", "via", "as republished at", "Also"] {
            if let Some(s) = t.strip_suffix(label) {
                if s.ends_with([' ', ',', ':', '(']) || s.is_empty() {
                    t = s;
                }
            }
        }
        if t == before {
            break;
        }
    }
    t.to_owned()
}

#[cfg(test)]
mod tests;
