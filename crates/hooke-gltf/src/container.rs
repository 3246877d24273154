//! The GLB container (header, JSON chunk, BIN chunk) and the buffers a document names: every
//! length is checked against the bytes that are really there before it is used.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use base64::Engine as _;
use gltf::json;

use crate::GltfError;

/// Splits a file into its JSON text and the GLB BIN chunk (`None` for a `.gltf` text file).
pub(crate) fn split(bytes: &[u8]) -> Result<(&[u8], Option<&[u8]>), GltfError> {
    if !bytes.starts_with(b"glTF") {
        return Ok((bytes, None));
    }
    let word = |at: usize| -> Option<u32> {
        let b = bytes.get(at..at.checked_add(4)?)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let (Some(version), Some(length)) = (word(4), word(8)) else {
        return Err(GltfError::container(format!(
            "truncated GLB header: {} of 12 bytes",
            bytes.len()
        )));
    };
    if version != 2 {
        return Err(GltfError::container(format!(
            "GLB version {version}; only glTF 2.0 is read"
        )));
    }
    let length = length as usize;
    if length > bytes.len() {
        return Err(GltfError::container(format!(
            "truncated GLB: the header declares {length} bytes, the file has {}",
            bytes.len()
        )));
    }
    let bytes = &bytes[..length];
    let mut at = 12;
    let mut chunks: Vec<(u32, &[u8])> = Vec::new();
    while at < bytes.len() {
        let (Some(len), Some(kind)) = (word(at), word(at + 4)) else {
            return Err(GltfError::container(format!(
                "truncated GLB chunk header at byte {at}"
            )));
        };
        let start = at + 8;
        let end = start
            .checked_add(len as usize)
            .filter(|&e| e <= bytes.len());
        let Some(end) = end else {
            return Err(GltfError::container(format!(
                "truncated GLB chunk at byte {at}: {len} bytes declared, {} left",
                bytes.len() - start.min(bytes.len())
            )));
        };
        chunks.push((kind, &bytes[start..end]));
        // Chunks are padded to 4 bytes.
        at = end.saturating_add(3) & !3;
    }
    const JSON: u32 = 0x4E4F_534A;
    const BIN: u32 = 0x004E_4942;
    match chunks.as_slice() {
        [(JSON, json), rest @ ..] => {
            let bin = rest.iter().find(|(kind, _)| *kind == BIN).map(|(_, b)| *b);
            Ok((json, bin))
        }
        _ => Err(GltfError::container(
            "GLB without a JSON chunk first".to_owned(),
        )),
    }
}

/// The document of a `.gltf` or `.glb` file held in `bytes` (its JSON read, not yet validated)
/// and the GLB BIN chunk.
pub(crate) fn document(bytes: &[u8]) -> Result<(json::Root, Option<&[u8]>), GltfError> {
    let (json_bytes, bin) = split(bytes)?;
    let root = json::deserialize::from_slice(json_bytes)
        .map_err(|e| GltfError::container(format!("not glTF 2.0 JSON: {e}")))?;
    Ok((root, bin))
}

/// The bytes of every buffer of `root`: the GLB BIN chunk for a buffer without `uri`, a
/// decoded `data:` URI, or a file beside the glTF file (only when `base_dir` is given). Each is
/// cut to its declared `byteLength`, which must not exceed the bytes there are.
pub(crate) fn buffers<'a>(
    root: &json::Root,
    bin: Option<&'a [u8]>,
    base_dir: Option<&Path>,
) -> Result<Vec<Cow<'a, [u8]>>, GltfError> {
    let mut out = Vec::new();
    for (index, buffer) in root.buffers.iter().enumerate() {
        let at = format!("buffers[{index}]");
        let declared = buffer.byte_length.0;
        let data: Cow<'a, [u8]> = match buffer.uri.as_deref() {
            None => match bin {
                Some(bin) if index == 0 => Cow::Borrowed(bin),
                _ => {
                    return Err(GltfError::invalid(
                        at,
                        "no uri and no GLB BIN chunk to stand for it",
                    ));
                }
            },
            Some(uri) if uri.starts_with("data:") => {
                let Some((_, data)) = uri.split_once(";base64,") else {
                    return Err(GltfError::invalid(at, "a data: uri that is not base64"));
                };
                let decoded = base64::engine::general_purpose::STANDARD
                    .decode(data)
                    .map_err(|e| GltfError::invalid(&at, format!("bad base64 data: {e}")))?;
                Cow::Owned(decoded)
            }
            Some(uri) => {
                let Some(dir) = base_dir else {
                    return Err(GltfError::invalid(
                        at,
                        format!("external buffer `{uri}` (read the file from a path)"),
                    ));
                };
                if !is_file_uri(uri) {
                    return Err(GltfError::invalid(at, format!("remote buffer `{uri}`")));
                }
                let path = buffer_path(dir, uri);
                let meta = std::fs::metadata(&path).map_err(|source| GltfError::Io {
                    path: path.clone(),
                    source,
                })?;
                if meta.len() < declared {
                    return Err(GltfError::invalid(
                        at,
                        format!(
                            "byteLength {declared} but `{}` holds {} bytes",
                            path.display(),
                            meta.len()
                        ),
                    ));
                }
                // Only the declared bytes: a small byteLength over a file of gigabytes reads
                // (and allocates) no more than it names.
                Cow::Owned(read_prefix(&path, declared)?)
            }
        };
        if (data.len() as u64) < declared {
            return Err(GltfError::invalid(
                at,
                format!(
                    "byteLength {declared} but only {} bytes are there",
                    data.len()
                ),
            ));
        }
        let data = match data {
            Cow::Borrowed(b) => Cow::Borrowed(&b[..declared as usize]),
            Cow::Owned(mut v) => {
                v.truncate(declared as usize);
                Cow::Owned(v)
            }
        };
        out.push(data);
    }
    Ok(out)
}

/// Whether a buffer's `uri` names a file beside the glTF file: neither a `data:` URI nor a
/// remote one.
pub(crate) fn is_file_uri(uri: &str) -> bool {
    !uri.starts_with("data:") && !uri.contains("://")
}

/// The file of an external buffer's `uri` ([`is_file_uri`]), beside the glTF file in `dir`;
/// `%20` stands for a space.
pub(crate) fn buffer_path(dir: &Path, uri: &str) -> PathBuf {
    dir.join(uri.replace("%20", " "))
}

/// The first `len` bytes of the file at `path` (already known to hold at least as many),
/// allocated fallibly.
fn read_prefix(path: &Path, len: u64) -> Result<Vec<u8>, GltfError> {
    use std::io::Read as _;
    let io = |source| GltfError::Io {
        path: path.to_owned(),
        source,
    };
    let too_large = || GltfError::TooLarge {
        message: format!("cannot allocate {len} bytes for `{}`", path.display()),
    };
    let mut out = Vec::new();
    out.try_reserve_exact(usize::try_from(len).map_err(|_| too_large())?)
        .map_err(|_| too_large())?;
    std::fs::File::open(path)
        .map_err(io)?
        .take(len)
        .read_to_end(&mut out)
        .map_err(io)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_external_buffer_reads_only_its_declared_bytes() {
        // A byteLength of 96 over a file of gigabytes read (and allocated) the whole file.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.bin");
        std::fs::write(&path, vec![7_u8; 1 << 20]).unwrap();
        let prefix = read_prefix(&path, 96).unwrap();
        assert_eq!(prefix, vec![7_u8; 96]);
        assert!(prefix.capacity() < 4096, "{}", prefix.capacity());
    }

    #[test]
    fn truncated_and_lying_containers_are_errors() {
        let mut glb = b"glTF".to_vec();
        glb.extend(2u32.to_le_bytes());
        glb.extend(40u32.to_le_bytes());
        assert!(
            split(&glb)
                .unwrap_err()
                .to_string()
                .contains("truncated GLB")
        );
        let mut short = glb[..12].to_vec();
        short[8..12].copy_from_slice(&12u32.to_le_bytes());
        assert!(
            split(&short)
                .unwrap_err()
                .to_string()
                .contains("JSON chunk")
        );
        let mut lying = short.clone();
        lying.extend(u32::MAX.to_le_bytes());
        lying.extend(b"JSON");
        let len = lying.len() as u32;
        lying[8..12].copy_from_slice(&len.to_le_bytes());
        assert!(split(&lying).unwrap_err().to_string().contains("chunk"));
        assert!(split(b"glTF\x01\0\0\0\x0c\0\0\0").is_err());
        assert_eq!(split(b"{}").unwrap(), (&b"{}"[..], None));
    }
}
