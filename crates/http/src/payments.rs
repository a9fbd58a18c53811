//! Placeholder until the payments handlers land (replace this whole file).

pub fn configure(_cfg: &mut actix_web::web::ServiceConfig) {}
