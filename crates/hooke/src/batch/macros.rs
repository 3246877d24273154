//! The one source of the methods every batch type has (each generated with its rustdoc and a
//! runnable example): `update`, `par_update` and `update_with_grain` ([`batch_updates!`]), and,
//! from one table per batch ([`batch_methods!`]), `len`, `is_empty`, `set_state`, the column
//! accessors and the halflife setters; a halflife batch's constructors and update besides
//! ([`halflife_batch!`]). A batch writes only what is its own: its fields, its kernels' wiring
//! (`advance`), its doc comments, and its table.
//!
//! Every example is built from one constructor per batch type, an expression in `n` (the number
//! of springs): `n = 100` for the updates (so that a grain of 1 splits the batch), `n = 2`
//! otherwise.

/// `update`, `par_update` and `update_with_grain` of a batch type: one implementation of the
/// `dt` check and of the threading choice for every batch. The batch writes
/// `fn advance(&mut self, dt: f32, grain: usize)`, its update over a checked `dt` (finite,
/// `>= 0`) split in pieces of at least `grain` lane groups ([`crate::par::run`]). `$make` is the
/// batch's constructor after `Batch::`, an expression in `n` (see [`batch_methods!`]).
macro_rules! batch_updates {
    ($batch:ident, $make:literal) => {
        impl $batch {
            /// Advances the whole batch by `dt` (finite, `>= 0`) on the calling thread.
            ///
            /// ```
            /// let n = 100;
            #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
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
            /// let n = 100;
            #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
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
            /// let n = 100;
            #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
            /// s.update_with_grain(0.1, 1)?; // tiny grain: split across threads anyway
            /// assert!(s.update_with_grain(-0.1, 1).is_err());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn update_with_grain(
                &mut self,
                dt: f32,
                grain: usize,
            ) -> Result<(), crate::ParamError> {
                let dt = crate::error::check_dt(dt)?;
                self.advance(dt, grain);
                Ok(())
            }
        }
    };
}
pub(crate) use batch_updates;

/// The methods of a batch type from its table: [`batch_updates!`], `len` and `is_empty`, then
/// the methods listed. The header names the batch, what it holds (`"springs"`), the column whose
/// length is the batch's, and its constructor after `Batch::` as an expression in `n` (at rest:
/// every column it exposes mutably at 0), from which every example is built. Each method is
/// written as its receiver and the field it reads, a column read and written as its two names
/// and a one-line doc without the final period, `set_state` as the fields it sets in the order of
/// its arguments; the groups that several batches share are one line each:
///
/// ```text
/// batch_methods! {
///     CriticalSprings: "springs" of x, made by "new(n, 0.1)?";
///     /// Sets every spring's position and velocity.
///     fn set_state(x, v);       // pub fn set_state(&mut self, x: &[f32], v: &[f32]) -> Result<..>
///     /// Positions
///     fn x, x_mut = x;          // pub fn x(&self) -> &[f32] ("Positions.") and
///                               // pub fn x_mut(&mut self) -> &mut [f32] ("Positions, mutably.")
///     /// Goals, mutably.
///     fn goal_mut(&mut self) = goal;  // pub fn goal_mut(&mut self) -> &mut [f32]
///     /// Goals.
///     fn goal(&self) = goal;          // pub fn goal(&self) -> &[f32]
///     halflife of halflife by critical_rate;  // set_halflife and set_halflives
///     positions and velocities;       // x, x_mut, v, v_mut
///     spring state and goals;         // set_state(x, v, goal, goal_velocity) and the accessors
///                                     // of the four columns
///     timed springs;                  // what the batches on a `TimedCore` field `timed` share
/// }
/// ```
macro_rules! batch_methods {
    (@methods $batch:ident $make:literal;) => {};
    (@methods $batch:ident $make:literal; positions and velocities; $($rest:tt)*) => {
        $crate::batch::macros::batch_methods!(
            @methods $batch $make;
            /// Positions
            fn x, x_mut = x;
            /// Velocities
            fn v, v_mut = v;
            $($rest)*
        );
    };
    (@methods $batch:ident $make:literal; spring state and goals; $($rest:tt)*) => {
        $crate::batch::macros::batch_methods!(
            @methods $batch $make;
            /// Sets every spring's state and goals.
            fn set_state(x, v, goal, goal_velocity);
            positions and velocities;
            /// Goal positions
            fn goal, goal_mut = goal;
            /// Goal velocities
            fn goal_velocity, goal_velocity_mut = goal_velocity;
            $($rest)*
        );
    };
    (@methods $batch:ident $make:literal; timed springs; $($rest:tt)*) => {
        /// Sets every spring's position, velocity and followed point (`xi`).
        ///
        /// Every slice's length must be the batch's (errors name the slice whose length
        /// differs); on an error nothing changes.
        ///
        /// ```
        /// let n = 2;
        #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
        /// s.set_state(&[1.0, 2.0], &[0.0; 2], &[1.0, 2.0])?;
        /// assert!(s.set_state(&[1.0, 2.0], &[0.0; 2], &[]).is_err());
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn set_state(&mut self, x: &[f32], v: &[f32], xi: &[f32]) -> Result<(), crate::ParamError> {
            let timed = &mut self.timed;
            $crate::batch::set_columns([(&mut timed.x, "x", x), (&mut timed.v, "v", v), (&mut timed.xi, "xi", xi)])
        }

        $crate::batch::macros::batch_methods!(
            @methods $batch $make;
            halflife of timed.params by $crate::lanes::critical_rate;
            /// Positions.
            fn x(&self) = timed.x;
            /// Velocities.
            fn v(&self) = timed.v;
            /// Goals, mutably.
            fn goal_mut(&mut self) = timed.goal;
            $($rest)*
        );
    };
    (@methods $batch:ident $make:literal; halflife of $($field:ident).+ by $rate:path; $($rest:tt)*) => {
        /// Gives the whole batch one halflife (finite, `>= 0`). On an error nothing changes.
        ///
        /// ```
        /// let n = 2;
        #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
        /// s.set_halflife(0.3)?;
        /// assert!(s.set_halflife(f32::NAN).is_err());
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn set_halflife(&mut self, halflife: f32) -> Result<(), crate::ParamError> {
            let halflife = super::halflife::NewHalflife::Shared(halflife);
            super::halflife::HalflifeParams::set(&mut self.$($field).+, halflife)
        }

        /// Gives each spring its own halflife (`halflives.len()` must equal the batch
        /// length; each finite and `>= 0`, errors naming the index). Each spring's rate is
        /// computed here, so an update needs only the frame's `dt`. On an error nothing
        /// changes.
        ///
        /// ```
        /// let n = 2;
        #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
        /// s.set_halflives(&[0.3, 0.0])?;
        /// assert!(s.set_halflives(&[0.1]).is_err());
        /// let err = s.set_halflives(&[0.1, -1.0]).unwrap_err();
        /// assert!(matches!(err, hooke::ParamError::InvalidAt { name: "halflife", index: 1, .. }));
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn set_halflives(&mut self, halflives: &[f32]) -> Result<(), crate::ParamError> {
            crate::error::check_len("halflife", self.len(), halflives.len())?;
            let name = stringify!($batch);
            let halflife = super::halflife::NewHalflife::PerSpring { name, halflives, rate: $rate };
            super::halflife::HalflifeParams::set(&mut self.$($field).+, halflife)
        }

        $crate::batch::macros::batch_methods!(@methods $batch $make; $($rest)*);
    };
    (
        @methods $batch:ident $make:literal;
        #[doc = $doc:literal] fn $name:ident, $name_mut:ident = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $crate::batch::macros::batch_methods!(
            @methods $batch $make;
            #[doc = concat!($doc, ".")] fn $name(&self) = $($field).+;
            #[doc = concat!($doc, ", mutably.")] fn $name_mut(&mut self) = $($field).+;
            $($rest)*
        );
    };
    (
        @methods $batch:ident $make:literal;
        $(#[doc = $doc:expr])+ fn set_state($first:ident $(, $more:ident)*);
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])+
        ///
        /// Every slice's length must be the batch's (errors name the slice whose length
        /// differs); on an error nothing changes.
        ///
        /// ```
        /// let n = 2;
        #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
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

        $crate::batch::macros::batch_methods!(@methods $batch $make; $($rest)*);
    };
    (
        @methods $batch:ident $make:literal;
        $(#[doc = $doc:expr])+ fn $name:ident(&self) = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])+
        ///
        /// ```
        /// let n = 2;
        #[doc = concat!("let s = hooke::batch::", stringify!($batch), "::", $make, ";")]
        #[doc = concat!("assert_eq!(s.", stringify!($name), "().len(), s.len());")]
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn $name(&self) -> &[f32] {
            self.$($field).+.as_slice()
        }

        $crate::batch::macros::batch_methods!(@methods $batch $make; $($rest)*);
    };
    (
        @methods $batch:ident $make:literal;
        $(#[doc = $doc:expr])+ fn $name:ident(&mut self) = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])+
        ///
        /// ```
        /// let n = 2;
        #[doc = concat!("let mut s = hooke::batch::", stringify!($batch), "::", $make, ";")]
        #[doc = concat!("s.", stringify!($name), "()[1] = 0.5;")]
        #[doc = concat!("assert_eq!(s.", stringify!($name), "(), &[0.0, 0.5]);")]
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn $name(&mut self) -> &mut [f32] {
            self.$($field).+.as_mut_slice()
        }

        $crate::batch::macros::batch_methods!(@methods $batch $make; $($rest)*);
    };
    (
        $batch:ident: $items:literal of $($len:ident).+, made by $make:literal;
        $($methods:tt)*
    ) => {
        $crate::batch::macros::batch_updates!($batch, $make);

        impl $batch {
            #[doc = concat!("Number of ", $items, ".")]
            ///
            /// ```
            /// let n = 2;
            #[doc = concat!("let s = hooke::batch::", stringify!($batch), "::", $make, ";")]
            /// assert_eq!(s.len(), n);
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn len(&self) -> usize {
                self.$($len).+.len()
            }

            #[doc = concat!("Whether there are no ", $items, ".")]
            ///
            /// ```
            /// let n = 2;
            #[doc = concat!("let s = hooke::batch::", stringify!($batch), "::", $make, ";")]
            /// assert!(!s.is_empty());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            $crate::batch::macros::batch_methods!(@methods $batch $make; $($methods)*);
        }
    };
}
pub(crate) use batch_methods;

/// A batch holding state columns and a [`Halflife<C>`](super::halflife::Halflife) with per-spring
/// rates from `$rate`, from one declaration: the struct (its columns listed by type: a
/// [`Column`](crate::column::Column) at 0, or, written `q: QuatColumns = Quat::IDENTITY`, made by
/// `QuatColumns::try_new(len, Quat::IDENTITY)`; an allocation failure names the batch), the
/// constructors `new(len, halflife)` and `with_halflives(halflives)` (their docs generated from
/// the state they start in, the doc comment written before them added to `with_halflives`'), the
/// update, and the table of [`batch_methods!`] written after it (with the halflife setters; every
/// example built by `with_halflives(&vec![0.1; n])`).
///
/// The update, `advance(dt, grain)`, is [`Halflife::run`](super::halflife::Halflife::run) on the
/// lane slices (`lanes_mut()`, `lanes()`) of the columns it writes, then of those it reads
/// (listed after `on`), with the shared coefficients of `step(halflife, dt)` and two kernels: the
/// shared and per-spring kernels named after `=>`, called as `shared(state.., &coeffs)` and
/// `rates(state.., rates, dt)`, or two closures over the state tuple (`fn advance(dt) ...`).
///
/// ```text
/// halflife_batch! {
///     /// Many critically damped springs ...
///     pub struct CriticalSprings: "springs" of x {
///         halflife: Halflife<LaneCoeffs> by critical_rate;
///         x, v, goal, goal_velocity: Column;
///     }
///     /// (what per-spring halflives do, with an example)
///     fn new and with_halflives: "at rest at 0";
///     fn advance on (x, v; goal, goal_velocity) by critical_coeffs => spring_shared, spring_rates;
///     spring state and goals;
/// }
/// ```
macro_rules! halflife_batch {
    (@make $batch:ident, $len:ident, Column []; $($column:ident),+) => {
        $( let $column = super::state_column(stringify!($batch), $len)?; )+
    };
    (@make $batch:ident, $len:ident, $columns:ident [$init:expr]; $($column:ident),+) => {
        $(
            let $column = $columns::try_new($len, $init)
                .map_err(super::out_of_memory(stringify!($batch), $len))?;
        )+
    };
    (
        $(#[$meta:meta])*
        pub struct $batch:ident: $items:literal of $len:ident $fields:tt
        $(#[doc = $with_doc:literal])+ fn new and with_halflives: $rest:literal;
        fn advance on ($($written:ident),+; $($read:ident),*) by $step:expr => $shared:path, $rates:path;
        $($methods:tt)*
    ) => {
        $crate::batch::macros::halflife_batch! {
            $(#[$meta])*
            pub struct $batch: $items of $len $fields
            $(#[doc = $with_doc])+ fn new and with_halflives: $rest;
            fn advance(dt) on ($($written),+; $($read),*) by $step =>
                |($($written,)+ $($read,)*), c| $shared($($written,)+ $($read,)* c),
                |($($written,)+ $($read,)*), y| $rates($($written,)+ $($read,)* y, dt);
            $($methods)*
        }
    };
    (
        $(#[$meta:meta])*
        pub struct $batch:ident: $items:literal of $len:ident {
            halflife: Halflife<$coeffs:ty> by $rate:path;
            $( $($column:ident),+ : $columns:ident $(= $init:expr)?; )+
        }
        $(#[doc = $with_doc:literal])+ fn new and with_halflives: $rest:literal;
        fn advance($dt:ident) on ($($written:ident),+; $($read:ident),*) by $step:expr =>
            $shared:expr, $rates:expr;
        $($methods:tt)*
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        pub struct $batch {
            $( $( $column: $columns, )+ )+
            halflife: super::halflife::Halflife<$coeffs>,
        }

        impl $batch {
            /// One update over a checked `dt`, split by `grain`: the shared kernel with the
            /// shared halflife's coefficients, or the per-spring kernel with the rates.
            fn advance(&mut self, $dt: f32, grain: usize) {
                let state = ($(self.$written.lanes_mut(),)+ $(self.$read.lanes(),)*);
                self.halflife.run($dt, grain, state, $step, &$shared, &$rates);
            }

            #[doc = concat!("`len` ", $items, " ", $rest, ", sharing `halflife` (finite, `>= 0`).")]
            ///
            /// ```
            #[doc = concat!("use hooke::batch::", stringify!($batch), ";")]
            #[doc = concat!("assert_eq!(", stringify!($batch), "::new(3, 0.1)?.len(), 3);")]
            #[doc = concat!("assert!(", stringify!($batch), "::new(3, -1.0).is_err());")]
            #[doc = concat!("assert!(", stringify!($batch), "::new(3, f32::NAN).is_err());")]
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn new(len: usize, halflife: f32) -> Result<$batch, crate::ParamError> {
                $batch::at_rest(len, super::halflife::Halflife::shared(halflife)?)
            }

            #[doc = concat!(
                "`halflives.len()` ", $items, " ", $rest, ", each with its halflife (finite, `>= 0`; ",
                "errors name the index of the first bad one)."
            )]
            ///
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
                $(
                    $crate::batch::macros::halflife_batch!(
                        @make $batch, len, $columns [$($init)?]; $($column),+
                    );
                )+
                Ok($batch { $( $($column,)+ )+ halflife })
            }
        }

        $crate::batch::macros::batch_methods! {
            $batch: $items of $len, made by "with_halflives(&vec![0.1; n])?";
            halflife of halflife by $rate;
            $($methods)*
        }
    };
}
pub(crate) use halflife_batch;
