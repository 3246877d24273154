//! Reading float data out of accessors, checked: the accessor must fit its buffer view and the
//! view its buffer before one value is read or one byte allocated, so a count of 2^31 in the
//! JSON is an error, not an abort.

use std::borrow::Cow;

use gltf::json::accessor::{ComponentType, Type};
use gltf::json::validation::Checked;
use gltf::json::{self};

use crate::GltfError;

/// The most values (floats) one accessor may hold: 256 MiB of `f32`.
pub(crate) const MAX_ACCESSOR_VALUES: u64 = 1 << 26;

/// The values of accessor `index` as `f32` (normalized integers converted as the glTF
/// specification says), with the element width (1 for SCALAR, 3 for VEC3, ...). `ty` lists the
/// accessor types the caller accepts; `what` names the use for messages.
pub(crate) fn read_floats(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    index: usize,
    types: &[Type],
    what: &str,
) -> Result<(Vec<f32>, usize), GltfError> {
    let at = format!("accessors[{index}]");
    let Some(accessor) = root.accessors.get(index) else {
        return Err(GltfError::invalid(what, format!("no accessor {index}")));
    };
    let (Checked::Valid(ty), Checked::Valid(component)) = (accessor.type_, accessor.component_type)
    else {
        return Err(GltfError::invalid(at, "invalid type or componentType"));
    };
    let component = component.0;
    if !types.contains(&ty) {
        return Err(GltfError::invalid(
            at,
            format!("{what} needs a {types:?} accessor, found {ty:?}"),
        ));
    }
    if accessor.sparse.is_some() {
        return Err(GltfError::invalid(at, "sparse accessors are not supported"));
    }
    let width = ty.multiplicity();
    let count = accessor.count.0;
    if count == 0 {
        return Err(GltfError::invalid(at, "count is 0"));
    }
    let too_many = || {
        GltfError::invalid(
            &at,
            format!("count {count} of {ty:?} is more than the {MAX_ACCESSOR_VALUES} values read"),
        )
    };
    // Bounded by the buffer's bytes below when there is a buffer view, by the limit otherwise.
    let values = usize::try_from(count.checked_mul(width as u64).ok_or_else(too_many)?)
        .map_err(|_| too_many())?;
    let float = component == ComponentType::F32;
    if !float && !accessor.normalized {
        return Err(GltfError::invalid(
            at,
            format!("{component:?} components that are not normalized (floats expected)"),
        ));
    }
    let size = component.size() as u64;
    let element = size * width as u64;
    let Some(view_index) = accessor.buffer_view else {
        // No buffer view: all zeros.
        if values as u64 > MAX_ACCESSOR_VALUES {
            return Err(too_many());
        }
        return Ok((zeros(values, &at)?, width));
    };
    let view_at = format!("bufferViews[{}]", view_index.value());
    let Some(view) = root.buffer_views.get(view_index.value()) else {
        return Err(GltfError::invalid(at, format!("no {view_at}")));
    };
    let Some(buffer) = buffers.get(view.buffer.value()) else {
        return Err(GltfError::invalid(view_at, "its buffer does not exist"));
    };
    let view_start = view.byte_offset.map_or(0, |o| o.0);
    let view_len = view.byte_length.0;
    let view_bytes = view_start
        .checked_add(view_len)
        .filter(|&end| end <= buffer.len() as u64)
        .map(|end| &buffer[view_start as usize..end as usize])
        .ok_or_else(|| {
            GltfError::invalid(
                &view_at,
                format!(
                    "bytes {view_start}..+{view_len} are outside buffer {} of {} bytes",
                    view.buffer.value(),
                    buffer.len()
                ),
            )
        })?;
    let stride = view.byte_stride.map_or(element, |s| s.0 as u64);
    if stride < element {
        return Err(GltfError::invalid(
            view_at,
            format!("byteStride {stride} is less than the {element}-byte element"),
        ));
    }
    let offset = accessor.byte_offset.map_or(0, |o| o.0);
    let needed = (count - 1)
        .checked_mul(stride)
        .and_then(|n| n.checked_add(element))
        .and_then(|n| n.checked_add(offset));
    if needed.is_none_or(|n| n > view_bytes.len() as u64) {
        return Err(GltfError::invalid(
            at,
            format!(
                "count {count} of {ty:?} {component:?} from byte {offset} needs {} bytes but \
                 {view_at} holds {}",
                needed.map_or("more than 2^64".to_owned(), |n| n.to_string()),
                view_bytes.len()
            ),
        ));
    }
    let mut out = Vec::new();
    out.try_reserve_exact(values)
        .map_err(|_| GltfError::TooLarge {
            message: format!("{at}: cannot allocate {values} values"),
        })?;
    let (offset, stride, size) = (offset as usize, stride as usize, size as usize);
    for k in 0..count as usize {
        let base = offset + k * stride;
        for c in 0..width {
            let b = &view_bytes[base + c * size..][..size];
            out.push(decode(component, b));
        }
    }
    Ok((out, width))
}

fn zeros(values: usize, at: &str) -> Result<Vec<f32>, GltfError> {
    let mut out = Vec::new();
    out.try_reserve_exact(values)
        .map_err(|_| GltfError::TooLarge {
            message: format!("{at}: cannot allocate {values} values"),
        })?;
    out.resize(values, 0.0);
    Ok(out)
}

/// One component as `f32`: floats as they are, normalized integers as the specification maps
/// them (`max(c / 127, -1)` for bytes, `c / 255` for unsigned bytes, ...).
fn decode(component: ComponentType, b: &[u8]) -> f32 {
    match component {
        ComponentType::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
        ComponentType::I8 => (f32::from(b[0] as i8) / 127.0).max(-1.0),
        ComponentType::U8 => f32::from(b[0]) / 255.0,
        ComponentType::I16 => (f32::from(i16::from_le_bytes([b[0], b[1]])) / 32767.0).max(-1.0),
        ComponentType::U16 => f32::from(u16::from_le_bytes([b[0], b[1]])) / 65535.0,
        ComponentType::U32 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f32 / u32::MAX as f32,
    }
}
