//! BuildLedger as a library: the settings, the composition root and the server, so that `main`
//! and the HTTP test suite build the application the same way (zero-to-production's
//! `Application::build`).

pub mod reminder_job;
pub mod settings;
pub mod startup;
pub mod wiring;

pub use settings::Settings;
pub use startup::Application;
