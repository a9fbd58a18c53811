//! Default durations and finish-to-start links of the standard task list (data/schedule_template.csv,
//! sources in data/sources.md). docs/schedule.md.
//!
//! One row per task of `tasks.csv`: its duration in working days (a typical ~2,600 sq ft new home,
//! or the renovation project's typical size) and the tasks that must finish before it starts. No
//! official per-phase figure exists (the Census Bureau publishes whole-house times only): the
//! new-home durations are estimates scaled so that the chain from site preparation to final cleanup
//! is the 2024 average start-to-completion time; each row's `note` says which figures are cited and
//! which are estimated. The file is embedded with `include_str!` and parsed once, on first use; the
//! tests prove it is valid, so that never fails at run time.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::OnceLock;

use super::records::DURATION_DAYS_MAX;
use crate::cost::{normalize, SOURCES_MD};

/// The embedded template (see `crates/domain/data/sources.md`, section "Durations").
pub const SCHEDULE_TEMPLATE_CSV: &str = include_str!("../../data/schedule_template.csv");

/// Said wherever the default durations are shown (the /cost-sources page).
pub const DURATIONS_NOTE: &str = "No official per-phase figure exists: the U.S. Census Bureau publishes only \
    whole-house building times. Single-family homes completed in 2024 took 7.6 months on average from start to \
    completion, after 1.4 months from permit to start. Each new-home task's default duration is an estimate, set so \
    that the chain from site preparation to final cleanup takes about 165 working days (7.6 months); renovation \
    durations use a contractor's or trade guide's published range where one was found, and are estimates otherwise.";

/// The prefix of the `note` of every row whose duration is not taken from a published figure.
pub const ESTIMATE_PREFIX: &str = "estimate:";

/// The default timing of one standard task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateTiming {
    pub task_name: String,
    /// Working days, `0..=DURATION_DAYS_MAX`.
    pub duration_days: i32,
    /// Task names that finish before this one starts (finish-to-start, no lag).
    pub predecessors: Vec<String>,
    /// Ids of the "Durations" sources of sources.md (`D1`, `D2`, ...) the figure rests on.
    pub source_ids: Vec<String>,
    /// What was cited and what was estimated.
    pub note: String,
}

impl TemplateTiming {
    /// True when no published figure gives this task's duration (the note says so).
    pub fn is_estimate(&self) -> bool {
        self.note.starts_with(ESTIMATE_PREFIX)
    }
}

/// A source of the default durations (a `- **D<n>**` line of sources.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DurationSource {
    pub id: String,
    /// The citation up to its first address.
    pub title: String,
    /// The first address of the citation.
    pub url: Option<String>,
    /// The whole line, without markdown.
    pub citation: String,
}

struct Template {
    rows: Vec<TemplateTiming>,
    /// Normalized task name -> row.
    index: HashMap<String, usize>,
}

fn template() -> &'static Template {
    static TEMPLATE: OnceLock<Template> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        // The tests parse exactly this file: this cannot fail in a built binary.
        let rows = parse(SCHEDULE_TEMPLATE_CSV).unwrap_or_else(|e| panic!("schedule_template.csv is invalid: {e}"));
        let index = rows.iter().enumerate().map(|(i, r)| (normalize(&r.task_name), i)).collect();
        Template { rows, index }
    })
}

/// Every row of the template, in the file's order (that of `tasks.csv`).
pub fn all() -> &'static [TemplateTiming] {
    &template().rows
}

/// The default timing of a standard task, by its name (compared as the catalogue compares task
/// names: case, spaces and punctuation ignored, `&` read as "and").
pub fn timing_of(task_name: &str) -> Option<&'static TemplateTiming> {
    let t = template();
    t.index.get(&normalize(task_name)).map(|&i| &t.rows[i])
}

/// The template's finish-to-start links among `titles`, as (predecessor index, successor index)
/// into `titles`, ordered by successor then predecessor. A predecessor missing from `titles` is
/// skipped transitively: the successor is linked to that predecessor's own predecessors that are
/// present (and so on), so a subset of the list stays connected; a link implied by two others is
/// left out (the successor already waits for it through the other). Titles that are not standard tasks
/// get no links; a repeated title takes its links at its first occurrence.
pub fn links_among(titles: &[&str]) -> Vec<(usize, usize)> {
    let mut position: HashMap<String, usize> = HashMap::new();
    for (i, title) in titles.iter().enumerate() {
        position.entry(normalize(title)).or_insert(i);
    }
    let mut links = Vec::new();
    for (succ, title) in titles.iter().enumerate() {
        if position.get(&normalize(title)) != Some(&succ) {
            continue;
        }
        let Some(timing) = timing_of(title) else { continue };
        let mut found = BTreeSet::new();
        let mut seen = HashSet::new();
        let mut stack: Vec<&str> = timing.predecessors.iter().map(String::as_str).collect();
        while let Some(pred) = stack.pop() {
            let key = normalize(pred);
            if !seen.insert(key.clone()) {
                continue;
            }
            match position.get(&key) {
                Some(&i) if i != succ => {
                    found.insert(i);
                }
                Some(_) => {}
                None => {
                    if let Some(p) = timing_of(pred) {
                        stack.extend(p.predecessors.iter().map(String::as_str));
                    }
                }
            }
        }
        // Keep the direct links only: a found task that precedes another found task is already
        // linked to the successor through it.
        let kept: Vec<usize> = found
            .iter()
            .copied()
            .filter(|&p| !found.iter().any(|&q| q != p && precedes(titles[p], titles[q])))
            .collect();
        links.extend(kept.into_iter().map(|pred| (pred, succ)));
    }
    links
}

/// True when `earlier` is a predecessor of `later` in the template, directly or through others.
fn precedes(earlier: &str, later: &str) -> bool {
    let target = normalize(earlier);
    let mut seen = HashSet::new();
    let mut stack: Vec<&str> =
        timing_of(later).map(|t| t.predecessors.iter().map(String::as_str).collect()).unwrap_or_default();
    while let Some(p) = stack.pop() {
        let key = normalize(p);
        if key == target {
            return true;
        }
        if seen.insert(key) {
            if let Some(t) = timing_of(p) {
                stack.extend(t.predecessors.iter().map(String::as_str));
            }
        }
    }
    false
}

/// The longest finish-to-start chain among `titles` (the template's durations and
/// [`links_among`]), in working days; titles that are not standard tasks count 0.
pub fn critical_chain_days(titles: &[&str]) -> i32 {
    let links = links_among(titles);
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); titles.len()];
    for &(p, s) in &links {
        preds[s].push(p);
    }
    let mut finish: Vec<Option<i32>> = vec![None; titles.len()];
    fn finish_of(i: usize, titles: &[&str], preds: &[Vec<usize>], finish: &mut [Option<i32>]) -> i32 {
        if let Some(f) = finish[i] {
            return f;
        }
        let start = preds[i].iter().map(|&p| finish_of(p, titles, preds, finish)).max().unwrap_or(0);
        let f = start + timing_of(titles[i]).map_or(0, |t| t.duration_days);
        finish[i] = Some(f);
        f
    }
    (0..titles.len()).map(|i| finish_of(i, titles, &preds, &mut finish)).max().unwrap_or(0)
}

/// The sources of the default durations (the "Durations" section of sources.md), in file order.
pub fn duration_sources() -> &'static [DurationSource] {
    static SOURCES: OnceLock<Vec<DurationSource>> = OnceLock::new();
    SOURCES.get_or_init(|| parse_duration_sources(SOURCES_MD))
}

/// Parses the template: header `task_name,duration_days,predecessors,source_ids,note`; one row
/// per task, no task twice; durations `0..=DURATION_DAYS_MAX`; every predecessor a task of the
/// file; no cycle.
fn parse(text: &str) -> Result<Vec<TemplateTiming>, String> {
    const HEADER: [&str; 5] = ["task_name", "duration_days", "predecessors", "source_ids", "note"];
    let mut lines = text.strip_prefix('\u{feff}').unwrap_or(text).lines().enumerate();
    let (_, header) = lines.next().ok_or("empty file")?;
    if split_csv_line(header)? != HEADER {
        return Err(format!("the header must be {}", HEADER.join(",")));
    }
    let list =
        |s: &str| -> Vec<String> { s.split(';').map(str::trim).filter(|x| !x.is_empty()).map(str::to_owned).collect() };
    let mut rows: Vec<TemplateTiming> = Vec::new();
    let mut names = HashSet::new();
    for (n, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let at = |m: String| format!("line {}: {m}", n + 1);
        let f = split_csv_line(line).map_err(at)?;
        if f.len() != HEADER.len() {
            return Err(at(format!("expected {} fields, found {}", HEADER.len(), f.len())));
        }
        let task_name = f[0].trim().to_owned();
        if task_name.is_empty() || !names.insert(normalize(&task_name)) {
            return Err(at(format!("task {task_name:?} is blank or listed twice")));
        }
        let duration_days: i32 =
            f[1].trim().parse().map_err(|_| at(format!("duration_days {:?} is not a whole number", f[1])))?;
        if !(0..=DURATION_DAYS_MAX).contains(&duration_days) {
            return Err(at(format!("duration_days {duration_days} is not in 0..={DURATION_DAYS_MAX}")));
        }
        rows.push(TemplateTiming {
            task_name,
            duration_days,
            predecessors: list(&f[2]),
            source_ids: list(&f[3]),
            note: f[4].trim().to_owned(),
        });
    }
    if rows.is_empty() {
        return Err("no rows".to_owned());
    }
    for r in &rows {
        if let Some(p) = r.predecessors.iter().find(|p| !names.contains(&normalize(p))) {
            return Err(format!("{:?}: predecessor {p:?} is not a task of the file", r.task_name));
        }
    }
    if let Some(name) = first_on_cycle(&rows) {
        return Err(format!("the links form a cycle through {name:?}"));
    }
    Ok(rows)
}

/// A task on a cycle of predecessor links, if there is one.
fn first_on_cycle(rows: &[TemplateTiming]) -> Option<&str> {
    let index: HashMap<String, usize> = rows.iter().enumerate().map(|(i, r)| (normalize(&r.task_name), i)).collect();
    // 0 unvisited, 1 on the current path, 2 done.
    let mut state = vec![0u8; rows.len()];
    for start in 0..rows.len() {
        if state[start] != 0 {
            continue;
        }
        let mut stack = vec![(start, 0usize)];
        state[start] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let preds = &rows[node].predecessors;
            if *next == preds.len() {
                state[node] = 2;
                stack.pop();
                continue;
            }
            let p = index[&normalize(&preds[*next])];
            *next += 1;
            match state[p] {
                0 => {
                    state[p] = 1;
                    stack.push((p, 0));
                }
                1 => return Some(&rows[p].task_name),
                _ => {}
            }
        }
    }
    None
}

/// Splits one CSV line: fields optionally quoted with `"`, a doubled quote inside a quoted field
/// is a quote. The template has no line breaks inside fields.
fn split_csv_line(line: &str) -> Result<Vec<String>, String> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut in_quotes = false;
    let mut after_quote = false;
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => {
                    in_quotes = false;
                    after_quote = true;
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            ',' => {
                fields.push(std::mem::take(&mut field));
                after_quote = false;
            }
            '"' if field.is_empty() && !after_quote => in_quotes = true,
            _ if after_quote => return Err("unexpected text after a closing quote".to_owned()),
            '"' => return Err("a quote inside an unquoted field".to_owned()),
            _ => field.push(c),
        }
    }
    if in_quotes {
        return Err("unterminated quoted field".to_owned());
    }
    fields.push(field);
    Ok(fields)
}

/// The `- **D<n>** ...` lines of sources.md.
fn parse_duration_sources(md: &str) -> Vec<DurationSource> {
    let mut sources = Vec::new();
    for line in md.lines() {
        let Some(rest) = line.trim_start().strip_prefix("- **") else { continue };
        let Some((id, text)) = rest.split_once("**") else { continue };
        let id = id.trim();
        if !(id.starts_with('D') && id.len() > 1 && id[1..].bytes().all(|b| b.is_ascii_digit())) {
            continue;
        }
        let citation = text.replace("**", "").replace(['*', '`'], "").trim().to_owned();
        let url_start = [citation.find("http://"), citation.find("https://")].into_iter().flatten().min();
        let url = url_start.map(|i| {
            let raw: String = citation[i..].chars().take_while(|c| !c.is_whitespace()).collect();
            raw.trim_end_matches(['.', ',', ';', ':', ')']).to_owned()
        });
        let title = citation[..url_start.unwrap_or(citation.len())].trim_end_matches([' ', ',', ':', ';']).to_owned();
        sources.push(DurationSource { id: id.to_owned(), title, url, citation });
    }
    sources
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::{CostCatalogue, TaskScope};

    /// The new-home tasks before the construction start (design, permit, fees).
    const PRE_START: [&str; 4] =
        ["Architecture & Engineering", "Building Permits", "Impact Fees", "Water & Sewer Fees / Inspections"];

    fn new_home_titles() -> Vec<&'static str> {
        CostCatalogue::embedded()
            .tasks()
            .iter()
            .filter(|t| t.scope == TaskScope::NewHome)
            .map(|t| t.name.as_str())
            .collect()
    }

    #[test]
    fn the_template_has_one_row_per_catalogue_task_and_no_other() {
        let catalogue: Vec<&str> = CostCatalogue::embedded().tasks().iter().map(|t| t.name.as_str()).collect();
        let template: Vec<&str> = all().iter().map(|r| r.task_name.as_str()).collect();
        assert_eq!(template, catalogue, "schedule_template.csv must list tasks.csv's tasks in its order");
        for name in catalogue {
            assert_eq!(timing_of(name).map(|t| t.task_name.as_str()), Some(name));
        }
        assert_eq!(timing_of("kitchen cabinets and countertops").unwrap().task_name, "Kitchen Cabinets & Countertops");
        assert!(timing_of("Moat").is_none());
    }

    #[test]
    fn predecessors_are_known_durations_in_range_and_the_graph_acyclic() {
        for r in all() {
            assert!((0..=1000).contains(&r.duration_days), "{}: {}", r.task_name, r.duration_days);
            for p in &r.predecessors {
                assert!(timing_of(p).is_some(), "{}: unknown predecessor {p}", r.task_name);
            }
        }
        assert!(first_on_cycle(all()).is_none());
        // The checks of `parse` reject what the embedded file must not contain.
        let head = "task_name,duration_days,predecessors,source_ids,note\n";
        assert!(parse(&format!("{head}A,1,B,,x\nB,1,A,,x\n")).unwrap_err().contains("cycle"));
        assert!(parse(&format!("{head}A,1,Z,,x\n")).unwrap_err().contains("not a task"));
        assert!(parse(&format!("{head}A,1001,,,x\n")).unwrap_err().contains("0..=1000"));
        assert!(parse(&format!("{head}A,1,,,x\na,1,,,x\n")).unwrap_err().contains("twice"));
        assert!(parse(&format!("{head}A,-1,,,x\n")).is_err());
        assert!(parse("task,days\nA,1\n").is_err());
        let ok = parse(&format!("{head}\"A, b\",2,,D1;D2,\"say \"\"hi\"\"\"\n")).unwrap();
        assert_eq!(ok[0].task_name, "A, b");
        assert_eq!(ok[0].source_ids, ["D1", "D2"]);
        assert_eq!(ok[0].note, "say \"hi\"");
    }

    #[test]
    fn every_row_cites_a_listed_source_or_says_it_is_an_estimate() {
        let ids: Vec<&str> = duration_sources().iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10"]);
        for s in duration_sources() {
            assert!(s.url.as_deref().is_some_and(|u| u.starts_with("http")), "{} has no address", s.id);
            assert!(!s.title.is_empty() && !s.title.contains("http"), "{}: {}", s.id, s.title);
        }
        assert_eq!(duration_sources()[1].url.as_deref(), Some("https://eyeonhousing.org/?wt=gqjwe"));
        for r in all() {
            for id in &r.source_ids {
                assert!(ids.contains(&id.as_str()), "{}: unknown source {id}", r.task_name);
            }
            assert!(!r.note.is_empty(), "{} has no note", r.task_name);
            assert!(r.is_estimate() || !r.source_ids.is_empty(), "{}: neither sourced nor an estimate", r.task_name);
        }
        // No official per-phase figure exists: every new-home duration is labelled an estimate.
        for name in new_home_titles() {
            assert!(timing_of(name).unwrap().is_estimate(), "{name}");
        }
    }

    #[test]
    fn links_among_a_subset_skip_missing_tasks_transitively() {
        // Permits and the fee tasks are missing: site preparation hangs on design.
        let titles = ["Architecture & Engineering", "Site Preparation & Clearing", "Framing"];
        assert_eq!(links_among(&titles), [(0, 1), (1, 2)]);
        // A missing task with no predecessor of its own leaves no link.
        assert_eq!(links_among(&["Window Replacement", "Gutter Replacement"]), [(0, 1)]);
        assert_eq!(links_among(&["Gutter Replacement", "Deck Addition"]), []);
        // The rough-ins run in parallel after dry-in; insulation waits for all of them.
        let titles = ["Roofing", "Plumbing Rough", "Electrical Rough", "HVAC", "Insulation", "My own task"];
        assert_eq!(links_among(&titles), [(0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4)]);
        // Order of the titles does not matter, nor do case and punctuation.
        assert_eq!(links_among(&["insulation", "hvac", "ROOFING"]), [(1, 0), (2, 1)]);
        // Reached through several paths, a predecessor is linked once; a link implied by two
        // others is left out (insulation waits for roofing through the rough-ins).
        assert_eq!(links_among(&["Sheathing", "Insulation"]), [(0, 1)]);
        assert_eq!(links_among(&["Roofing", "HVAC", "Insulation"]), [(0, 1), (1, 2)]);
        assert!(links_among(&[]).is_empty());
    }

    #[test]
    fn the_whole_list_is_linked_and_every_new_home_task_reaches_final_cleanup() {
        let titles: Vec<&str> = all().iter().map(|r| r.task_name.as_str()).collect();
        let links = links_among(&titles);
        let direct: usize = all().iter().map(|r| r.predecessors.len()).sum();
        assert_eq!(links.len(), direct);
        let new_home = new_home_titles();
        let cleanup = new_home.iter().position(|t| *t == "Final Cleanup").unwrap();
        let links = links_among(&new_home);
        for (i, name) in new_home.iter().enumerate() {
            let mut reached = i == cleanup;
            let mut frontier = vec![i];
            while let Some(n) = frontier.pop() {
                reached |= n == cleanup;
                frontier.extend(links.iter().filter(|l| l.0 == n).map(|l| l.1));
            }
            assert!(reached, "{name} does not lead to Final Cleanup");
        }
    }

    #[test]
    fn the_new_home_critical_chain_matches_the_cited_total() {
        // sources.md, Durations: 7.6 months start to completion (2024) x 21.7 working days = 165.
        let construction: Vec<&str> = new_home_titles().into_iter().filter(|t| !PRE_START.contains(t)).collect();
        let days = critical_chain_days(&construction);
        assert!((155..=175).contains(&days), "start to completion: {days} working days");
        assert_eq!(days, 165);
        // With design, permit and fees (estimates) the whole chain is 215 working days.
        assert_eq!(critical_chain_days(&new_home_titles()), 215);
        assert_eq!(critical_chain_days(&["Roof Replacement", "Solar Panels", "Concrete Patio"]), 7);
        assert_eq!(critical_chain_days(&["Not a task"]), 0);
    }
}
