//! The catalogue itself: its value types (tasks, state factors, citations) and the lookups
//! the product makes against it (a title to its task, a ZIP code to its state, the regional
//! rate, suggestions, the tasks of a project option). Building one from the data files is in
//! `loaders`; estimates are in `estimate`.

use std::collections::HashMap;
use std::fmt;

use crate::task::MaterialQuality;

use super::vocabulary::{ADDITION_OPTIONS, CONVERSION_OPTIONS, RENOVATION_OPTIONS};

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
    pub(super) fn parse(raw: &str) -> Option<Self> {
        [TaskScope::NewHome, TaskScope::RenovationOrAddon].into_iter().find(|s| s.code() == raw)
    }
}

/// How a catalogue task is priced (issue 20): per square foot of the house (the NAHB new-home
/// components, painting and flooring), or per job whatever the house size (a kitchen remodel, a
/// roof, a generator: `renovation_projects.csv` rows priced "USD per project").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pricing {
    PerSqft,
    PerJob,
}

impl Pricing {
    /// `per_sqft` or `per_job`, as on the wire.
    pub fn code(self) -> &'static str {
        match self {
            Pricing::PerSqft => "per_sqft",
            Pricing::PerJob => "per_job",
        }
    }
}

/// One row of `tasks.csv`: national cost per square foot by quality, and for a job priced as a
/// job its national price per job (`renovation_projects.csv`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueTask {
    pub name: String,
    /// NAHB stage and component, e.g. `Framing > Trusses`.
    pub component: String,
    pub scope: TaskScope,
    /// National cents per sq ft: basic, standard, premium.
    pub(super) rates: [i64; 3],
    /// National cents per job (basic, standard, premium) when the task is priced per job.
    pub(super) job_cents: Option<[i64; 3]>,
    /// `tasks.csv` says the row's $/sq ft is a project cost spread over the 2,647 sq ft
    /// reference home (its `sqft_basis`): such a task must get a price per job.
    pub(super) normalized_project_cost: bool,
    /// A fee or permit (`fee` in tasks.csv): priced by an authority, not by contractors, so a
    /// project's calibration neither learns from it nor scales it (docs/money.md).
    pub fee: bool,
    pub source_ids: Vec<String>,
    pub derivation_note: String,
}

impl CatalogueTask {
    /// National average cents per square foot for a quality (before the state factor).
    pub fn national_rate_cents(&self, quality: MaterialQuality) -> i64 {
        self.rates[quality_index(quality)]
    }

    pub fn pricing(&self) -> Pricing {
        if self.job_cents.is_some() {
            Pricing::PerJob
        } else {
            Pricing::PerSqft
        }
    }

    /// National cents per job for a quality, when the task is priced per job.
    pub fn national_job_cents(&self, quality: MaterialQuality) -> Option<i64> {
        self.job_cents.map(|j| j[quality_index(quality)])
    }

    /// The national figures (cents per sq ft, or per job) at every quality: basic, standard,
    /// premium.
    fn national_tiers(&self) -> [i64; 3] {
        self.job_cents.unwrap_or(self.rates)
    }

    /// The national (low, point, high) of a quality, in the task's own unit (cents per sq ft
    /// or per job). The range is the band of prices nearer this quality than its neighbours:
    /// from halfway to the tier below to halfway to the tier above; basic and premium have no
    /// published tier beyond them, so their outer half is mirrored. A task with one figure for
    /// every quality (a fee) has no range. Always `low <= point <= high`.
    pub fn national_range(&self, quality: MaterialQuality) -> (i64, i64, i64) {
        let [b, s, p] = self.national_tiers();
        let half_up = |n: i64| div_round(n.max(0), 2);
        match quality {
            MaterialQuality::Basic => (half_up(3 * b - s).min(b), b, half_up(b + s)),
            MaterialQuality::Standard => (half_up(b + s), s, half_up(s + p)),
            MaterialQuality::Premium => (half_up(s + p), p, half_up(3 * p - s)),
        }
    }

    /// How [`Self::national_range`] was set for a quality, in words, with the figures it uses.
    pub fn range_basis(&self, quality: MaterialQuality) -> String {
        let [b, s, p] = self.national_tiers();
        let unit = |c: i64| match self.pricing() {
            Pricing::PerJob => format!("{} per job", dollars_text(c)),
            Pricing::PerSqft => format!("${}.{:02}/sq ft", c / 100, c % 100),
        };
        if b == s && s == p {
            return format!("One published figure for every quality ({}): no range.", unit(s));
        }
        match quality {
            MaterialQuality::Basic => format!(
                "From halfway to the standard figure ({}) down to as far below the basic figure ({}).",
                unit(s),
                unit(b)
            ),
            MaterialQuality::Standard => {
                format!("Halfway to the basic figure ({}) and to the premium figure ({}).", unit(b), unit(p))
            }
            MaterialQuality::Premium => format!(
                "From halfway to the standard figure ({}) up to as far above the premium figure ({}).",
                unit(s),
                unit(p)
            ),
        }
    }
}

/// A task's regional prediction for one project: its cost and range in cents, and the rate per
/// sq ft that the spec's wire field carries (`regional_average_cost_per_sqft`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prediction {
    pub pricing: Pricing,
    /// Predicted cost in cents: the regional rate x square footage for a task priced per sq ft;
    /// the regional price of the job (national x factor) for a job, whatever the house size.
    pub cents: i64,
    pub low_cents: i64,
    pub high_cents: i64,
    /// Regional rate, cents per sq ft: exact for a task priced per sq ft; for a job, its price
    /// over the square footage rounded to the cent (see [`Self::rate_dollars_per_sqft`]).
    pub rate_cents_per_sqft: i64,
    pub square_footage: i64,
    /// The task is a fee or permit ([`CatalogueTask::fee`]).
    pub fee: bool,
}

impl Prediction {
    /// A task priced per sq ft with no range: rate x area (for tests and simple callers).
    pub fn per_sqft(rate_cents_per_sqft: i64, square_footage: i64) -> Self {
        let cents = rate_cents_per_sqft.saturating_mul(square_footage);
        Prediction {
            pricing: Pricing::PerSqft,
            cents,
            low_cents: cents,
            high_cents: cents,
            rate_cents_per_sqft,
            square_footage,
            fee: false,
        }
    }

    /// The wire's `regional_average_cost_per_sqft` in dollars. For a job, the price over the
    /// square footage *unrounded*, so that rate x square footage gives back the job price to the
    /// cent (a kitchen is the same price in a 1,200 and a 4,000 sq ft house).
    pub fn rate_dollars_per_sqft(&self) -> f64 {
        match self.pricing {
            Pricing::PerSqft => self.rate_cents_per_sqft as f64 / 100.0,
            Pricing::PerJob => self.cents as f64 / self.square_footage as f64 / 100.0,
        }
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
    /// Who published it, and the work's title and year, as a reader cites it
    /// (`source_labels.csv`); empty until [`CostCatalogue::with_source_labels`].
    pub publisher: String,
    pub work: String,
    pub year: Option<u16>,
    /// `primary` (the publisher's own figures), `secondary` (a report or transcription of
    /// them) or `cross-check` (read, not used in the figures).
    pub role: String,
}

/// National costs by task and quality, state factors and ZIP prefixes; see the `cost` module docs.
#[derive(Debug, Clone)]
pub struct CostCatalogue {
    pub(super) tasks: Vec<CatalogueTask>,
    /// Normalized name or alias -> index in `tasks`.
    pub(super) index: HashMap<String, usize>,
    pub(super) states: Vec<StateFactor>,
    /// ZIP prefix 000-999 -> index in `states`.
    pub(super) zip3: Vec<Option<u8>>,
    pub(super) suggestions: Vec<String>,
    pub(super) sources: Vec<Source>,
}

impl CostCatalogue {
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

    pub(super) fn find_exact(&self, name: &str) -> Option<&CatalogueTask> {
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

    /// The regional prediction of a task for a project: [`Self::regional_rate_cents`] x the
    /// square footage for a task priced per sq ft; the national job price x the state factor
    /// for a job. With its range ([`CatalogueTask::national_range`] x the factor). `None` for an
    /// unknown title, an unusable zip code or a square footage below 1.
    pub fn predict(
        &self,
        title: &str,
        quality: MaterialQuality,
        zip_code: &str,
        square_footage: i64,
    ) -> Option<Prediction> {
        if square_footage < 1 {
            return None;
        }
        let task = self.resolve(title)?;
        let factor = self.state_for_zip(zip_code)?.factor;
        let (low, point, high) = task.national_range(quality);
        let pricing = task.pricing();
        let (cents, low_cents, high_cents, rate) = match pricing {
            Pricing::PerSqft => {
                let rate = factor.apply(point);
                let area = |r: i64| r.saturating_mul(square_footage);
                (area(rate), area(factor.apply(low)), area(factor.apply(high)), rate)
            }
            Pricing::PerJob => {
                let job = factor.apply(point);
                (job, factor.apply(low), factor.apply(high), div_round(job, square_footage))
            }
        };
        Some(Prediction {
            pricing,
            cents,
            low_cents,
            high_cents,
            rate_cents_per_sqft: rate,
            square_footage,
            fee: task.fee,
        })
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
}

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

/// `$82,793` or `$41,396.50`: whole dollars without cents, else two decimals.
fn dollars_text(cents: i64) -> String {
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match cents % 100 {
        0 => format!("${grouped}"),
        c => format!("${grouped}.{c:02}"),
    }
}

/// `n / d` rounded half up, for `n >= 0`, `d > 0`.
pub(super) fn div_round(n: i64, d: i64) -> i64 {
    (2 * n + d) / (2 * d)
}

fn quality_index(q: MaterialQuality) -> usize {
    match q {
        MaterialQuality::Basic => 0,
        MaterialQuality::Standard => 1,
        MaterialQuality::Premium => 2,
    }
}
