//! Field shapes the handlers share: money on the wire and the optional date's schema.

/// Cents as the wire's dollars (a number with at most two decimals).
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// `YYYY-MM-DD`, or an empty string (clears, like null).
pub fn optional_date_schema() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some("`YYYY-MM-DD`; null or an empty string clears it."))
        .pattern(Some("^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))?$"))
        .build()
}
