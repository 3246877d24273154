//! The header cannot drift from the library: every function declared in `include/hooke.h` has
//! exactly the signature of the Rust `extern "C"` function of that name, and every struct the
//! same size, alignment and field offsets.
//!
//! How: the table below coerces each Rust function to an `unsafe extern "C" fn(..)` pointer whose
//! argument and return types are inferred from the Rust code, and spells that type in C (`size_t`,
//! `const float *`, ...). The test then writes a C++ file that includes `hooke.h` and
//! `static_assert`s, for each function, that `decltype(&name)` *is* that pointer type (and
//! assigns it to such a pointer), plus `sizeof`/`alignof`/`offsetof` of every struct as Rust
//! computes them, and compiles it (`-fsyntax-only`). A changed argument list, return type,
//! constness or struct field on either side fails to compile; a function declared but missing
//! from the table (or the other way round) fails the name check. The C compiler is `$CXX` or
//! `c++`; without one the test fails, saying so.
#![cfg(unix)]

use std::collections::BTreeSet;
use std::ffi::c_char;
use std::mem::{align_of, offset_of, size_of};
use std::path::Path;
use std::process::Command;

use hooke_capi::*;

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");
const TMP_DIR: &str = env!("CARGO_TARGET_TMPDIR");

/// The C spelling of a Rust type that crosses the ABI.
trait CType {
    fn c() -> String;
}

macro_rules! c_type {
    ($($rust:ty => $c:literal),* $(,)?) => {
        $(impl CType for $rust {
            fn c() -> String {
                $c.to_owned()
            }
        })*
    };
}

c_type!(
    () => "void",
    f32 => "float",
    usize => "size_t",
    u32 => "uint32_t",
    bool => "bool",
    c_char => "char",
    HookeStatus => "HookeStatus",
    HookeVec3 => "HookeVec3",
    HookeQuat => "HookeQuat",
    HookeSpringCoeffs => "HookeSpringCoeffs",
    HookeConstChannel => "HookeConstChannel",
    HookeChannel => "HookeChannel",
    HookeBoneState => "HookeBoneState",
    HookePoseView => "HookePoseView",
    HookePoseViewMut => "HookePoseViewMut",
    HookeInertializerOptions => "HookeInertializerOptions",
    HookeInertializer => "HookeInertializer",
    HookeLeg => "HookeLeg",
    HookeFootLockOptions => "HookeFootLockOptions",
    HookeCriticalSprings => "HookeCriticalSprings",
    HookeDecaySprings => "HookeDecaySprings",
    HookeDampers => "HookeDampers",
    HookeGeneralSprings => "HookeGeneralSprings",
    HookeQuatDecaySprings => "HookeQuatDecaySprings",
    HookeQuatSprings => "HookeQuatSprings",
);

impl<T: CType> CType for *const T {
    fn c() -> String {
        format!("const {} *", T::c())
    }
}

impl<T: CType> CType for *mut T {
    fn c() -> String {
        format!("{} *", T::c())
    }
}

/// `R (*)(A, B, ..)` of a function pointer of each arity.
macro_rules! arity {
    ($name:ident $(, $arg:ident)*) => {
        #[allow(non_snake_case, dead_code)]
        fn $name<$($arg: CType,)* R: CType>(_: unsafe extern "C" fn($($arg),*) -> R) -> String {
            let args: Vec<String> = vec![$($arg::c()),*];
            let args = if args.is_empty() { "void".to_owned() } else { args.join(", ") };
            format!("{} (*)({})", R::c(), args)
        }
    };
}

arity!(sig0);
arity!(sig1, A);
arity!(sig2, A, B);
arity!(sig3, A, B, C);
arity!(sig4, A, B, C, D);
arity!(sig5, A, B, C, D, E);
arity!(sig6, A, B, C, D, E, F);
arity!(sig7, A, B, C, D, E, F, G);
arity!(sig8, A, B, C, D, E, F, G, H);
arity!(sig9, A, B, C, D, E, F, G, H, I);
arity!(sig10, A, B, C, D, E, F, G, H, I, J);

macro_rules! f {
    ($sig:ident, $name:ident) => {
        (stringify!($name), $sig($name))
    };
}

/// Every exported function with the C type of its Rust signature.
fn rust_signatures() -> Vec<(&'static str, String)> {
    vec![
        f!(sig2, hooke_last_error_message),
        f!(sig0, hooke_version),
        f!(sig4, hooke_damper_exact),
        f!(sig7, hooke_spring_damper_exact_stiffness_damping),
        f!(sig7, hooke_spring_damper_exact),
        f!(sig7, hooke_spring_damper_exact_ratio),
        f!(sig6, hooke_critical_spring_damper_exact),
        f!(sig5, hooke_simple_spring_damper_exact),
        f!(sig4, hooke_decay_spring_damper_exact),
        f!(sig6, hooke_critical_spring_damper_exact_vec3),
        f!(sig5, hooke_simple_spring_damper_exact_quat),
        f!(sig4, hooke_decay_spring_damper_exact_quat),
        f!(sig6, hooke_spring_character_update),
        f!(sig6, hooke_spring_character_update_vec3),
        f!(sig10, hooke_spring_character_predict),
        f!(sig10, hooke_tracking_spring_update_exact),
        f!(sig6, hooke_inertialize_transition),
        f!(sig8, hooke_inertialize_update),
        f!(sig6, hooke_inertialize_transition_vec3),
        f!(sig8, hooke_inertialize_update_vec3),
        f!(sig6, hooke_inertialize_transition_quat),
        f!(sig8, hooke_inertialize_update_quat),
        f!(sig3, hooke_spring_coeffs_critical),
        f!(sig4, hooke_spring_coeffs_stiffness_damping),
        f!(sig4, hooke_spring_coeffs_frequency_halflife),
        f!(sig4, hooke_spring_coeffs_damping_ratio_halflife),
        f!(sig5, hooke_spring_coeffs_apply),
        f!(sig3, hooke_critical_springs_new),
        f!(sig3, hooke_critical_springs_with_halflives),
        f!(sig1, hooke_critical_springs_free),
        f!(sig1, hooke_critical_springs_len),
        f!(sig2, hooke_critical_springs_update),
        f!(sig2, hooke_critical_springs_par_update),
        f!(sig2, hooke_critical_springs_set_halflife),
        f!(sig3, hooke_critical_springs_set_halflives),
        f!(sig1, hooke_critical_springs_x),
        f!(sig1, hooke_critical_springs_v),
        f!(sig1, hooke_critical_springs_goal),
        f!(sig1, hooke_critical_springs_goal_velocity),
        f!(sig3, hooke_decay_springs_new),
        f!(sig3, hooke_decay_springs_with_halflives),
        f!(sig1, hooke_decay_springs_free),
        f!(sig1, hooke_decay_springs_len),
        f!(sig2, hooke_decay_springs_update),
        f!(sig2, hooke_decay_springs_par_update),
        f!(sig1, hooke_decay_springs_x),
        f!(sig1, hooke_decay_springs_v),
        f!(sig3, hooke_dampers_new),
        f!(sig3, hooke_dampers_with_halflives),
        f!(sig1, hooke_dampers_free),
        f!(sig1, hooke_dampers_len),
        f!(sig2, hooke_dampers_update),
        f!(sig2, hooke_dampers_par_update),
        f!(sig1, hooke_dampers_x),
        f!(sig1, hooke_dampers_goal),
        f!(sig4, hooke_general_springs_new),
        f!(sig1, hooke_general_springs_free),
        f!(sig1, hooke_general_springs_len),
        f!(sig2, hooke_general_springs_update),
        f!(sig2, hooke_general_springs_par_update),
        f!(sig4, hooke_general_springs_set_parameters),
        f!(sig1, hooke_general_springs_x),
        f!(sig1, hooke_general_springs_v),
        f!(sig1, hooke_general_springs_goal),
        f!(sig1, hooke_general_springs_goal_velocity),
        f!(sig1, hooke_general_springs_stiffness),
        f!(sig1, hooke_general_springs_damping),
        f!(sig3, hooke_quat_decay_springs_new),
        f!(sig3, hooke_quat_decay_springs_with_halflives),
        f!(sig1, hooke_quat_decay_springs_free),
        f!(sig1, hooke_quat_decay_springs_len),
        f!(sig2, hooke_quat_decay_springs_update),
        f!(sig2, hooke_quat_decay_springs_par_update),
        f!(sig4, hooke_quat_decay_springs_set),
        f!(sig4, hooke_quat_decay_springs_get),
        f!(sig4, hooke_quat_decay_springs_get_all),
        f!(sig3, hooke_quat_springs_new),
        f!(sig1, hooke_quat_springs_free),
        f!(sig1, hooke_quat_springs_len),
        f!(sig2, hooke_quat_springs_update),
        f!(sig2, hooke_quat_springs_par_update),
        f!(sig3, hooke_quat_springs_set_goals),
        f!(sig4, hooke_quat_springs_set_state),
        f!(sig4, hooke_quat_springs_get),
        f!(sig4, hooke_quat_springs_get_all),
        f!(sig3, hooke_critical_springs_set_goals_view),
        f!(sig3, hooke_critical_springs_get_state_view),
        f!(sig2, hooke_quat_springs_set_goals_view),
        f!(sig3, hooke_quat_springs_get_state_view),
        f!(sig4, hooke_inertializer_new),
        f!(sig5, hooke_inertializer_new_with_options),
        f!(sig1, hooke_inertializer_free),
        f!(sig1, hooke_inertializer_characters),
        f!(sig1, hooke_inertializer_bones),
        f!(sig4, hooke_inertializer_transition),
        f!(sig4, hooke_inertializer_transition_view),
        f!(sig5, hooke_inertializer_transition_many),
        f!(sig4, hooke_inertializer_update),
        f!(sig4, hooke_inertializer_par_update),
        f!(sig4, hooke_inertializer_update_view),
        f!(sig4, hooke_inertializer_par_update_view),
        f!(sig4, hooke_inertializer_set_dead_blend),
        f!(sig2, hooke_inertializer_set_inertialize),
        f!(sig2, hooke_inertializer_reset),
        f!(sig3, hooke_inertializer_is_blending),
        f!(sig2, hooke_foot_lock_options_default),
        f!(sig5, hooke_inertializer_lock_feet),
        f!(sig4, hooke_inertializer_set_foot_contacts),
        f!(sig4, hooke_inertializer_foot_locked),
    ]
}

/// `(C expression, value)` pairs: sizes, alignments and field offsets of every struct, and the
/// constants, as Rust computes them.
fn rust_layouts() -> Vec<(String, usize)> {
    let mut v = Vec::new();
    macro_rules! layout {
        ($t:ident { $($field:ident),* }) => {
            v.push((format!("sizeof({})", stringify!($t)), size_of::<$t>()));
            v.push((format!("alignof({})", stringify!($t)), align_of::<$t>()));
            $(v.push((
                format!("offsetof({}, {})", stringify!($t), stringify!($field)),
                offset_of!($t, $field),
            ));)*
        };
    }
    layout!(HookeVec3 { x, y, z });
    layout!(HookeQuat { x, y, z, w });
    layout!(HookeSpringCoeffs {
        xx,
        xv,
        xq,
        vx,
        vv,
        vq
    });
    layout!(HookeConstChannel { data, stride });
    layout!(HookeChannel { data, stride });
    layout!(HookeBoneState {
        position,
        velocity,
        rotation,
        angular_velocity
    });
    layout!(HookePoseView {
        position,
        velocity,
        rotation,
        angular_velocity
    });
    layout!(HookePoseViewMut {
        position,
        velocity,
        rotation,
        angular_velocity
    });
    layout!(HookeInertializerOptions {
        excluded_bones,
        excluded_bone_count,
        root_policy,
        up
    });
    layout!(HookeLeg {
        hip,
        knee,
        ankle,
        toe
    });
    layout!(HookeFootLockOptions {
        given_contacts,
        up,
        ground,
        enter_height,
        exit_height,
        enter_speed,
        exit_speed,
        max_lock_distance,
        release_halflife,
        settle_distance,
        max_extension,
        lock_in_glide,
        reach_softness
    });
    v.push(("sizeof(HookeStatus)".to_owned(), size_of::<HookeStatus>()));
    for (name, status) in [
        ("HOOKE_OK", HookeStatus::Ok),
        ("HOOKE_NULL_POINTER", HookeStatus::NullPointer),
        ("HOOKE_INVALID_PARAMETER", HookeStatus::InvalidParameter),
        ("HOOKE_LENGTH_MISMATCH", HookeStatus::LengthMismatch),
        ("HOOKE_PANIC", HookeStatus::Panic),
        ("HOOKE_INDEX_OUT_OF_RANGE", HookeStatus::IndexOutOfRange),
        ("HOOKE_OUT_OF_MEMORY", HookeStatus::OutOfMemory),
    ] {
        v.push((name.to_owned(), status as usize));
    }
    v.push(("HOOKE_ROOT_LOCAL".to_owned(), HOOKE_ROOT_LOCAL as usize));
    v.push((
        "HOOKE_ROOT_ANCHORED".to_owned(),
        HOOKE_ROOT_ANCHORED as usize,
    ));
    v
}

/// Every function name declared in `hooke.h` (declarations outside comments).
fn declared_functions() -> BTreeSet<String> {
    let header = std::fs::read_to_string(Path::new(MANIFEST_DIR).join("include/hooke.h")).unwrap();
    // Drop comments first, so that names mentioned in prose do not count.
    let mut code = String::new();
    let mut rest = header.as_str();
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        rest = rest[start..]
            .find("*/")
            .map_or("", |end| &rest[start + end + 2..]);
    }
    code.push_str(rest);
    let mut names = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(start) = rest.find("hooke_") {
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        if tail[end..].trim_start().starts_with('(') {
            names.insert(tail[..end].to_owned());
        }
        rest = &tail[end..];
    }
    names
}

#[test]
fn the_header_declares_the_same_functions_as_the_table() {
    let declared = declared_functions();
    let table: BTreeSet<String> = rust_signatures()
        .into_iter()
        .map(|(name, _)| name.to_owned())
        .collect();
    let missing: Vec<_> = declared.difference(&table).collect();
    let undeclared: Vec<_> = table.difference(&declared).collect();
    assert!(
        missing.is_empty() && undeclared.is_empty(),
        "declared in hooke.h but not in this test's table: {missing:?}; \
         in the table but not declared: {undeclared:?}"
    );
}

#[test]
fn the_bone_state_contract_is_13_floats_without_padding() {
    assert_eq!(size_of::<HookeBoneState>(), 13 * size_of::<f32>());
    assert_eq!(align_of::<HookeBoneState>(), align_of::<f32>());
    assert_eq!(offset_of!(HookeBoneState, angular_velocity), 10 * 4);
}

#[test]
fn every_header_signature_and_layout_matches_rust_in_cpp() {
    let mut src = String::from(
        "// Generated by tests/header.rs: hooke.h against the Rust signatures and layouts.\n\
         #include <cstddef>\n#include <type_traits>\n#include \"hooke.h\"\n\n",
    );
    for (name, sig) in rust_signatures() {
        let pointer = sig.replacen("(*)", &format!("(*const p_{name})"), 1);
        src.push_str(&format!(
            "static_assert(std::is_same<decltype(&{name}), {sig}>::value, \"{name}: {sig}\");\n\
             [[maybe_unused]] static {pointer} = {name};\n"
        ));
    }
    for (expr, value) in rust_layouts() {
        src.push_str(&format!(
            "static_assert({expr} == {value}, \"{expr} is {value} in Rust\");\n"
        ));
    }
    let path = Path::new(TMP_DIR).join("hooke_header_check.cpp");
    std::fs::write(&path, &src).unwrap();
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    let output = Command::new(&cxx)
        .args(["-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(Path::new(MANIFEST_DIR).join("include"))
        .arg(&path)
        .output()
        .unwrap_or_else(|e| {
            panic!("this test needs a C++ compiler: could not run `{cxx}` ({e}); set $CXX")
        });
    assert!(
        output.status.success(),
        "hooke.h differs from the Rust code ({}):\n{}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}
