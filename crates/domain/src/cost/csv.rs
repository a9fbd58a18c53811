//! A small RFC 4180 reader for the catalogue's data files: comma separated, fields optionally
//! quoted with `"` (commas, line breaks and doubled quotes `""` inside), LF or CRLF line ends,
//! an optional UTF-8 byte-order mark. Blank lines are skipped. No I/O: it reads a `&str`.

use super::error::CatalogueError;

/// One data row and the 1-based line it starts on (for error messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    pub line: usize,
    pub fields: Vec<String>,
}

/// A parsed file: its header row and data rows.
#[derive(Debug)]
pub(crate) struct Table {
    pub file: &'static str,
    header: Vec<String>,
    pub rows: Vec<Record>,
}

impl Table {
    pub fn parse(file: &'static str, text: &str) -> Result<Table, CatalogueError> {
        let mut records = parse_records(file, text)?.into_iter();
        let header = records.next().ok_or(CatalogueError::Empty { file })?;
        let header: Vec<String> = header.fields.into_iter().map(|h| h.trim().to_owned()).collect();
        let rows: Vec<Record> = records.collect();
        for row in &rows {
            if row.fields.len() != header.len() {
                return Err(CatalogueError::Malformed {
                    file,
                    line: row.line,
                    message: format!("expected {} fields, found {}", header.len(), row.fields.len()),
                });
            }
        }
        if rows.is_empty() {
            return Err(CatalogueError::Empty { file });
        }
        Ok(Table { file, header, rows })
    }

    /// Index of a required column, by its header name.
    pub fn column(&self, name: &'static str) -> Result<usize, CatalogueError> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or(CatalogueError::MissingColumn { file: self.file, column: name })
    }

    /// Index of an optional column.
    pub fn optional_column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }
}

fn parse_records(file: &'static str, text: &str) -> Result<Vec<Record>, CatalogueError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut fields: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut line = 1usize;
    let mut record_line = 1usize;
    let mut in_quotes = false;
    // True once the current field was quoted: only a separator or line end may follow the quote.
    let mut after_quote = false;
    let mut chars = text.chars().peekable();

    let finish_record = |fields: &mut Vec<String>, field: &mut String, records: &mut Vec<Record>, at: usize| {
        fields.push(std::mem::take(field));
        let done = std::mem::take(fields);
        let blank = done.len() == 1 && done[0].trim().is_empty();
        if !blank {
            records.push(Record { line: at, fields: done });
        }
    };

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
                '\n' => {
                    line += 1;
                    field.push('\n');
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
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                finish_record(&mut fields, &mut field, &mut records, record_line);
                after_quote = false;
                line += 1;
                record_line = line;
            }
            '"' if field.is_empty() && !after_quote => in_quotes = true,
            _ if after_quote => {
                return Err(CatalogueError::Malformed {
                    file,
                    line,
                    message: "unexpected text after a closing quote".to_owned(),
                });
            }
            '"' => {
                return Err(CatalogueError::Malformed {
                    file,
                    line,
                    message: "a quote inside an unquoted field".to_owned(),
                });
            }
            _ => field.push(c),
        }
    }
    if in_quotes {
        return Err(CatalogueError::Malformed {
            file,
            line: record_line,
            message: "unterminated quoted field".to_owned(),
        });
    }
    if !field.is_empty() || !fields.is_empty() {
        finish_record(&mut fields, &mut field, &mut records, record_line);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<Vec<String>> {
        parse_records("t.csv", text).unwrap().into_iter().map(|r| r.fields).collect()
    }

    #[test]
    fn quoted_fields_keep_commas_quotes_and_line_breaks() {
        let rows = fields("a,\"b, c\",\"say \"\"hi\"\"\"\r\n\"x\ny\",,z\n");
        assert_eq!(rows[0], vec!["a", "b, c", "say \"hi\""]);
        assert_eq!(rows[1], vec!["x\ny", "", "z"]);
    }

    #[test]
    fn blank_lines_and_bom_are_skipped_and_lines_are_counted() {
        let recs = parse_records("t.csv", "\u{feff}h1,h2\n\n1,2\r\n\r\n3,4").unwrap();
        assert_eq!(recs.len(), 3);
        assert_eq!(recs[0].fields, vec!["h1", "h2"]);
        assert_eq!((recs[1].line, recs[2].line), (3, 5));
    }

    #[test]
    fn broken_quoting_is_rejected() {
        assert!(parse_records("t.csv", "a,\"open\n").is_err());
        assert!(parse_records("t.csv", "a,\"x\"y\n").is_err());
        assert!(parse_records("t.csv", "a,x\"y\n").is_err());
    }

    #[test]
    fn a_row_with_the_wrong_field_count_is_rejected() {
        let err = Table::parse("t.csv", "a,b\n1,2\n3\n").unwrap_err();
        assert!(matches!(err, CatalogueError::Malformed { line: 3, .. }), "{err}");
    }
}
