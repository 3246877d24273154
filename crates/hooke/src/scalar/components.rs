//! Values as arrays of `f32` components, so that one function serves `f32`, `Vec2` and `Vec3`.

use glam::{Vec2, Vec3};

/// A value as the array of its `N` components (`f32` as one).
pub(crate) trait Components<const N: usize>: Copy {
    /// The components, borrowed in place.
    fn as_mut_array(&mut self) -> &mut [f32; N];
    /// The components.
    fn to_components(self) -> [f32; N];
    /// The value with these components.
    fn from_components(components: [f32; N]) -> Self;
}

impl Components<1> for f32 {
    fn as_mut_array(&mut self) -> &mut [f32; 1] {
        core::array::from_mut(self)
    }
    fn to_components(self) -> [f32; 1] {
        [self]
    }
    fn from_components([x]: [f32; 1]) -> f32 {
        x
    }
}

/// The glam vectors, through their own array conversions.
macro_rules! vector_components {
    ($($vector:ty: $n:literal),+) => {$(
        impl Components<$n> for $vector {
            fn as_mut_array(&mut self) -> &mut [f32; $n] {
                self.as_mut()
            }
            fn to_components(self) -> [f32; $n] {
                self.to_array()
            }
            fn from_components(components: [f32; $n]) -> $vector {
                <$vector>::from_array(components)
            }
        }
    )+};
}

vector_components!(Vec2: 2, Vec3: 3);
