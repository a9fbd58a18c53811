//! Documents: files (quotes, invoices, plans) attached to a task.

pub const MAX_DOCUMENT_BYTES: u64 = 25 * 1024 * 1024;
pub const NAME_MAX: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub id: i64,
    pub task_id: i64,
    pub project_id: i64,
    pub owner_id: i64,
    /// Sanitised original file name, shown to the user and used in downloads.
    pub name: String,
    pub content_type: String,
    pub size_bytes: i64,
    /// Where the storage adapter keeps the bytes; never shown to users.
    pub storage_key: String,
    pub uploaded_at: chrono::NaiveDateTime,
}

/// A file kind we accept, by extension, with the content type we serve it with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileKind {
    pub extension: &'static str,
    pub content_type: &'static str,
}

/// PDF, images, text, csv, Word and Excel (DECISIONS.md).
pub const ALLOWED_KINDS: [FileKind; 13] = [
    FileKind { extension: "pdf", content_type: "application/pdf" },
    FileKind { extension: "png", content_type: "image/png" },
    FileKind { extension: "jpg", content_type: "image/jpeg" },
    FileKind { extension: "jpeg", content_type: "image/jpeg" },
    FileKind { extension: "gif", content_type: "image/gif" },
    FileKind { extension: "webp", content_type: "image/webp" },
    FileKind { extension: "heic", content_type: "image/heic" },
    FileKind { extension: "txt", content_type: "text/plain; charset=utf-8" },
    FileKind { extension: "csv", content_type: "text/csv; charset=utf-8" },
    FileKind { extension: "doc", content_type: "application/msword" },
    FileKind {
        extension: "docx",
        content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    },
    FileKind { extension: "xls", content_type: "application/vnd.ms-excel" },
    FileKind { extension: "xlsx", content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
];

/// The kind of a file from its name's extension, if allowed.
pub fn kind_from_name(name: &str) -> Option<FileKind> {
    let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
    ALLOWED_KINDS.iter().copied().find(|k| k.extension == ext)
}

/// Checks that the first bytes of a file fit its claimed kind, so a renamed executable or
/// HTML page is not served as a PDF or image. Text kinds must be valid UTF-8 without NULs.
pub fn content_matches_kind(kind: FileKind, head: &[u8]) -> bool {
    let starts = |sig: &[u8]| head.starts_with(sig);
    match kind.extension {
        "pdf" => starts(b"%PDF-"),
        "png" => starts(b"\x89PNG\r\n\x1a\n"),
        "jpg" | "jpeg" => starts(b"\xFF\xD8\xFF"),
        "gif" => starts(b"GIF87a") || starts(b"GIF89a"),
        "webp" => head.len() >= 12 && &head[0..4] == b"RIFF" && &head[8..12] == b"WEBP",
        "heic" => head.len() >= 12 && &head[4..8] == b"ftyp",
        // Zip container (Office Open XML).
        "docx" | "xlsx" => starts(b"PK\x03\x04"),
        // OLE2 compound file (legacy Office).
        "doc" | "xls" => starts(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"),
        "txt" | "csv" => !head.contains(&0) && valid_utf8_prefix(head),
        _ => false,
    }
}

/// UTF-8 check that tolerates a multi-byte character cut at the end of the sample.
fn valid_utf8_prefix(bytes: &[u8]) -> bool {
    match std::str::from_utf8(bytes) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none() && bytes.len() - e.valid_up_to() < 4,
    }
}

/// Unicode's bidirectional formatting characters: a right-to-left override makes
/// `invoice\u{202e}fdp.exe` display as `invoiceexe.pdf`.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Makes an uploaded file name safe to store and to put in a header: no path parts, no
/// control or quote characters, no bidirectional controls, at most [`NAME_MAX`] characters,
/// never empty.
pub fn sanitize_file_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = base
        .chars()
        .filter(|c| !is_bidi_control(*c))
        .map(|c| if c.is_control() || "\"<>:|?*;".contains(c) { '_' } else { c })
        .collect();
    let cleaned = cleaned.trim().trim_start_matches('.').to_owned();
    let name = if cleaned.is_empty() { "document".to_owned() } else { cleaned };
    if name.chars().count() <= NAME_MAX {
        return name;
    }
    // Keep the extension when shortening.
    match name.rsplit_once('.') {
        Some((stem, ext)) if ext.len() <= 10 => {
            let keep = NAME_MAX - ext.len() - 1;
            format!("{}.{}", stem.chars().take(keep).collect::<String>(), ext)
        }
        _ => name.chars().take(NAME_MAX).collect(),
    }
}

/// A new name for a stored document: sanitised like an upload's, and keeping the file's
/// extension when the new name has none or another one (the type of a stored file does not
/// change with its name: "Smith bid" for `quote.pdf` becomes `Smith bid.pdf`).
pub fn rename_file(current: &str, raw: &str) -> Result<String, crate::DomainError> {
    let typed = raw.trim();
    if typed.is_empty() {
        return Err(crate::FieldErrors::single("name", crate::messages::BLANK));
    }
    if typed.chars().count() > NAME_MAX {
        return Err(crate::FieldErrors::single("name", crate::messages::too_long(NAME_MAX)));
    }
    let ext = |name: &str| name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).filter(|e| !e.is_empty());
    let cleaned = sanitize_file_name(typed);
    let named = match (ext(current), ext(&cleaned)) {
        (Some(old), Some(new)) if old == new => cleaned,
        (Some(old), _) => format!("{cleaned}.{old}"),
        (None, _) => cleaned,
    };
    Ok(sanitize_file_name(&named))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renamed_document_keeps_its_extension() {
        assert_eq!(rename_file("quote.pdf", " Smith bid ").unwrap(), "Smith bid.pdf");
        assert_eq!(rename_file("quote.pdf", "Smith bid.PDF").unwrap(), "Smith bid.PDF");
        assert_eq!(rename_file("quote.pdf", "Smith bid.exe").unwrap(), "Smith bid.exe.pdf");
        assert_eq!(rename_file("plan.png", "../../etc/passwd").unwrap(), "passwd.png");
        assert_eq!(rename_file("notes", "Site notes").unwrap(), "Site notes");
        assert!(rename_file("quote.pdf", "   ").is_err());
        assert!(rename_file("quote.pdf", &"x".repeat(NAME_MAX + 1)).is_err());
        assert!(!rename_file("quote.pdf", "a\u{202e}fdp.exe").unwrap().contains('\u{202e}'));
    }

    #[test]
    fn allowed_kinds_come_from_the_extension() {
        assert_eq!(kind_from_name("Quote.PDF").unwrap().content_type, "application/pdf");
        assert_eq!(kind_from_name("plan.jpeg").unwrap().content_type, "image/jpeg");
        assert!(kind_from_name("virus.exe").is_none());
        assert!(kind_from_name("noext").is_none());
        assert!(kind_from_name("page.html").is_none());
    }

    #[test]
    fn content_must_match_the_claimed_kind() {
        let pdf = kind_from_name("a.pdf").unwrap();
        assert!(content_matches_kind(pdf, b"%PDF-1.7\n..."));
        assert!(!content_matches_kind(pdf, b"<html><script>"));
        let png = kind_from_name("a.png").unwrap();
        assert!(content_matches_kind(png, b"\x89PNG\r\n\x1a\nrest"));
        assert!(!content_matches_kind(png, b"GIF89a"));
        let txt = kind_from_name("a.txt").unwrap();
        assert!(content_matches_kind(txt, "prix: 12 €".as_bytes()));
        assert!(!content_matches_kind(txt, b"MZ\x00\x00binary"));
        // A multi-byte character cut by the sample boundary is still text.
        assert!(content_matches_kind(txt, &"é".as_bytes()[..1]));
        let docx = kind_from_name("a.docx").unwrap();
        assert!(content_matches_kind(docx, b"PK\x03\x04..."));
    }

    #[test]
    fn file_names_are_sanitised() {
        assert_eq!(sanitize_file_name("../../etc/passwd"), "passwd");
        assert_eq!(sanitize_file_name("C:\\Users\\me\\quote.pdf"), "quote.pdf");
        assert_eq!(sanitize_file_name("a\"b\r\n.pdf"), "a_b__.pdf");
        assert_eq!(sanitize_file_name(".."), "document");
        assert_eq!(sanitize_file_name(""), "document");
        // Bidirectional controls go: the name reads as it is stored.
        assert_eq!(sanitize_file_name("invoice\u{202e}fdp.exe"), "invoicefdp.exe");
        assert_eq!(sanitize_file_name("\u{2067}quote\u{2069}\u{200f}.pdf\u{061c}"), "quote.pdf");
        let long = format!("{}.pdf", "x".repeat(300));
        let s = sanitize_file_name(&long);
        assert_eq!(s.chars().count(), NAME_MAX);
        assert!(s.ends_with(".pdf"));
    }
}
