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
//!
//! Layout, one reason to change each: `catalogue` (the catalogue's types and lookups),
//! `estimate` (the free estimate: request, lines, total), `loaders` (the embedded data files,
//! parsed and validated), `vocabulary` (aliases, suggestions and project options), `csv` (the
//! CSV reader), `error` (why the data files were rejected). The submodules are private: every
//! public item is re-exported here.

mod catalogue;
mod csv;
mod error;
mod estimate;
mod loaders;
mod vocabulary;

pub use catalogue::{
    normalize, zip3_of, CatalogueTask, CostCatalogue, Factor, Prediction, Pricing, Source, StateFactor, TaskScope,
};
pub use error::CatalogueError;
pub use estimate::{Estimate, EstimateError, EstimateLine, EstimateRequest, MAX_ESTIMATE_SQFT};
pub use loaders::{
    RENOVATION_PROJECTS_CSV, SOURCES_MD, SOURCE_LABELS_CSV, STATE_FACTORS_CSV, TASKS_CSV, US_STATE_CODES,
    ZIP3_STATE_CSV, ZIP_SOURCE_ID,
};
pub use vocabulary::{ADDITION_OPTIONS, CONVERSION_OPTIONS, RENOVATION_OPTIONS};

#[cfg(test)]
mod tests;
