//! Why the catalogue's data files were rejected: the one error of the CSV reader and the
//! loaders.

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
