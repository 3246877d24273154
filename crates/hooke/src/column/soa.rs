//! The one source of the column groups that hold a `glam` type one component per [`Column`]
//! ([`QuatColumns`](super::QuatColumns), [`Vec3Columns`](super::Vec3Columns)): construction,
//! element access and the conversions from and to arrays of structures, each method with its
//! rustdoc and a runnable example.

/// A struct of one [`Column`](super::Column) per component of `$item` (the columns named as the
/// item's fields, each with its padding value), built by `$make(components...)`, and its methods.
/// `$default` fills new columns in `from_*`/`to_*`; `$other` is a second value for the examples.
macro_rules! component_columns {
    (
        $(#[$meta:meta])*
        pub struct $columns:ident of $item:ident, $items:literal, padding $padding:literal {
            $( $(#[doc = $field_doc:literal])+ $field:ident: padding $pad:literal, )+
        }
        made by $make:path, default $default:expr, example $other:expr;
        fn $from:ident, $copy_from:ident, $write:ident, $to:ident;
        views mut $lanes_mut:ident;
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        pub struct $columns {
            $( $(#[doc = $field_doc])+ pub $field: Column, )+
        }

        impl $columns {
            #[doc = concat!("`len` copies of `value`; padding lanes hold ", $padding, ".")]
            ///
            /// ```
            #[doc = concat!("let c = hooke::column::", stringify!($columns), "::new(3, glam::", stringify!($default), ");")]
            /// assert_eq!(c.len(), 3);
            /// ```
            pub fn new(len: usize, value: $item) -> $columns {
                $columns {
                    $( $field: Column::with_padding(len, value.$field, $pad), )+
                }
            }

            /// [`new`](Self::new) for a `len` that comes from a caller: a size that cannot be
            /// allocated is an error instead of an abort.
            ///
            /// ```
            #[doc = concat!("use hooke::column::", stringify!($columns), ";")]
            #[doc = concat!("assert_eq!(", stringify!($columns), "::try_new(2, glam::", stringify!($default), ")?.len(), 2);")]
            #[doc = concat!("assert!(", stringify!($columns), "::try_new(usize::MAX, glam::", stringify!($default), ").is_err());")]
            /// # Ok::<(), std::collections::TryReserveError>(())
            /// ```
            pub fn try_new(
                len: usize,
                value: $item,
            ) -> Result<$columns, std::collections::TryReserveError> {
                Ok($columns {
                    $( $field: Column::try_with_padding(len, value.$field, $pad)?, )+
                })
            }

            /// From an array of structures.
            ///
            /// ```
            #[doc = concat!("let v = glam::", stringify!($other), ";")]
            #[doc = concat!("let c = hooke::column::", stringify!($columns), "::", stringify!($from), "(&[v; 3]);")]
            /// assert_eq!((c.len(), c.get(2)), (3, v));
            /// ```
            pub fn $from(values: &[$item]) -> $columns {
                let mut columns = $columns::new(values.len(), $default);
                columns
                    .$copy_from($items, values)
                    .expect("lengths match by construction");
                columns
            }

            #[doc = concat!("The number of ", $items, ".")]
            ///
            /// ```
            #[doc = concat!("let c = hooke::column::", stringify!($columns), "::new(7, glam::", stringify!($default), ");")]
            /// assert_eq!(c.len(), 7);
            /// ```
            pub fn len(&self) -> usize {
                self.x.len()
            }

            #[doc = concat!("Whether there are no ", $items, ".")]
            ///
            /// ```
            #[doc = concat!("let c = hooke::column::", stringify!($columns), "::new(0, glam::", stringify!($default), ");")]
            /// assert!(c.is_empty());
            /// ```
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            /// The columns as mutable lane slices, what the kernels write.
            ///
            /// ```
            #[doc = concat!("let mut c = hooke::column::", stringify!($columns), "::new(9, glam::", stringify!($default), ");")]
            /// assert_eq!(c.lanes_mut().len(), 2); // lane groups of 8
            /// ```
            pub fn lanes_mut(&mut self) -> $crate::views::$lanes_mut<'_> {
                $crate::views::$lanes_mut { $( $field: self.$field.lanes_mut(), )+ }
            }

            #[doc = concat!("The ", stringify!($item), " at `index` (panics if out of bounds, like slice indexing).")]
            ///
            /// ```
            #[doc = concat!("let c = hooke::column::", stringify!($columns), "::new(2, glam::", stringify!($default), ");")]
            #[doc = concat!("assert_eq!(c.get(1), glam::", stringify!($default), ");")]
            /// ```
            #[track_caller]
            pub fn get(&self, index: usize) -> $item {
                $make($( self.$field.as_slice()[index] ),+)
            }

            #[doc = concat!("Sets the ", stringify!($item), " at `index` (panics if out of bounds, like slice indexing).")]
            ///
            /// ```
            #[doc = concat!("let mut c = hooke::column::", stringify!($columns), "::new(2, glam::", stringify!($default), ");")]
            #[doc = concat!("c.set(0, glam::", stringify!($other), ");")]
            #[doc = concat!("assert_eq!(c.get(0), glam::", stringify!($other), ");")]
            /// ```
            #[track_caller]
            pub fn set(&mut self, index: usize, value: $item) {
                $( self.$field.as_mut_slice()[index] = value.$field; )+
            }

            /// Copies from an array of structures of the same length (errors name the array
            /// `name`; on an error nothing changes).
            ///
            /// ```
            #[doc = concat!("let mut c = hooke::column::", stringify!($columns), "::new(2, glam::", stringify!($default), ");")]
            #[doc = concat!("assert!(c.", stringify!($copy_from), "(\"goal\", &[glam::", stringify!($other), "]).is_err());")]
            #[doc = concat!("c.", stringify!($copy_from), "(\"goal\", &[glam::", stringify!($other), "; 2])?;")]
            #[doc = concat!("assert_eq!(c.get(1), glam::", stringify!($other), ");")]
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn $copy_from(
                &mut self,
                name: &'static str,
                values: &[$item],
            ) -> Result<(), ParamError> {
                check_len(name, self.len(), values.len())?;
                $(
                    for (column, value) in self.$field.as_mut_slice().iter_mut().zip(values) {
                        *column = value.$field;
                    }
                )+
                Ok(())
            }

            /// Writes into an array of structures of the same length (errors name the array
            /// `name`; on an error nothing is written).
            ///
            /// ```
            #[doc = concat!("let c = hooke::column::", stringify!($columns), "::new(1, glam::", stringify!($default), ");")]
            #[doc = concat!("let mut out = [glam::", stringify!($other), "];")]
            #[doc = concat!("c.", stringify!($write), "(\"out\", &mut out)?;")]
            #[doc = concat!("assert_eq!(out[0], glam::", stringify!($default), ");")]
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn $write(&self, name: &'static str, out: &mut [$item]) -> Result<(), ParamError> {
                check_len(name, self.len(), out.len())?;
                $( let $field = self.$field.as_slice(); )+
                for (i, value) in out.iter_mut().enumerate() {
                    *value = $make($( $field[i] ),+);
                }
                Ok(())
            }

            #[doc = concat!("The ", $items, " as an array of structures.")]
            ///
            /// ```
            #[doc = concat!("let c = hooke::column::", stringify!($columns), "::new(2, glam::", stringify!($default), ");")]
            #[doc = concat!("assert_eq!(c.", stringify!($to), "(), vec![glam::", stringify!($default), "; 2]);")]
            /// ```
            pub fn $to(&self) -> Vec<$item> {
                let mut out = vec![$default; self.len()];
                self.$write("out", &mut out)
                    .expect("lengths match by construction");
                out
            }
        }
    };
}
pub(super) use component_columns;
