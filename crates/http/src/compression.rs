//! Response compression, decided per body rather than per request (issue 31).
//!
//! actix's `Compress` middleware recompresses every body at one level: the board of a project was
//! brotli-compressed again on every read of the same version (51,850 req/s plain, 2,770 with a
//! browser's `Accept-Encoding`). Here instead:
//! - the board and the summary keep their compressed bytes per encoding beside the serialized
//!   body, made on the first request of a version that wants them ([`CompressedOnce`]);
//! - built frontend files are compressed by the build (`frontend.rs`);
//! - every other body of at least [`MIN_BYTES`] in a compressible type is compressed here at a
//!   fast level; smaller ones, and files streamed from disk, leave as they are.
//!
//! Levels (measured on a 200-task board, 110 KB of JSON, release build): brotli 1 takes 0.4 ms
//! for 4.1 KB; brotli 6 takes 2.4 ms for 3.2 KB, worth it only when the result is kept; brotli 11
//! takes 810 ms. gzip (for clients without brotli) at 1 and 6.

use std::io::Write;
use std::sync::{Arc, OnceLock};

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::web::Bytes;

/// Bodies smaller than this are sent as they are: compressing saves less than it costs.
pub const MIN_BYTES: usize = 1024;

/// The encodings this server writes, in the order it prefers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    pub fn token(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    fn header(self) -> HeaderValue {
        HeaderValue::from_static(self.token())
    }
}

/// How hard to work: once per kept body, or for every response.
#[derive(Clone, Copy, Debug)]
pub enum Effort {
    Kept,
    Fast,
}

/// Whether `accept` (an `Accept-Encoding` value) allows `coding`: listed (or `*`) without `q=0`.
pub fn accepts(accept: &str, coding: &str) -> bool {
    let mut wildcard = false;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let refused = parts.any(|p| {
            let p = p.trim();
            p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")).and_then(|q| q.trim().parse::<f32>().ok())
                == Some(0.0)
        });
        if name.eq_ignore_ascii_case(coding) {
            return !refused;
        }
        if name == "*" {
            wildcard = !refused;
        }
    }
    wildcard
}

/// The coding to answer a request with, from its `Accept-Encoding`.
pub fn negotiate(accept: Option<&HeaderValue>) -> Option<Coding> {
    let accept = accept?.to_str().ok()?;
    [Coding::Brotli, Coding::Gzip].into_iter().find(|c| accepts(accept, c.token()))
}

/// `body` compressed with `coding`.
pub fn compress(body: &[u8], coding: Coding, effort: Effort) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 4 + 64);
    match coding {
        Coding::Brotli => {
            let quality = match effort {
                Effort::Kept => 6,
                Effort::Fast => 1,
            };
            let mut writer = brotli::CompressorWriter::new(&mut out, 4096, quality, 22);
            writer.write_all(body).expect("writing to memory");
        }
        Coding::Gzip => {
            let level = match effort {
                Effort::Kept => 6,
                Effort::Fast => 1,
            };
            let mut writer = flate2::write::GzEncoder::new(&mut out, flate2::Compression::new(level));
            writer.write_all(body).expect("writing to memory");
            writer.finish().expect("writing to memory");
        }
    }
    Bytes::from(out)
}

/// A kept body's compressed forms, each made once, on the first request that wants it. Clones
/// share them.
#[derive(Clone, Default)]
pub struct CompressedOnce {
    brotli: Arc<OnceLock<Bytes>>,
    gzip: Arc<OnceLock<Bytes>>,
}

impl CompressedOnce {
    /// `body` in `coding` (made now if this is the first request for it).
    pub fn get(&self, body: &[u8], coding: Coding) -> Bytes {
        let cell = match coding {
            Coding::Brotli => &self.brotli,
            Coding::Gzip => &self.gzip,
        };
        cell.get_or_init(|| compress(body, coding, Effort::Kept)).clone()
    }
}

/// A JSON body kept per version (board, summary) and its compressed forms.
#[derive(Clone)]
pub struct KeptJson {
    pub json: Bytes,
    compressed: CompressedOnce,
}

impl KeptJson {
    pub fn new(json: Bytes) -> Self {
        KeptJson { json, compressed: CompressedOnce::default() }
    }

    /// A 200 response with this body, in the best encoding the request accepts (when worth it).
    pub fn respond(
        &self,
        accept: Option<&HeaderValue>,
        mut res: actix_web::HttpResponseBuilder,
    ) -> actix_web::HttpResponse {
        res.content_type("application/json");
        if self.json.len() < MIN_BYTES {
            return res.body(self.json.clone());
        }
        res.insert_header((header::VARY, "accept-encoding"));
        match negotiate(accept) {
            Some(coding) => {
                res.insert_header((header::CONTENT_ENCODING, coding.header()));
                res.body(self.compressed.get(&self.json, coding))
            }
            None => res.body(self.json.clone()),
        }
    }
}

/// Whether a `Content-Type` is worth compressing (text; not images, PDFs or archives).
fn compressible(content_type: Option<&HeaderValue>) -> bool {
    let Some(value) = content_type.and_then(|v| v.to_str().ok()) else { return false };
    let essence = value.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json" | "application/javascript" | "application/xml" | "application/manifest+json"
        )
}

/// The middleware: compresses a response's in-memory body at [`Effort::Fast`] when the client
/// accepts it, the body is compressible and large enough, and the handler did not encode it.
pub async fn compress_responses(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let coding = negotiate(req.headers().get(header::ACCEPT_ENCODING));
    let res = next.call(req).await?;
    Ok(res.map_body(|head, body| {
        let skip = head.headers.contains_key(header::CONTENT_ENCODING)
            || matches!(head.status, StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED | StatusCode::PARTIAL_CONTENT)
            || !compressible(head.headers.get(header::CONTENT_TYPE));
        if skip {
            return body.boxed();
        }
        // Files streamed from disk keep streaming (built files come precompressed).
        let bytes = match body.try_into_bytes() {
            Ok(bytes) => bytes,
            Err(body) => return body.boxed(),
        };
        if bytes.len() < MIN_BYTES {
            return BoxBody::new(bytes);
        }
        head.headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
        match coding {
            Some(coding) => {
                head.headers.insert(header::CONTENT_ENCODING, coding.header());
                head.headers.remove(header::CONTENT_LENGTH);
                BoxBody::new(compress(&bytes, coding, Effort::Fast))
            }
            None => BoxBody::new(bytes),
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn brotli_decode(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        brotli::Decompressor::new(bytes, 4096).read_to_end(&mut out).unwrap();
        out
    }

    fn gzip_decode(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).unwrap();
        out
    }

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("GZIP;q=0.5", "gzip"));
        assert!(!accepts("gzip;q=0, deflate", "gzip"));
        assert!(accepts("*", "br"));
        assert!(!accepts("*;q=0", "br"));
        assert!(!accepts("br;q=0, *", "br"));
        assert!(!accepts("identity", "gzip"));
        let browser = HeaderValue::from_static("gzip, deflate, br, zstd");
        assert_eq!(negotiate(Some(&browser)), Some(Coding::Brotli));
        assert_eq!(negotiate(Some(&HeaderValue::from_static("deflate, gzip"))), Some(Coding::Gzip));
        assert_eq!(negotiate(Some(&HeaderValue::from_static("zstd"))), None);
        assert_eq!(negotiate(None), None);
    }

    #[test]
    fn both_codings_round_trip_at_both_efforts() {
        let body = br#"{"title":"Framing","status":"To Do"}"#.repeat(200);
        for effort in [Effort::Fast, Effort::Kept] {
            let br = compress(&body, Coding::Brotli, effort);
            let gz = compress(&body, Coding::Gzip, effort);
            assert!(br.len() < body.len() / 10 && gz.len() < body.len() / 10);
            assert_eq!(brotli_decode(&br), body);
            assert_eq!(gzip_decode(&gz), body);
        }
    }

    #[test]
    fn a_kept_body_is_compressed_once_and_shared_by_its_clones() {
        let kept = KeptJson::new(Bytes::from(br#"{"a":1}"#.repeat(500)));
        let clone = kept.clone();
        let first = kept.compressed.get(&kept.json, Coding::Brotli);
        let again = clone.compressed.get(&clone.json, Coding::Brotli);
        // The same allocation: made once.
        assert_eq!(first.as_ptr(), again.as_ptr());
        assert_eq!(brotli_decode(&again), kept.json);
    }

    #[test]
    fn only_text_types_are_compressible() {
        for yes in ["application/json", "text/html; charset=utf-8", "application/problem+json", "text/csv"] {
            assert!(compressible(Some(&HeaderValue::from_static(yes))), "{yes}");
        }
        for no in ["application/pdf", "image/jpeg", "application/octet-stream", "application/zip"] {
            assert!(!compressible(Some(&HeaderValue::from_static(no))), "{no}");
        }
        assert!(!compressible(None));
    }
}
