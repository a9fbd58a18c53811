//! HEIC (HEIF, ISO/IEC 23008-12, on the ISO base media file format).
//!
//! No kept crate cleans HEIC without decoding it: img-parts does not read ISO-BMFF, and
//! little_exif 0.6 rewrites the Exif item only (XMP stays), needs an `iref` box and asserts
//! (panics) on an Exif item stored in several extents. Decoding and re-encoding through libheif
//! would lose quality and run a HEVC decoder on untrusted input.
//!
//! A HEIC's metadata are items of its `meta` box: `iinf` names each item (type `Exif`, or `mime`
//! with content type `application/rdf+xml` for XMP) and `iloc` says where its bytes are. Those
//! bytes are overwritten in place by an empty EXIF block and an empty XMP packet of the same
//! length, so no size or offset anywhere in the file changes and the image items are never
//! touched. Orientation lives in the image's `irot`/`imir` properties, which stay. Every check is
//! made before the first byte is written; a file that does not parse, whose metadata is stored in
//! a way this does not handle, or that holds a `moov` box (an image sequence or a video under a
//! .heic name, whose tracks can carry a position of their own) is refused.

use std::ops::Range;

use crate::Unreadable;

/// The `uuid` box type of XMP packets (as MP4 and JPEG 2000 files carry them).
const XMP_UUID: [u8; 16] =
    [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC];
const XMP_CONTENT_TYPE: &[u8] = b"application/rdf+xml";

fn bad(reason: &str) -> Unreadable {
    Unreadable::new(format!("HEIC: {reason}"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Metadata {
    Exif,
    Xmp,
}

/// The byte ranges of each metadata item to overwrite.
type Blanks = Vec<(Metadata, Vec<Range<usize>>)>;

/// A box: its type, where its body starts (after size and type) and where it ends.
#[derive(Debug, Clone, Copy)]
struct BoxAt {
    kind: [u8; 4],
    body: usize,
    end: usize,
}

/// Overwrites the Exif and XMP of a HEIC file in place.
pub(crate) fn scrub(data: &mut [u8]) -> Result<(), Unreadable> {
    let blanks = metadata_ranges(data)?;
    for (kind, ranges) in blanks {
        let total = ranges.iter().map(|r| r.len()).sum();
        let mut replacement = match kind {
            Metadata::Exif => empty_exif(total),
            Metadata::Xmp => empty_xmp(total),
        }
        .into_iter();
        for range in ranges {
            for byte in &mut data[range] {
                *byte = replacement.next().unwrap_or(0);
            }
        }
    }
    Ok(())
}

/// Where the metadata bytes are, checked to lie inside the file.
fn metadata_ranges(data: &[u8]) -> Result<Blanks, Unreadable> {
    let top = boxes(data, 0, data.len())?;
    if top.first().map(|b| b.kind) != Some(*b"ftyp") {
        return Err(bad("the file does not start with a file type box"));
    }
    if top.iter().any(|b| b.kind == *b"moov") {
        return Err(bad("image sequences and videos are not accepted"));
    }
    let meta = top.iter().find(|b| b.kind == *b"meta").ok_or_else(|| bad("no meta box"))?;
    // `meta` is a full box: version and flags come before its children.
    let children_start = meta.body.checked_add(4).filter(|&s| s <= meta.end).ok_or_else(|| bad("meta box cut"))?;
    let children = boxes(data, children_start, meta.end)?;
    let child = |kind: &[u8; 4]| children.iter().find(|b| b.kind == *kind);

    let mut out = Vec::new();
    let items = match child(b"iinf") {
        Some(iinf) => metadata_items(data, iinf)?,
        None => Vec::new(),
    };
    if !items.is_empty() {
        let iloc = child(b"iloc").ok_or_else(|| bad("metadata items without locations"))?;
        let locations = item_locations(data, iloc)?;
        for (id, kind) in items {
            // An item with no location, or whose data is in another file, has no bytes here.
            let Some(location) = locations.iter().find(|l| l.item_id == id) else { continue };
            if location.data_reference_index != 0 {
                continue;
            }
            let (origin, limit) = match location.construction_method {
                0 => (0, data.len()),
                1 => {
                    let idat = child(b"idat").ok_or_else(|| bad("item data box missing"))?;
                    (idat.body, idat.end)
                }
                _ => return Err(bad("metadata built from other items")),
            };
            let mut ranges = Vec::with_capacity(location.extents.len());
            for &(offset, length) in &location.extents {
                if length == 0 {
                    return Err(bad("metadata item of open-ended length"));
                }
                let range = location
                    .base_offset
                    .checked_add(offset)
                    .and_then(|o| usize::try_from(o).ok())
                    .and_then(|o| origin.checked_add(o))
                    .and_then(|start| Some(start..start.checked_add(usize::try_from(length).ok()?)?))
                    .filter(|r| r.end <= limit)
                    .ok_or_else(|| bad("metadata item outside the file"))?;
                ranges.push(range);
            }
            out.push((kind, ranges));
        }
    }
    for b in &top {
        if b.kind == *b"uuid" && b.end >= b.body + 16 && data[b.body..b.body + 16] == XMP_UUID {
            out.push((Metadata::Xmp, vec![Range { start: b.body + 16, end: b.end }]));
        }
    }
    Ok(out)
}

/// The boxes laid one after another in `data[from..to]`.
fn boxes(data: &[u8], from: usize, to: usize) -> Result<Vec<BoxAt>, Unreadable> {
    let mut out = Vec::new();
    let mut at = from;
    while at < to {
        let mut r = Reader { data, pos: at, end: to };
        let size = r.u32()?;
        let kind = r.fourcc()?;
        let size = match size {
            0 => (to - at) as u64,
            1 => r.u64()?,
            n => u64::from(n),
        };
        let end = usize::try_from(size)
            .ok()
            .and_then(|s| at.checked_add(s))
            .filter(|&end| end <= to && end >= r.pos)
            .ok_or_else(|| bad("a box runs past its parent"))?;
        out.push(BoxAt { kind, body: r.pos, end });
        at = end;
    }
    Ok(out)
}

/// The ids of the Exif and XMP items listed in `iinf`.
fn metadata_items(data: &[u8], iinf: &BoxAt) -> Result<Vec<(u32, Metadata)>, Unreadable> {
    let mut r = Reader { data, pos: iinf.body, end: iinf.end };
    let version = r.u8()?;
    r.take(3)?;
    if version == 0 {
        r.u16()?;
    } else {
        r.u32()?;
    }
    let mut out = Vec::new();
    for infe in boxes(data, r.pos, iinf.end)?.iter().filter(|b| b.kind == *b"infe") {
        let mut r = Reader { data, pos: infe.body, end: infe.end };
        let version = r.u8()?;
        r.take(3)?;
        let (id, kind) = match version {
            0 | 1 => {
                let id = u32::from(r.u16()?);
                r.u16()?; // protection index
                r.string(); // name
                let content_type = r.string();
                (id, content_type.starts_with(XMP_CONTENT_TYPE).then_some(Metadata::Xmp))
            }
            2 | 3 => {
                let id = if version == 2 { u32::from(r.u16()?) } else { r.u32()? };
                r.u16()?; // protection index
                let item_type = r.fourcc()?;
                r.string(); // name
                let kind = match &item_type {
                    b"Exif" => Some(Metadata::Exif),
                    b"mime" if r.string().starts_with(XMP_CONTENT_TYPE) => Some(Metadata::Xmp),
                    _ => None,
                };
                (id, kind)
            }
            _ => return Err(bad("unknown item information version")),
        };
        if let Some(kind) = kind {
            out.push((id, kind));
        }
    }
    Ok(out)
}

#[derive(Debug)]
struct Location {
    item_id: u32,
    construction_method: u16,
    data_reference_index: u16,
    base_offset: u64,
    /// (offset, length) of each extent.
    extents: Vec<(u64, u64)>,
}

/// The item locations of `iloc` (versions 0 to 2).
fn item_locations(data: &[u8], iloc: &BoxAt) -> Result<Vec<Location>, Unreadable> {
    let mut r = Reader { data, pos: iloc.body, end: iloc.end };
    let version = r.u8()?;
    r.take(3)?;
    if version > 2 {
        return Err(bad("unknown item location version"));
    }
    let sizes = r.u8()?;
    let (offset_size, length_size) = (sizes >> 4, sizes & 0xF);
    let sizes = r.u8()?;
    let base_offset_size = sizes >> 4;
    let index_size = if version == 0 { 0 } else { sizes & 0xF };
    let count = if version < 2 { u32::from(r.u16()?) } else { r.u32()? };
    let mut out = Vec::new();
    for _ in 0..count {
        let item_id = if version < 2 { u32::from(r.u16()?) } else { r.u32()? };
        let construction_method = if version == 0 { 0 } else { r.u16()? & 0xF };
        let data_reference_index = r.u16()?;
        let base_offset = r.uint(base_offset_size)?;
        let extent_count = r.u16()?;
        let mut extents = Vec::with_capacity(usize::from(extent_count));
        if offset_size == 0 && length_size == 0 && index_size == 0 {
            // Extents with no fields: offset 0 and the length of the whole source (open-ended).
            if extent_count > 0 {
                extents.push((0, 0));
            }
        } else {
            for _ in 0..extent_count {
                r.uint(index_size)?;
                let offset = r.uint(offset_size)?;
                let length = r.uint(length_size)?;
                extents.push((offset, length));
            }
        }
        out.push(Location { item_id, construction_method, data_reference_index, base_offset, extents });
    }
    Ok(out)
}

/// An EXIF item's payload with no tags: the offset of the TIFF header, `Exif\0\0`, a TIFF
/// header and an empty directory; zeros after it (or zeros only when the item is smaller).
fn empty_exif(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let empty: &[u8] = b"\0\0\0\x06Exif\0\0MM\0\x2A\0\0\0\x08\0\0\0\0\0\0";
    if len >= empty.len() {
        out.extend_from_slice(empty);
    }
    out.resize(len, 0);
    out
}

/// An empty XMP packet padded with spaces, as XMP writers pad packets (spaces only when the item
/// is smaller).
fn empty_xmp(len: usize) -> Vec<u8> {
    let head: &[u8] = br#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>"#;
    let tail: &[u8] = br#"<?xpacket end="w"?>"#;
    let mut out = Vec::with_capacity(len);
    if len >= head.len() + tail.len() {
        out.extend_from_slice(head);
        out.resize(len - tail.len(), b' ');
        out.extend_from_slice(tail);
    }
    out.resize(len, b' ');
    out
}

/// Big-endian reads inside `data[..end]`, failing rather than reading past it.
struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    end: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Unreadable> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.end).ok_or_else(|| bad("a box is cut short"))?;
        let bytes = &self.data[self.pos..end];
        self.pos = end;
        Ok(bytes)
    }

    fn u8(&mut self) -> Result<u8, Unreadable> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, Unreadable> {
        Ok(u16::from_be_bytes([self.u8()?, self.u8()?]))
    }

    fn u32(&mut self) -> Result<u32, Unreadable> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, Unreadable> {
        Ok((u64::from(self.u32()?) << 32) | u64::from(self.u32()?))
    }

    fn fourcc(&mut self) -> Result<[u8; 4], Unreadable> {
        let b = self.take(4)?;
        Ok([b[0], b[1], b[2], b[3]])
    }

    /// An unsigned number of 0, 4 or 8 bytes (the sizes `iloc` allows).
    fn uint(&mut self, size: u8) -> Result<u64, Unreadable> {
        match size {
            0 => Ok(0),
            4 => Ok(u64::from(self.u32()?)),
            8 => self.u64(),
            _ => Err(bad("unsupported field size in item locations")),
        }
    }

    /// A NUL-terminated string, or the rest of the box when the NUL is missing.
    fn string(&mut self) -> &'a [u8] {
        let rest = &self.data[self.pos.min(self.end)..self.end];
        match rest.iter().position(|&b| b == 0) {
            Some(n) => {
                self.pos += n + 1;
                &rest[..n]
            }
            None => {
                self.pos = self.end;
                rest
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{assert_clean, camera_exif, contains, xmp_packet};

    fn bx(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = ((body.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(body);
        out
    }

    fn full(kind: &[u8; 4], version: u8, body: &[u8]) -> Vec<u8> {
        let mut b = vec![version, 0, 0, 0];
        b.extend_from_slice(body);
        bx(kind, &b)
    }

    /// An `infe` (version 2) for an item of this type; `mime` items get the XMP content type.
    fn infe(id: u16, item_type: &[u8; 4]) -> Vec<u8> {
        let mut b = id.to_be_bytes().to_vec();
        b.extend_from_slice(&[0, 0]);
        b.extend_from_slice(item_type);
        b.push(0); // empty name
        if item_type == b"mime" {
            b.extend_from_slice(b"application/rdf+xml\0");
        }
        full(b"infe", 2, &b)
    }

    struct Item {
        id: u16,
        item_type: &'static [u8; 4],
        /// The payload, split into extents.
        extents: Vec<Vec<u8>>,
        /// In the `idat` box rather than in `mdat`.
        in_idat: bool,
    }

    fn item(id: u16, item_type: &'static [u8; 4], payload: Vec<u8>) -> Item {
        Item { id, item_type, extents: vec![payload], in_idat: false }
    }

    /// The image item's coded data: must come out byte for byte.
    const HEVC: &[u8] = b"HEVC-CODED-PICTURE-DATA-UNTOUCHED";

    fn exif_item_payload() -> Vec<u8> {
        let mut p = vec![0, 0, 0, 6];
        p.extend(camera_exif(Some(6)));
        p
    }

    /// ftyp, meta (hdlr, pitm, iinf, iloc version 1, idat) and mdat with the items' data.
    fn heic(items: &[Item], extra_top: &[Vec<u8>]) -> Vec<u8> {
        let ftyp = bx(b"ftyp", b"heic\0\0\0\0mif1heic");
        let idat_body: Vec<u8> = items.iter().filter(|i| i.in_idat).flat_map(|i| i.extents.concat()).collect();
        let build = |mdat_start: usize| {
            let mut iinf = (items.len() as u16).to_be_bytes().to_vec();
            for i in items {
                iinf.extend(infe(i.id, i.item_type));
            }
            let mut iloc = vec![0x44, 0x00];
            iloc.extend_from_slice(&(items.len() as u16).to_be_bytes());
            let (mut in_mdat, mut in_idat) = (mdat_start, 0usize);
            for i in items {
                iloc.extend_from_slice(&i.id.to_be_bytes());
                iloc.extend_from_slice(&(if i.in_idat { 1u16 } else { 0 }).to_be_bytes());
                iloc.extend_from_slice(&0u16.to_be_bytes());
                iloc.extend_from_slice(&(i.extents.len() as u16).to_be_bytes());
                for e in &i.extents {
                    let at = if i.in_idat { &mut in_idat } else { &mut in_mdat };
                    iloc.extend_from_slice(&(*at as u32).to_be_bytes());
                    iloc.extend_from_slice(&(e.len() as u32).to_be_bytes());
                    *at += e.len();
                }
            }
            let mut meta = full(b"hdlr", 0, b"\0\0\0\0pict\0\0\0\0\0\0\0\0\0\0\0\0\0");
            meta.extend(full(b"pitm", 0, &1u16.to_be_bytes()));
            meta.extend(full(b"iinf", 0, &iinf));
            meta.extend(full(b"iloc", 1, &iloc));
            meta.extend(bx(b"idat", &idat_body));
            full(b"meta", 0, &meta)
        };
        let mut head = ftyp.clone();
        head.extend(build(0));
        for b in extra_top {
            head.extend_from_slice(b);
        }
        let mdat_start = head.len() + 8;
        let mut out = ftyp;
        out.extend(build(mdat_start));
        for b in extra_top {
            out.extend_from_slice(b);
        }
        let mdat_body: Vec<u8> = items.iter().filter(|i| !i.in_idat).flat_map(|i| i.extents.concat()).collect();
        out.extend(bx(b"mdat", &mdat_body));
        out
    }

    fn scrubbed(mut file: Vec<u8>) -> Vec<u8> {
        scrub(&mut file).unwrap();
        file
    }

    #[test]
    fn exif_and_xmp_items_are_emptied_in_place_and_the_picture_is_untouched() {
        let original = heic(
            &[item(1, b"hvc1", HEVC.to_vec()), item(2, b"Exif", exif_item_payload()), item(3, b"mime", xmp_packet())],
            &[],
        );
        assert!(contains(&original, b"Canon") && contains(&original, b"GPSLatitude"));
        let cleaned = scrubbed(original.clone());
        assert_clean(&cleaned);
        assert_eq!(cleaned.len(), original.len(), "nothing moves");
        assert!(contains(&cleaned, HEVC));
        let exif_at = original.windows(10).position(|w| w == b"\0\0\0\x06Exif\0\0").unwrap();
        assert_eq!(&cleaned[exif_at..exif_at + 24], b"\0\0\0\x06Exif\0\0MM\0\x2A\0\0\0\x08\0\0\0\0\0\0");
        let xmp_at = original.windows(9).position(|w| w == b"<?xpacket").unwrap();
        let xmp = &cleaned[xmp_at..xmp_at + xmp_packet().len()];
        assert!(xmp.starts_with(b"<?xpacket begin=") && xmp.ends_with(b"<?xpacket end=\"w\"?>"), "an empty packet");
        // Only the metadata bytes changed.
        let changed = original.iter().zip(&cleaned).filter(|(a, b)| a != b).count();
        assert!(changed <= exif_item_payload().len() + xmp_packet().len());
    }

    #[test]
    fn metadata_in_several_extents_or_in_the_item_data_box_is_emptied_too() {
        let exif = exif_item_payload();
        let (a, b) = exif.split_at(40);
        let split = Item { id: 2, item_type: b"Exif", extents: vec![a.to_vec(), b.to_vec()], in_idat: false };
        let in_idat = Item { id: 3, item_type: b"mime", extents: vec![xmp_packet()], in_idat: true };
        let cleaned = scrubbed(heic(&[item(1, b"hvc1", HEVC.to_vec()), split, in_idat], &[]));
        assert_clean(&cleaned);
        assert!(contains(&cleaned, HEVC));
    }

    #[test]
    fn an_xmp_uuid_box_is_emptied() {
        let mut body = XMP_UUID.to_vec();
        body.extend(xmp_packet());
        let cleaned = scrubbed(heic(&[item(1, b"hvc1", HEVC.to_vec())], &[bx(b"uuid", &body)]));
        assert_clean(&cleaned);
        assert!(contains(&cleaned, &XMP_UUID));
    }

    #[test]
    fn a_heic_without_metadata_is_unchanged() {
        let original = heic(&[item(1, b"hvc1", HEVC.to_vec())], &[]);
        assert_eq!(scrubbed(original.clone()), original);
    }

    #[test]
    fn sequences_videos_and_damaged_files_are_refused_untouched() {
        let good = heic(&[item(1, b"hvc1", HEVC.to_vec()), item(2, b"Exif", exif_item_payload())], &[]);
        let with_moov = heic(&[item(1, b"hvc1", HEVC.to_vec())], &[bx(b"moov", b"udta \xA9xyz+30.27-097.74/")]);
        let no_meta = [bx(b"ftyp", b"heic\0\0\0\0mif1heic"), bx(b"mdat", HEVC)].concat();
        let mut past_end = good.clone();
        past_end.truncate(good.len() - 10);
        let mut mdat_size_fixed = past_end.clone();
        let mdat_at = mdat_size_fixed.windows(4).rposition(|w| w == b"mdat").unwrap() - 4;
        let fixed = (mdat_size_fixed.len() - mdat_at) as u32;
        mdat_size_fixed[mdat_at..mdat_at + 4].copy_from_slice(&fixed.to_be_bytes());
        for (name, bad_file) in [
            ("moov", with_moov),
            ("no meta", no_meta),
            ("cut", past_end),
            ("exif past the end", mdat_size_fixed),
            ("not ISO-BMFF", b"\0\0\0\x0cftyp".to_vec()),
        ] {
            let mut copy = bad_file.clone();
            assert!(scrub(&mut copy).is_err(), "{name}");
            assert_eq!(copy, bad_file, "{name}: untouched");
        }
    }

    #[test]
    fn metadata_built_from_other_items_or_open_ended_is_refused() {
        let good = heic(&[item(1, b"hvc1", HEVC.to_vec()), item(2, b"Exif", exif_item_payload())], &[]);
        let iloc = good.windows(4).position(|w| w == b"iloc").unwrap() + 4;
        // iloc v1 body: version/flags (4), sizes (2), count (2), then item 1 (2 + 2 + 2 + 2 + 8).
        let item2 = iloc + 8 + 16;
        let mut from_items = good.clone();
        from_items[item2 + 3] = 2; // construction method 2
        assert!(scrub(&mut from_items).is_err());
        let mut open_ended = good.clone();
        open_ended[item2 + 8 + 4..item2 + 8 + 8].copy_from_slice(&[0, 0, 0, 0]); // length 0
        assert!(scrub(&mut open_ended).is_err());
    }

    #[test]
    fn other_box_versions_parse() {
        // iloc version 2 (32-bit ids and count, 8-byte offsets) and infe version 3.
        let mut iinf = 1u32.to_be_bytes().to_vec();
        let mut e = 7u32.to_be_bytes().to_vec();
        e.extend_from_slice(b"\0\0Exif\0");
        iinf.extend(full(b"infe", 3, &e));
        let payload = exif_item_payload();
        let head_len = |iloc: &[u8], iinf: &[u8]| {
            let meta = full(b"meta", 0, &[full(b"iinf", 1, iinf), full(b"iloc", 2, iloc)].concat());
            bx(b"ftyp", b"heic\0\0\0\0mif1heic").len() + meta.len() + 8
        };
        let iloc_for = |at: u64| {
            let mut l = vec![0x84, 0x00];
            l.extend_from_slice(&1u32.to_be_bytes());
            l.extend_from_slice(&7u32.to_be_bytes());
            l.extend_from_slice(&[0, 0, 0, 0, 0, 1]);
            l.extend_from_slice(&at.to_be_bytes());
            l.extend_from_slice(&(payload.len() as u32).to_be_bytes());
            l
        };
        let at = head_len(&iloc_for(0), &iinf) as u64;
        let meta = full(b"meta", 0, &[full(b"iinf", 1, &iinf), full(b"iloc", 2, &iloc_for(at))].concat());
        let file = [bx(b"ftyp", b"heic\0\0\0\0mif1heic"), meta, bx(b"mdat", &payload)].concat();
        assert!(contains(&file, b"Canon"));
        assert_clean(&scrubbed(file));
    }

    #[test]
    fn damaged_files_never_panic() {
        let good = heic(
            &[item(1, b"hvc1", HEVC.to_vec()), item(2, b"Exif", exif_item_payload()), item(3, b"mime", xmp_packet())],
            &[],
        );
        for len in 0..good.len() {
            let _ = scrub(&mut good[..len].to_vec());
        }
        for i in 0..good.len() {
            for flip in [0xFF, 0x80, 0x01] {
                let mut file = good.clone();
                file[i] ^= flip;
                let _ = scrub(&mut file);
            }
        }
    }
}
