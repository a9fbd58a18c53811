//! Default durations and finish-to-start links of the standard task list (data/schedule_template.csv,
//! sources in data/sources.md). docs/schedule.md.
