//! Building the catalogue from its data files: the embedded files, parsing and validating
//! `tasks.csv`, `state_factors.csv`, `zip3_state.csv` and `sources.md`, and checking the
//! product vocabulary against them.

use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use super::catalogue::{normalize, CatalogueTask, CostCatalogue, Factor, Source, StateFactor, TaskScope};
use super::csv::Table;
use super::error::CatalogueError;
use super::vocabulary::{self, ADDITION_OPTIONS, CONVERSION_OPTIONS, RENOVATION_OPTIONS};

/// Embedded data files (see `crates/domain/data/sources.md`).
pub const TASKS_CSV: &str = include_str!("../../data/tasks.csv");
pub const STATE_FACTORS_CSV: &str = include_str!("../../data/state_factors.csv");
pub const ZIP3_STATE_CSV: &str = include_str!("../../data/zip3_state.csv");
pub const SOURCES_MD: &str = include_str!("../../data/sources.md");
pub const SOURCE_LABELS_CSV: &str = include_str!("../../data/source_labels.csv");
pub const RENOVATION_PROJECTS_CSV: &str = include_str!("../../data/renovation_projects.csv");

/// The 50 states and the District of Columbia (USPS codes): each must have a factor and at
/// least one ZIP prefix.
pub const US_STATE_CODES: [&str; 51] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA",
    "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR",
    "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
];

/// The ZIP-prefix source (USPS), cited with every estimate; `zip3_state.csv` has no source column.
pub const ZIP_SOURCE_ID: &str = "S9";

impl CostCatalogue {
    /// The catalogue built from the embedded data, parsed and validated on first use.
    pub fn embedded() -> &'static CostCatalogue {
        static CATALOGUE: OnceLock<CostCatalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            CostCatalogue::load(TASKS_CSV, STATE_FACTORS_CSV, ZIP3_STATE_CSV)
                .and_then(|c| c.with_job_prices(RENOVATION_PROJECTS_CSV))
                .and_then(|c| c.with_sources(SOURCES_MD))
                .and_then(|c| c.with_source_labels(SOURCE_LABELS_CSV))
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

    /// Prices per job the tasks that are jobs (issue 20): each `renovation_projects.csv` row
    /// priced "USD per project" gives its task's national price per job at the three
    /// qualities. Rows priced per sq ft (painting, flooring) stay per sq ft. Every task whose
    /// `tasks.csv` rate is a project cost spread over the reference home must get one, and
    /// every row must name a task.
    pub fn with_job_prices(mut self, renovation_projects_csv: &str) -> Result<CostCatalogue, CatalogueError> {
        const FILE: &str = "renovation_projects.csv";
        let table = Table::parse(FILE, renovation_projects_csv)?;
        let (name_col, unit_col) = (table.column("task_name")?, table.column("price_unit")?);
        let tier_cols = [
            ("basic_usd", table.column("basic_usd")?),
            ("standard_usd", table.column("standard_usd")?),
            ("premium_usd", table.column("premium_usd")?),
        ];
        for row in &table.rows {
            let f = &row.fields;
            let name = f[name_col].trim();
            let malformed = |message: String| CatalogueError::Malformed { file: FILE, line: row.line, message };
            let task = self
                .tasks
                .iter_mut()
                .find(|t| t.name == name)
                .ok_or_else(|| malformed(format!("task {name:?} is not in tasks.csv")))?;
            match f[unit_col].trim() {
                "USD per project" => {}
                "USD per sq ft" => continue,
                other => {
                    return Err(malformed(format!(
                        "price_unit must be \"USD per project\" or \"USD per sq ft\", found {other:?}"
                    )))
                }
            }
            let mut cents = [0i64; 3];
            for (i, (column, col)) in tier_cols.iter().enumerate() {
                cents[i] = positive(FILE, row.line, column, &f[*col], 2)?;
            }
            if !(cents[0] <= cents[1] && cents[1] <= cents[2]) {
                return Err(CatalogueError::TierOrder { line: row.line, task: name.to_owned() });
            }
            task.job_cents = Some(cents);
        }
        if let Some(t) = self.tasks.iter().find(|t| t.normalized_project_cost && t.job_cents.is_none()) {
            return Err(CatalogueError::Malformed {
                file: FILE,
                line: 0,
                message: format!("{:?} is a project cost in tasks.csv but has no price per project", t.name),
            });
        }
        Ok(self)
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

    /// Adds each source's publisher, work title, year and role from `source_labels.csv`
    /// (`id,publisher,title,year,role`): every source needs exactly one label, and a label
    /// names a known source.
    pub fn with_source_labels(mut self, labels_csv: &str) -> Result<CostCatalogue, CatalogueError> {
        const FILE: &str = "source_labels.csv";
        let table = Table::parse(FILE, labels_csv)?;
        let (id, publisher, title, year, role) = (
            table.column("id")?,
            table.column("publisher")?,
            table.column("title")?,
            table.column("year")?,
            table.column("role")?,
        );
        let mut labelled = BTreeSet::new();
        for row in &table.rows {
            let f = |i: usize| row.fields[i].trim().to_owned();
            let malformed = |message: String| CatalogueError::Malformed { file: FILE, line: row.line, message };
            let source = self
                .sources
                .iter_mut()
                .find(|s| s.id == f(id))
                .ok_or_else(|| malformed(format!("unknown source {}", f(id))))?;
            if !labelled.insert(f(id)) {
                return Err(malformed(format!("source {} labelled twice", f(id))));
            }
            if !["primary", "secondary", "cross-check"].contains(&f(role).as_str()) {
                return Err(malformed(format!("role must be primary, secondary or cross-check, not {:?}", f(role))));
            }
            source.publisher = f(publisher);
            source.work = f(title);
            source.year = f(year).parse().ok();
            source.role = f(role);
        }
        if let Some(missing) = self.sources.iter().find(|s| !labelled.contains(&s.id)) {
            return Err(CatalogueError::Malformed {
                file: FILE,
                line: 0,
                message: format!("source {} has no label", missing.id),
            });
        }
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
    let basis_col = table.optional_column("sqft_basis");
    let fee_col = table.optional_column("fee");

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
            job_cents: None,
            normalized_project_cost: basis_col.is_some_and(|c| f[c].contains("normalized project cost")),
            fee: match fee_col.map(|c| f[c].trim()) {
                None | Some("" | "no") => false,
                Some("yes") => true,
                Some(other) => {
                    return Err(CatalogueError::Malformed {
                        file: FILE,
                        line: row.line,
                        message: format!("fee must be yes or no, found {other:?}"),
                    })
                }
            },
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
        states.push(StateFactor { code, name, factor: Factor::from_per_mille(per_mille as u32), source_id });
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
        sources.push(Source {
            id: id.to_owned(),
            title,
            citation,
            url,
            publisher: String::new(),
            work: String::new(),
            year: None,
            role: String::new(),
        });
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
