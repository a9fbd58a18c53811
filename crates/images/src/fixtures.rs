//! Test images built in the tests: real minimal JPEG and WebP image data, EXIF blocks like a
//! camera writes them (GPS, make, model, serial number, dates, a thumbnail), XMP packets.

use img_parts::png::PngChunk;
use img_parts::riff::{RiffChunk, RiffContent};
use img_parts::Bytes;

/// A 2x1 grey baseline JPEG (JFIF APP0, one quantisation table, two Huffman tables, one scan).
pub const JPEG: &[u8] = b"\xff\xd8\
\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\
\xff\xdb\x00\x43\x00\x10\x0b\x0c\x0e\x0c\x0a\x10\x0e\x0d\x0e\x12\x11\x10\x13\x18\x28\x1a\x18\x16\x16\x18\x31\x23\
\x25\x1d\x28\x3a\x33\x3d\x3c\x39\x33\x38\x37\x40\x48\x5c\x4e\x40\x44\x57\x45\x37\x38\x50\x6d\x51\x57\x5f\x62\x67\
\x68\x67\x3e\x4d\x71\x79\x70\x64\x78\x5c\x65\x67\x63\
\xff\xc0\x00\x0b\x08\x00\x01\x00\x02\x01\x01\x11\x00\
\xff\xc4\x00\x14\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\xff\xc4\x00\x14\x10\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00\x3f\xff\xd9";

/// The image data of a 1x1 lossless WebP (a `VP8L` chunk's payload).
pub const VP8L: &[u8] = b"\x2f\x00\x00\x00\x00\x07\x50\xb2\x22\x57\xa6\xff\x81\x88\xe8\x7f\x00";

/// Text that must never survive a scrub: every one of them is metadata of the fixtures.
pub const SECRETS: [&[u8]; 9] = [
    b"Canon",
    b"EOS R5",
    b"SN-4242-XYZ",
    b"2026:11:20",
    b"THUMBNAIL",
    b"GPSLatitude",
    b"XMP-Model-Secret",
    b"Lens-Serial-77",
    b"MOTION-VIDEO",
];

pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Panics naming the first piece of metadata found in `bytes`.
pub fn assert_clean(bytes: &[u8]) {
    for secret in SECRETS {
        assert!(!contains(bytes, secret), "{:?} survived", String::from_utf8_lossy(secret));
    }
    assert!(!contains(bytes, &gps_latitude()), "the GPS latitude survived");
}

/// The GPS latitude as a camera stores it: three little-endian rationals (30° 16' 12.34").
pub fn gps_latitude() -> Vec<u8> {
    [30u32, 1, 16, 1, 1234, 100].iter().flat_map(|v| v.to_le_bytes()).collect()
}

enum Value {
    Inline([u8; 4]),
    Data(Vec<u8>),
    Ifd(usize),
}

struct Entry(u16, u16, u32, Value);

fn ascii(tag: u16, text: &str) -> Entry {
    let mut bytes = text.as_bytes().to_vec();
    bytes.push(0);
    let count = bytes.len() as u32;
    if bytes.len() <= 4 {
        bytes.resize(4, 0);
        Entry(tag, 2, count, Value::Inline(bytes.try_into().unwrap()))
    } else {
        Entry(tag, 2, count, Value::Data(bytes))
    }
}

fn long(tag: u16, value: u32) -> Entry {
    Entry(tag, 4, 1, Value::Inline(value.to_le_bytes()))
}

/// A little-endian TIFF structure of several directories; directory 1, when there are more
/// than one and `ifd1` is set, is IFD0's next directory (the thumbnail's).
fn tiff(ifds: Vec<Vec<Entry>>, ifd1: Option<usize>) -> Vec<u8> {
    let mut offsets = Vec::new();
    let mut at = 8usize;
    for ifd in &ifds {
        offsets.push(at);
        at += 2 + 12 * ifd.len() + 4;
    }
    let mut data = Vec::new();
    let data_start = at;
    let mut out = b"II\x2A\0".to_vec();
    out.extend_from_slice(&8u32.to_le_bytes());
    for (i, ifd) in ifds.iter().enumerate() {
        out.extend_from_slice(&(ifd.len() as u16).to_le_bytes());
        for Entry(tag, kind, count, value) in ifd {
            out.extend_from_slice(&tag.to_le_bytes());
            out.extend_from_slice(&kind.to_le_bytes());
            out.extend_from_slice(&count.to_le_bytes());
            match value {
                Value::Inline(v) => out.extend_from_slice(v),
                Value::Data(d) => {
                    out.extend_from_slice(&((data_start + data.len()) as u32).to_le_bytes());
                    data.extend_from_slice(d);
                }
                Value::Ifd(k) => out.extend_from_slice(&(offsets[*k] as u32).to_le_bytes()),
            }
        }
        let next = if i == 0 { ifd1.map_or(0, |k| offsets[k] as u32) } else { 0 };
        out.extend_from_slice(&next.to_le_bytes());
    }
    out.extend_from_slice(&data);
    out
}

/// A TIFF structure whose IFD0 holds exactly these raw entries (tag, type, count, value).
pub fn tiff_entries(entries: &[(u16, u16, u32, [u8; 4])]) -> Vec<u8> {
    tiff(vec![entries.iter().map(|&(t, k, c, v)| Entry(t, k, c, Value::Inline(v))).collect()], None)
}

/// An EXIF block as a phone writes it, with the `Exif\0\0` prefix: make, model, date and
/// (optionally) orientation in IFD0, a serial number and lens serial in the Exif IFD, the
/// position in the GPS IFD, and a thumbnail in IFD1.
pub fn camera_exif(orientation: Option<u16>) -> Vec<u8> {
    let mut ifd0 = vec![ascii(0x010F, "Canon"), ascii(0x0110, "EOS R5")];
    if let Some(o) = orientation {
        let [a, b] = o.to_le_bytes();
        ifd0.push(Entry(0x0112, 3, 1, Value::Inline([a, b, 0, 0])));
    }
    ifd0.push(ascii(0x0132, "2026:11:20 10:11:12"));
    ifd0.push(Entry(0x8769, 4, 1, Value::Ifd(2)));
    ifd0.push(Entry(0x8825, 4, 1, Value::Ifd(3)));
    let thumbnail = b"\xFF\xD8THUMBNAIL with its own GPS\xFF\xD9".to_vec();
    let ifd1 = vec![
        long(0x0201, 0), // patched below: where the thumbnail starts
        long(0x0202, thumbnail.len() as u32),
    ];
    let exif_ifd =
        vec![ascii(0x9003, "2026:11:20 10:11:12"), ascii(0xA431, "SN-4242-XYZ"), ascii(0xA435, "Lens-Serial-77")];
    let gps = vec![
        ascii(0x0001, "N"),
        Entry(0x0002, 5, 3, Value::Data(gps_latitude())),
        ascii(0x0003, "W"),
        Entry(0x0004, 5, 3, Value::Data([97u32, 1, 44, 1, 5678, 100].iter().flat_map(|v| v.to_le_bytes()).collect())),
    ];
    let mut body = tiff(vec![ifd0, ifd1, exif_ifd, gps], Some(1));
    // The thumbnail goes at the end; IFD1's first entry points at it.
    let thumb_at = body.len() as u32;
    body.extend_from_slice(&thumbnail);
    patch_long(&mut body, 0x0201, thumb_at);
    let mut exif = b"Exif\0\0".to_vec();
    exif.extend_from_slice(&body);
    exif
}

/// Sets the value of the first entry with `tag` in any directory (a linear search of entries:
/// fine for the fixtures, whose tags are unique).
fn patch_long(tiff: &mut [u8], tag: u16, value: u32) {
    let mut ifd = u32::from_le_bytes(tiff[4..8].try_into().unwrap()) as usize;
    while ifd != 0 {
        let count = u16::from_le_bytes(tiff[ifd..ifd + 2].try_into().unwrap()) as usize;
        for i in 0..count {
            let e = ifd + 2 + 12 * i;
            if u16::from_le_bytes(tiff[e..e + 2].try_into().unwrap()) == tag {
                tiff[e + 8..e + 12].copy_from_slice(&value.to_le_bytes());
                return;
            }
        }
        ifd = u32::from_le_bytes(tiff[ifd + 2 + 12 * count..ifd + 6 + 12 * count].try_into().unwrap()) as usize;
    }
    panic!("no tag {tag:#06x}");
}

/// An XMP packet with a position and a camera model.
pub fn xmp_packet() -> Vec<u8> {
    br#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" exif:GPSLatitude="30,16.2N" tiff:Model="XMP-Model-Secret"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>"#.to_vec()
}

/// [`JPEG`] with these segments (marker, payload) inserted right after its APP0.
pub fn jpeg_with_segments(segments: &[(u8, Vec<u8>)]) -> Vec<u8> {
    let mut out = JPEG[..20].to_vec();
    for (marker, payload) in segments {
        out.extend_from_slice(&[0xFF, *marker]);
        out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(payload);
    }
    out.extend_from_slice(&JPEG[20..]);
    out
}

pub fn jpeg_with_app1(payload: &[u8]) -> Vec<u8> {
    jpeg_with_segments(&[(0xE1, payload.to_vec())])
}

/// The APP1 payload of an XMP packet in JPEG.
pub fn jpeg_xmp_payload() -> Vec<u8> {
    let mut p = b"http://ns.adobe.com/xap/1.0/\0".to_vec();
    p.extend_from_slice(&xmp_packet());
    p
}

/// The payload of every segment with `marker` before the image data.
pub fn jpeg_segments(jpeg: &[u8], marker: u8) -> Vec<Vec<u8>> {
    let parsed = img_parts::jpeg::Jpeg::from_bytes(Bytes::copy_from_slice(jpeg)).unwrap();
    parsed.segments().iter().filter(|s| s.marker() == marker).map(|s| s.contents().to_vec()).collect()
}

pub fn png_chunk(kind: &[u8; 4], contents: &[u8]) -> Vec<u8> {
    PngChunk::new(*kind, Bytes::copy_from_slice(contents)).encoder().bytes().to_vec()
}

/// A 1x1 grey PNG with these chunks between IHDR and IDAT, and `after` between IDAT and IEND.
pub fn png_with(before: &[Vec<u8>], after: &[Vec<u8>]) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(png_chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]));
    for c in before {
        out.extend_from_slice(c);
    }
    // zlib, one stored block holding the row: filter 0, one grey byte 0.
    out.extend(png_chunk(b"IDAT", b"\x78\x01\x01\x02\x00\xfd\xff\x00\x00\x00\x02\x00\x01"));
    for c in after {
        out.extend_from_slice(c);
    }
    out.extend(png_chunk(b"IEND", b""));
    out
}

pub fn png_chunk_kinds(png: &[u8]) -> Vec<[u8; 4]> {
    img_parts::png::Png::from_bytes(Bytes::copy_from_slice(png)).unwrap().chunks().iter().map(|c| c.kind()).collect()
}

pub fn png_chunk_data(png: &[u8], kind: &[u8; 4]) -> Option<Vec<u8>> {
    let parsed = img_parts::png::Png::from_bytes(Bytes::copy_from_slice(png)).unwrap();
    parsed.chunk_by_type(*kind).map(|c| c.contents().to_vec())
}

/// A 1x1 lossless WebP in the extended format with these chunks after the image data; the
/// VP8X flags say what is there, as a writer sets them.
pub fn webp_with(flags: u8, after: &[(&[u8; 4], Vec<u8>)]) -> Vec<u8> {
    let mut chunks = vec![
        RiffChunk::new(*b"VP8X", RiffContent::Data(Bytes::copy_from_slice(&[flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
        RiffChunk::new(*b"VP8L", RiffContent::Data(Bytes::from_static(VP8L))),
    ];
    for (id, data) in after {
        chunks.push(RiffChunk::new(**id, RiffContent::Data(Bytes::copy_from_slice(data))));
    }
    let riff = RiffChunk::new(*b"RIFF", RiffContent::List { kind: Some(*b"WEBP"), subchunks: chunks });
    riff.encoder().bytes().to_vec()
}

/// The (id, data) of each top-level chunk of a WebP.
pub fn webp_chunks(webp: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let parsed = img_parts::webp::WebP::from_bytes(Bytes::copy_from_slice(webp)).unwrap();
    parsed.chunks().iter().map(|c| (c.id(), c.content().data().map(|d| d.to_vec()).unwrap_or_default())).collect()
}
