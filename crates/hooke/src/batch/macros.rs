//! The one source of the methods every batch type has (each generated with its rustdoc and a
//! runnable example): `update`, `par_update` and `update_with_grain` ([`batch_updates!`]), `len`,
//! `is_empty`, `set_state` and the column accessors ([`batch_columns!`]), and a halflife batch's
//! constructors and setters ([`halflife_batch!`], [`halflife_setters!`]). A batch writes only what
//! is its own: its fields, its kernels' wiring (`advance`), its doc comments.

/// `update`, `par_update` and `update_with_grain` of a batch type: one implementation of the
/// `dt` check and of the threading choice for every batch. The batch writes
/// `fn advance(&mut self, dt: f32, grain: usize)`, its update over a checked `dt` (finite,
/// `>= 0`) split in pieces of at least `grain` lane groups ([`crate::par::run`]). The tokens after
/// the batch's name build the batch `s` of the doc examples (a hundred springs or more, so that
/// a grain of 1 splits it).
macro_rules! batch_updates {
    ($batch:ident, $($example:tt)+) => {
        impl $batch {
            /// Advances the whole batch by `dt` (finite, `>= 0`) on the calling thread.
            ///
            /// ```
            #[doc = concat!("let mut s = ", $($example)+, ";")]
            /// s.update(1.0 / 60.0)?;
            /// assert!(s.update(f32::NAN).is_err());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn update(&mut self, dt: f32) -> Result<(), crate::ParamError> {
                self.update_with_grain(dt, crate::par::NO_SPLIT)
            }

            /// Advances the whole batch by `dt` on rayon's threads, bit-identical to
            /// [`update`](Self::update); a batch below [`crate::par::DEFAULT_GRAIN`] lane groups
            /// stays on the calling thread.
            ///
            /// ```
            #[doc = concat!("let mut s = ", $($example)+, ";")]
            /// s.par_update(1.0 / 60.0)?;
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn par_update(&mut self, dt: f32) -> Result<(), crate::ParamError> {
                self.update_with_grain(dt, crate::par::DEFAULT_GRAIN)
            }

            /// Like [`par_update`](Self::par_update) with a chosen minimum of lane groups (8
            /// springs each) per task; 0 counts as 1, [`crate::par::NO_SPLIT`] never splits.
            ///
            /// ```
            #[doc = concat!("let mut s = ", $($example)+, ";")]
            /// s.update_with_grain(0.1, 1)?; // tiny grain: split across threads anyway
            /// assert!(s.update_with_grain(-0.1, 1).is_err());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), crate::ParamError> {
                let dt = crate::error::check_dt(dt)?;
                self.advance(dt, grain);
                Ok(())
            }
        }
    };
}
pub(crate) use batch_updates;

/// `len`, `is_empty`, `set_state` and the slice accessors of a batch type's `f32` columns: one
/// source for the methods every batch has, each with its rustdoc and a runnable example.
/// `$example` builds a batch `s` of two `$items` (every column it exposes mutably at 0); `$len`
/// is the column whose length is the batch's. Each method is written as its receiver and the
/// field it reads, a column read and written as its two names and a one-line doc without the
/// final period, `set_state` as the fields it sets in the order of its arguments:
///
/// ```text
/// /// Sets every spring's position and velocity.
/// fn set_state(x, v);       // pub fn set_state(&mut self, x: &[f32], v: &[f32]) -> Result<..>
/// /// Positions
/// fn x, x_mut = x;          // pub fn x(&self) -> &[f32] ("Positions.") and
///                           // pub fn x_mut(&mut self) -> &mut [f32] ("Positions, mutably.")
/// /// Goals, mutably.
/// fn goal_mut(&mut self) = goal;  // pub fn goal_mut(&mut self) -> &mut [f32]
/// /// Goals.
/// fn goal(&self) = goal;          // pub fn goal(&self) -> &[f32]
/// ```
macro_rules! batch_columns {
    (@methods $example:literal;) => {};
    (
        @methods $example:literal;
        #[doc = $doc:literal] fn $name:ident, $name_mut:ident = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $crate::batch::macros::batch_columns!(
            @methods $example;
            #[doc = concat!($doc, ".")] fn $name(&self) = $($field).+;
            #[doc = concat!($doc, ", mutably.")] fn $name_mut(&mut self) = $($field).+;
            $($rest)*
        );
    };
    (
        @methods $example:literal;
        $(#[doc = $doc:expr])+ fn set_state($first:ident $(, $more:ident)*);
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])+
        ///
        /// Every slice's length must be the batch's (errors name the slice whose length
        /// differs); on an error nothing changes.
        ///
        /// ```
        #[doc = concat!("let mut s = ", $example, ";")]
        #[doc = concat!("let ", stringify!($first), " = [1.0, 2.0];")]
        $( #[doc = concat!("let ", stringify!($more), " = [0.0; 2];")] )*
        #[doc = concat!("s.set_state(&", stringify!($first), $(", &", stringify!($more),)* ")?;")]
        #[doc = concat!(
            "assert!(s.set_state(&", stringify!($first), "[..1]", $(", &", stringify!($more),)*
            ").is_err());"
        )]
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn set_state(&mut self, $first: &[f32] $(, $more: &[f32])*) -> Result<(), crate::ParamError> {
            $crate::batch::set_columns([
                (&mut self.$first, stringify!($first), $first),
                $( (&mut self.$more, stringify!($more), $more), )*
            ])
        }

        $crate::batch::macros::batch_columns!(@methods $example; $($rest)*);
    };
    (
        @methods $example:literal;
        $(#[doc = $doc:expr])+ fn $name:ident(&self) = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])+
        ///
        /// ```
        #[doc = concat!("let s = ", $example, ";")]
        #[doc = concat!("assert_eq!(s.", stringify!($name), "().len(), s.len());")]
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn $name(&self) -> &[f32] {
            self.$($field).+.as_slice()
        }

        $crate::batch::macros::batch_columns!(@methods $example; $($rest)*);
    };
    (
        @methods $example:literal;
        $(#[doc = $doc:expr])+ fn $name:ident(&mut self) = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])+
        ///
        /// ```
        #[doc = concat!("let mut s = ", $example, ";")]
        #[doc = concat!("s.", stringify!($name), "()[1] = 0.5;")]
        #[doc = concat!("assert_eq!(s.", stringify!($name), "(), &[0.0, 0.5]);")]
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn $name(&mut self) -> &mut [f32] {
            self.$($field).+.as_mut_slice()
        }

        $crate::batch::macros::batch_columns!(@methods $example; $($rest)*);
    };
    (
        $batch:ident = $example:literal, $items:literal of $($len:ident).+;
        $($methods:tt)*
    ) => {
        impl $batch {
            #[doc = concat!("Number of ", $items, ".")]
            ///
            /// ```
            #[doc = concat!("let s = ", $example, ";")]
            /// assert_eq!(s.len(), 2);
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn len(&self) -> usize {
                self.$($len).+.len()
            }

            #[doc = concat!("Whether there are no ", $items, ".")]
            ///
            /// ```
            #[doc = concat!("let s = ", $example, ";")]
            /// assert!(!s.is_empty());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            $crate::batch::macros::batch_columns!(@methods $example; $($methods)*);
        }
    };
}
pub(crate) use batch_columns;

/// The constructors, setters and updates of a batch whose field `halflife` is a
/// [`Halflife<C>`](super::halflife::Halflife) with per-spring rates from `$rate`: `new(len,
/// halflife)` and `with_halflives(halflives)` (each with the doc comment written before it),
/// [`halflife_setters!`] and [`batch_updates!`]. Both constructors go through
/// `at_rest(len, halflife)`: generated from the state columns listed after `at rest`, each a
/// [`state_column`](super::state_column) at 0 or, written `q: QuatColumns::try_new(Quat::IDENTITY)`,
/// made by `QuatColumns::try_new(len, Quat::IDENTITY)` (an allocation failure naming the batch).
/// The update, `advance(dt, grain)`, is [`Halflife::run`](super::halflife::Halflife::run) on the
/// lane slices of the columns it writes, then of those it reads (listed after `on`), with the
/// shared coefficients of `step(halflife, dt)` and the two kernels after `=>`; a batch whose state
/// is not columns writes its own `advance`.
///
/// ```text
/// halflife_batch! {
///     CriticalSprings(LaneCoeffs), rate critical_rate, at rest x, v, goal, goal_velocity;
///     /// `len` springs ...
///     fn new;
///     /// One spring per halflife ...
///     fn with_halflives;
///     fn advance(dt) on (x, v; goal, goal_velocity) by critical_coeffs =>
///         |(x, v, g, q), c| spring_shared(x, v, g, q, c),
///         |(x, v, g, q), y| spring_rates(x, v, g, q, y, dt);
/// }
/// ```
macro_rules! halflife_batch {
    (@column $batch:ident, $len:ident) => {
        super::state_column(stringify!($batch), $len)
    };
    (@column $batch:ident, $len:ident, $columns:ident, $make:ident, $init:expr) => {
        $columns::$make($len, $init).map_err(super::out_of_memory(stringify!($batch), $len))
    };
    (
        $batch:ident($coeffs:ty), rate $rate:path, at rest $($column:ident $(: $columns:ident::$make:ident($init:expr))?),+;
        $(#[doc = $new_doc:literal])+ fn new;
        $(#[doc = $with_doc:literal])+ fn with_halflives;
        $(
            fn advance($dt:ident) on ($($written:ident),+; $($read:ident),*) by $step:expr =>
                $shared:expr, $rates:expr;
        )?
    ) => {
        impl $batch {
            $(
                /// One update over a checked `dt`, split by `grain`: the shared kernel with the
                /// shared halflife's coefficients, or the per-spring kernel with the rates.
                fn advance(&mut self, $dt: f32, grain: usize) {
                    let state = ($(self.$written.lanes_mut(),)+ $(self.$read.lanes(),)*);
                    self.halflife.run($dt, grain, state, $step, &$shared, &$rates);
                }
            )?

            $(#[doc = $new_doc])+
            pub fn new(len: usize, halflife: f32) -> Result<$batch, crate::ParamError> {
                $batch::at_rest(len, super::halflife::Halflife::shared(halflife)?)
            }

            $(#[doc = $with_doc])+
            pub fn with_halflives(halflives: &[f32]) -> Result<$batch, crate::ParamError> {
                let name = stringify!($batch);
                let halflife = super::halflife::Halflife::per_spring(name, halflives, $rate)?;
                $batch::at_rest(halflives.len(), halflife)
            }

            /// `len` springs at rest with `halflife`.
            fn at_rest(
                len: usize,
                halflife: super::halflife::Halflife<$coeffs>,
            ) -> Result<$batch, crate::ParamError> {
                Ok($batch {
                    $(
                        $column: $crate::batch::macros::halflife_batch!(
                            @column $batch, len $(, $columns, $make, $init)?
                        )?,
                    )+
                    halflife,
                })
            }
        }

        $crate::batch::macros::halflife_setters!($batch, halflife, $rate);
        $crate::batch::macros::batch_updates!(
            $batch,
            concat!("hooke::batch::", stringify!($batch), "::with_halflives(&[0.1; 100])?")
        );
    };
}
pub(crate) use halflife_batch;

/// `set_halflife` and `set_halflives` of a batch whose field `$field` holds its halflife (a
/// `Halflife<_>` or the timed springs' `TimedParams`: anything with `set_shared` and
/// `set_per_spring`), per-spring rates from `$rate`: one implementation of the setters every
/// halflife batch has, so that they check and fail alike. The tokens after `$rate` build a batch
/// `s` of two springs for the doc examples (by default `with_halflives(&[0.1, 0.2])`).
macro_rules! halflife_setters {
    ($batch:ident, $($field:ident).+, $rate:path) => {
        $crate::batch::macros::halflife_setters!(
            $batch,
            $($field).+,
            $rate,
            concat!("hooke::batch::", stringify!($batch), "::with_halflives(&[0.1, 0.2])?")
        );
    };
    ($batch:ident, $($field:ident).+, $rate:path, $($example:tt)+) => {
        impl $batch {
            /// Gives the whole batch one halflife (finite, `>= 0`). On an error nothing changes.
            ///
            /// ```
            #[doc = concat!("let mut s = ", $($example)+, ";")]
            /// s.set_halflife(0.3)?;
            /// assert!(s.set_halflife(f32::NAN).is_err());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn set_halflife(&mut self, halflife: f32) -> Result<(), crate::ParamError> {
                self.$($field).+.set_shared(halflife)
            }

            /// Gives each spring its own halflife (`halflives.len()` must equal the batch
            /// length; each finite and `>= 0`, errors naming the index). Each spring's rate is
            /// computed here, so an update needs only the frame's `dt`. On an error nothing
            /// changes.
            ///
            /// ```
            #[doc = concat!("let mut s = ", $($example)+, ";")]
            /// s.set_halflives(&[0.3, 0.0])?;
            /// assert!(s.set_halflives(&[0.1]).is_err());
            /// let err = s.set_halflives(&[0.1, -1.0]).unwrap_err();
            /// assert!(matches!(err, hooke::ParamError::InvalidAt { name: "halflife", index: 1, .. }));
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn set_halflives(&mut self, halflives: &[f32]) -> Result<(), crate::ParamError> {
                crate::error::check_len("halflife", self.len(), halflives.len())?;
                self.$($field).+.set_per_spring(stringify!($batch), halflives, $rate)
            }
        }
    };
}
pub(crate) use halflife_setters;
