//! Lane-slice views: structs of named lane slices, what the kernels take (SoA quaternions and
//! vectors here, each kernel's parameters in [`crate::lanes`]) and what [`crate::par`] splits
//! across threads. `lane_view!` is the one source of every view's `len`, `is_empty` and
//! `split_at`.

/// A view: a struct of lane slices, all `&'a [f32x8]` or all `&'a mut [f32x8]`, written as its
/// doc comment, attributes, name, slice type and path in the docs (`at "hooke::views::QuatLanes"`)
/// and its fields, each with its doc comment. Generates the struct and `len` (the shortest slice:
/// a kernel processes up to it), `is_empty` and `split_at` (every slice at the same lane group,
/// for [`crate::par`]), each with a runnable example.
macro_rules! lane_view {
    (
        $(#[$meta:meta])*
        pub struct $view:ident<$a:lifetime>: & $b:lifetime [f32x8], at $path:literal {
            $( $(#[doc = $doc:literal])+ $field:ident, )+
        }
    ) => {
        $crate::views::lane_view!(
            @define [$(#[$meta])*] $view $a (& $b [::wide::f32x8]) "&" split_at $path [$( [$($doc)+] $field )+]
        );
    };
    (
        $(#[$meta:meta])*
        pub struct $view:ident<$a:lifetime>: & $b:lifetime mut [f32x8], at $path:literal {
            $( $(#[doc = $doc:literal])+ $field:ident, )+
        }
    ) => {
        $crate::views::lane_view!(
            @define [$(#[$meta])*] $view $a (& $b mut [::wide::f32x8]) "&mut " split_at_mut $path [$( [$($doc)+] $field )+]
        );
    };
    (
        @define [$($meta:tt)*] $view:ident $a:lifetime ($slice:ty) $borrow:literal $split:ident $path:literal
        [[$($first_doc:literal)+] $first:ident $( [$($doc:literal)+] $field:ident )*]
    ) => {
        $($meta)*
        pub struct $view<$a> {
            $(#[doc = $first_doc])+
            pub $first: $slice,
            $( $(#[doc = $doc])+ pub $field: $slice, )*
        }

        impl $view<'_> {
            /// Lane groups available: the shortest slice (a kernel processes up to it).
            ///
            /// ```
            /// use wide::f32x8;
            #[doc = concat!("let view = ", $path, " {")]
            #[doc = concat!("    ", stringify!($first), ": ", $borrow, "[f32x8::ZERO; 2],")]
            $( #[doc = concat!("    ", stringify!($field), ": ", $borrow, "[f32x8::ZERO; 3],")] )*
            /// };
            /// assert_eq!(view.len(), 2);
            /// ```
            pub fn len(&self) -> usize {
                self.$first.len()$( .min(self.$field.len()) )*
            }

            /// Whether no lane group is available.
            ///
            /// ```
            #[doc = concat!("let view = ", $path, " {")]
            #[doc = concat!("    ", stringify!($first), ": ", $borrow, "[],")]
            $( #[doc = concat!("    ", stringify!($field), ": ", $borrow, "[],")] )*
            /// };
            /// assert!(view.is_empty());
            /// ```
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            /// Splits every slice at lane group `mid` (at most [`len`](Self::len)): the groups
            /// before it and the groups from it on, for [`crate::par`].
            ///
            /// ```
            /// use wide::f32x8;
            #[doc = concat!("let view = ", $path, " {")]
            #[doc = concat!("    ", stringify!($first), ": ", $borrow, "[f32x8::ZERO; 2],")]
            $( #[doc = concat!("    ", stringify!($field), ": ", $borrow, "[f32x8::ZERO; 3],")] )*
            /// };
            /// let (left, right) = view.split_at(1);
            /// assert_eq!((left.len(), right.len()), (1, 1));
            /// ```
            pub fn split_at(self, mid: usize) -> (Self, Self) {
                let mid = mid.min(self.len());
                let $first = self.$first.$split(mid);
                $( let $field = self.$field.$split(mid); )*
                (
                    $view { $first: $first.0, $( $field: $field.0, )* },
                    $view { $first: $first.1, $( $field: $field.1, )* },
                )
            }
        }
    };
}
pub(crate) use lane_view;

lane_view! {
    /// Mutable lane slices of SoA quaternions.
    #[derive(Debug)]
    pub struct QuatLanesMut<'a>: &'a mut [f32x8], at "hooke::views::QuatLanesMut" {
        /// x components.
        x,
        /// y components.
        y,
        /// z components.
        z,
        /// w components.
        w,
    }
}

lane_view! {
    /// Lane slices of SoA quaternions.
    #[derive(Debug, Clone, Copy)]
    pub struct QuatLanes<'a>: &'a [f32x8], at "hooke::views::QuatLanes" {
        /// x components.
        x,
        /// y components.
        y,
        /// z components.
        z,
        /// w components.
        w,
    }
}

lane_view! {
    /// Mutable lane slices of SoA 3-vectors.
    #[derive(Debug)]
    pub struct Vec3LanesMut<'a>: &'a mut [f32x8], at "hooke::views::Vec3LanesMut" {
        /// x components.
        x,
        /// y components.
        y,
        /// z components.
        z,
    }
}
