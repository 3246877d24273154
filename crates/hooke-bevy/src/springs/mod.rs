//! Spring components: [`TransformSpring`] (a `Transform` following a goal or another entity) and
//! [`SmoothDamp`] (a `Vec3` value with velocity, Unity-style `smooth_time`), each kind updated in
//! batches with hooke's SIMD kernels, exact for any frame time.

mod batch;
mod smooth_damp;
mod transform;

pub(crate) use batch::SpringBatches;
pub use smooth_damp::SmoothDamp;
pub(crate) use smooth_damp::update_smooth_damps;
pub(crate) use transform::update_transform_springs;
pub use transform::{SpringGoal, TransformSpring};
