/*
 * hooke.h — C ABI of hooke: exact springs and dampers for animation, plus the SIMD batch runtime.
 *
 * Build the library with `cargo build --release -p hooke-capi`, then link
 * target/release/libhooke_capi.a (add -lpthread -ldl -lm on Linux) or libhooke_capi.so.
 *
 * Conventions
 * - Every fallible function returns a HookeStatus. On failure nothing is written (except that
 *   constructors set *out to NULL) and the calling thread's last error message is set; read it
 *   with hooke_last_error_message().
 * - Null pointers are reported as HOOKE_NULL_POINTER, never dereferenced. An array argument may
 *   be NULL when its length is 0.
 * - Scalar functions are the unchecked fast path: out-of-domain parameters are clamped or leave
 *   the state unchanged (never NaN). Batches and hooke_spring_coeffs_* validate their parameters
 *   (halflife, dt, stiffness, damping, frequency: finite and >= 0; damping_ratio: finite and > 0)
 *   and return HOOKE_INVALID_PARAMETER with a message naming the parameter.
 * - Every quaternion argument, scalar functions included, must be finite and of unit length
 *   within 1e-3 (it is then normalised); otherwise HOOKE_INVALID_PARAMETER names it (a zero
 *   quaternion has no direction and would turn the state into NaN).
 * - Handles are created by *_new (or *_with_halflives), released by the matching *_free exactly
 *   once. Column pointers returned by accessors point into the batch, stay valid until the handle
 *   is freed and hold *_len(handle) floats.
 * - A handle is not thread-safe: never use the same handle (or its columns) from two threads at
 *   once. Distinct handles may be used concurrently. *_par_update runs on rayon's global thread
 *   pool internally and returns when done.
 * - Panics inside the library are caught and returned as HOOKE_PANIC; they never unwind into C.
 */
#ifndef HOOKE_H
#define HOOKE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Types                                                                                        */

/** Result of every fallible function. */
typedef enum HookeStatus {
    /** Success. */
    HOOKE_OK = 0,
    /** A required pointer argument was NULL; nothing was written. */
    HOOKE_NULL_POINTER = 1,
    /** A parameter is outside its domain (see hooke_last_error_message for which). */
    HOOKE_INVALID_PARAMETER = 2,
    /** An array does not have the batch's length. */
    HOOKE_LENGTH_MISMATCH = 3,
    /** An internal panic was caught (a bug in hooke); the handle's contents are unspecified. */
    HOOKE_PANIC = 4,
    /** A spring index is >= the batch length. */
    HOOKE_INDEX_OUT_OF_RANGE = 5
} HookeStatus;

/** A 3D vector. */
typedef struct HookeVec3 {
    float x;
    float y;
    float z;
} HookeVec3;

/** A rotation quaternion, scalar part last. */
typedef struct HookeQuat {
    float x;
    float y;
    float z;
    float w;
} HookeQuat;

/** Precomputed step coefficients of the exact spring-damper for one (parameters, dt). */
typedef struct HookeSpringCoeffs {
    float xx; /**< position response to the offset from the goal, minus one */
    float xv; /**< position response to the initial velocity */
    float xq; /**< position response to the goal velocity */
    float vx; /**< velocity response to the offset from the goal */
    float vv; /**< velocity response to the initial velocity */
    float vq; /**< velocity response to the goal velocity */
} HookeSpringCoeffs;

/** Opaque batch of critically damped springs toward per-spring goals. */
typedef struct HookeCriticalSprings HookeCriticalSprings;
/** Opaque batch of critically damped offsets decaying toward 0. */
typedef struct HookeDecaySprings HookeDecaySprings;
/** Opaque batch of exact exponential dampers. */
typedef struct HookeDampers HookeDampers;
/** Opaque batch of springs with per-spring stiffness and damping. */
typedef struct HookeGeneralSprings HookeGeneralSprings;
/** Opaque batch of rotation offsets decaying toward the identity. */
typedef struct HookeQuatDecaySprings HookeQuatDecaySprings;
/** Opaque batch of rotation springs toward per-spring goal rotations. */
typedef struct HookeQuatSprings HookeQuatSprings;

/* ------------------------------------------------------------------------------------------ */
/* Errors and version                                                                           */

/**
 * Copies this thread's last error message into buf (at most len - 1 bytes plus a NUL) and
 * returns its full length in bytes; a result >= len means it was truncated. With buf NULL or
 * len 0 only the length is returned. Set by every failing call, left unchanged by successful
 * ones; empty before the first failure.
 */
size_t hooke_last_error_message(char *buf, size_t len);

/** The library version, a static NUL-terminated string such as "0.1.0". */
const char *hooke_version(void);

/* ------------------------------------------------------------------------------------------ */
/* Scalar springs (unchecked fast path; in/out state by pointer)                                */

/** Exact damper: moves *x toward goal so that the distance halves every halflife seconds. */
HookeStatus hooke_damper_exact(float *x, float goal, float halflife, float dt);

/** Exact spring-damper a = stiffness (x_goal - x) + damping (v_goal - v), any damping regime. */
HookeStatus hooke_spring_damper_exact_stiffness_damping(float *x, float *v, float x_goal,
                                                        float v_goal, float stiffness,
                                                        float damping, float dt);

/** Exact spring-damper with natural frequency (Hz) and damping halflife (s). */
HookeStatus hooke_spring_damper_exact(float *x, float *v, float x_goal, float v_goal,
                                      float frequency, float halflife, float dt);

/** Exact spring-damper with a damping ratio (1 = critical) and damping halflife (s). */
HookeStatus hooke_spring_damper_exact_ratio(float *x, float *v, float x_goal, float v_goal,
                                            float damping_ratio, float halflife, float dt);

/** Critically damped spring toward a goal position and velocity; halflife 0 snaps to the goal. */
HookeStatus hooke_critical_spring_damper_exact(float *x, float *v, float x_goal, float v_goal,
                                               float halflife, float dt);

/** Critical spring toward a fixed goal (goal velocity 0). */
HookeStatus hooke_simple_spring_damper_exact(float *x, float *v, float x_goal, float halflife,
                                             float dt);

/** Critical spring toward 0: decays an offset and its velocity. */
HookeStatus hooke_decay_spring_damper_exact(float *x, float *v, float halflife, float dt);

/** Critically damped spring on each component of a 3D vector. */
HookeStatus hooke_critical_spring_damper_exact_vec3(HookeVec3 *x, HookeVec3 *v, HookeVec3 x_goal,
                                                    HookeVec3 v_goal, float halflife, float dt);

/** Critical spring of the rotation *x (angular velocity *v, rad/s) toward x_goal. */
HookeStatus hooke_simple_spring_damper_exact_quat(HookeQuat *x, HookeVec3 *v, HookeQuat x_goal,
                                                  float halflife, float dt);

/** Critical spring decaying a rotation toward the identity. */
HookeStatus hooke_decay_spring_damper_exact_quat(HookeQuat *x, HookeVec3 *v, float halflife,
                                                 float dt);

/** Character whose velocity *v follows a critical spring toward v_goal; *x integrates it exactly. */
HookeStatus hooke_spring_character_update(float *x, float *v, float *a, float v_goal,
                                          float halflife, float dt);

/** hooke_spring_character_update on each component of a 3D vector. */
HookeStatus hooke_spring_character_update_vec3(HookeVec3 *x, HookeVec3 *v, HookeVec3 *a,
                                               HookeVec3 v_goal, float halflife, float dt);

/**
 * Predicts the character's state at the horizons i * dt, i in [0, len): writes len floats to each
 * of px, pv, pa (non-overlapping arrays; element 0 is the current state).
 */
HookeStatus hooke_spring_character_predict(float *px, float *pv, float *pa, size_t len, float x,
                                           float v, float a, float v_goal, float halflife,
                                           float dt);

/** Exact tracking spring with gains defined at the frame time gain_dt, solved over dt. */
HookeStatus hooke_tracking_spring_update_exact(float *x, float *v, float x_goal, float v_goal,
                                               float a_goal, float x_gain, float v_gain,
                                               float a_gain, float dt, float gain_dt);

/** Re-bases an inertialization offset at a transition from stream src to stream dst. */
HookeStatus hooke_inertialize_transition(float *off_x, float *off_v, float src_x, float src_v,
                                         float dst_x, float dst_v);

/** Decays an inertialization offset and writes out = in + offset. */
HookeStatus hooke_inertialize_update(float *out_x, float *out_v, float *off_x, float *off_v,
                                     float in_x, float in_v, float halflife, float dt);

/** hooke_inertialize_transition for a 3D vector. */
HookeStatus hooke_inertialize_transition_vec3(HookeVec3 *off_x, HookeVec3 *off_v, HookeVec3 src_x,
                                              HookeVec3 src_v, HookeVec3 dst_x, HookeVec3 dst_v);

/** hooke_inertialize_update for a 3D vector. */
HookeStatus hooke_inertialize_update_vec3(HookeVec3 *out_x, HookeVec3 *out_v, HookeVec3 *off_x,
                                          HookeVec3 *off_v, HookeVec3 in_x, HookeVec3 in_v,
                                          float halflife, float dt);

/** Re-bases a rotation inertialization offset at a transition from src to dst. */
HookeStatus hooke_inertialize_transition_quat(HookeQuat *off_q, HookeVec3 *off_w, HookeQuat src_q,
                                              HookeVec3 src_w, HookeQuat dst_q, HookeVec3 dst_w);

/** Decays a rotation offset and writes out_q = off_q * in_q, out_w = off_w + off_q * in_w. */
HookeStatus hooke_inertialize_update_quat(HookeQuat *out_q, HookeVec3 *out_w, HookeQuat *off_q,
                                          HookeVec3 *off_w, HookeQuat in_q, HookeVec3 in_w,
                                          float halflife, float dt);

/* ------------------------------------------------------------------------------------------ */
/* Checked, precomputed coefficients                                                            */

/** Coefficients of the critical spring (halflife, dt finite and >= 0). */
HookeStatus hooke_spring_coeffs_critical(float halflife, float dt, HookeSpringCoeffs *out);

/** Coefficients of the general spring (stiffness, damping, dt finite and >= 0). */
HookeStatus hooke_spring_coeffs_stiffness_damping(float stiffness, float damping, float dt,
                                                  HookeSpringCoeffs *out);

/** Coefficients of the spring with natural frequency (Hz) and damping halflife (s). */
HookeStatus hooke_spring_coeffs_frequency_halflife(float frequency, float halflife, float dt,
                                                   HookeSpringCoeffs *out);

/** Coefficients of the spring with a damping ratio (> 0) and damping halflife (s). */
HookeStatus hooke_spring_coeffs_damping_ratio_halflife(float damping_ratio, float halflife,
                                                       float dt, HookeSpringCoeffs *out);

/** Steps (*x, *v) with coefficients; bit-identical to the matching scalar function. */
HookeStatus hooke_spring_coeffs_apply(const HookeSpringCoeffs *coeffs, float *x, float *v,
                                      float goal, float goal_velocity);

/* ------------------------------------------------------------------------------------------ */
/* Batches. *_update advances by dt (finite, >= 0) on the calling thread; *_par_update on        */
/* rayon's pool (bit-identical results). *_len returns 0 for NULL; accessors return NULL for    */
/* NULL. *_free ignores NULL.                                                                   */

/* Critical springs: positions, velocities, goals and goal velocities start at 0. */
HookeStatus hooke_critical_springs_new(size_t len, float halflife, HookeCriticalSprings **out);
HookeStatus hooke_critical_springs_with_halflives(const float *halflives, size_t len,
                                                  HookeCriticalSprings **out);
void hooke_critical_springs_free(HookeCriticalSprings *handle);
size_t hooke_critical_springs_len(const HookeCriticalSprings *handle);
HookeStatus hooke_critical_springs_update(HookeCriticalSprings *handle, float dt);
HookeStatus hooke_critical_springs_par_update(HookeCriticalSprings *handle, float dt);
HookeStatus hooke_critical_springs_set_halflife(HookeCriticalSprings *handle, float halflife);
/** len must equal the batch length (else HOOKE_LENGTH_MISMATCH). */
HookeStatus hooke_critical_springs_set_halflives(HookeCriticalSprings *handle,
                                                 const float *halflives, size_t len);
/** Column pointers (len floats, read/write), valid until the handle is freed. */
float *hooke_critical_springs_x(HookeCriticalSprings *handle);
float *hooke_critical_springs_v(HookeCriticalSprings *handle);
float *hooke_critical_springs_goal(HookeCriticalSprings *handle);
float *hooke_critical_springs_goal_velocity(HookeCriticalSprings *handle);

/* Decay springs: offsets and velocities start at 0 and decay toward 0. */
HookeStatus hooke_decay_springs_new(size_t len, float halflife, HookeDecaySprings **out);
HookeStatus hooke_decay_springs_with_halflives(const float *halflives, size_t len,
                                               HookeDecaySprings **out);
void hooke_decay_springs_free(HookeDecaySprings *handle);
size_t hooke_decay_springs_len(const HookeDecaySprings *handle);
HookeStatus hooke_decay_springs_update(HookeDecaySprings *handle, float dt);
HookeStatus hooke_decay_springs_par_update(HookeDecaySprings *handle, float dt);
float *hooke_decay_springs_x(HookeDecaySprings *handle);
float *hooke_decay_springs_v(HookeDecaySprings *handle);

/* Dampers: values and goals start at 0. */
HookeStatus hooke_dampers_new(size_t len, float halflife, HookeDampers **out);
HookeStatus hooke_dampers_with_halflives(const float *halflives, size_t len, HookeDampers **out);
void hooke_dampers_free(HookeDampers *handle);
size_t hooke_dampers_len(const HookeDampers *handle);
HookeStatus hooke_dampers_update(HookeDampers *handle, float dt);
HookeStatus hooke_dampers_par_update(HookeDampers *handle, float dt);
float *hooke_dampers_x(HookeDampers *handle);
float *hooke_dampers_goal(HookeDampers *handle);

/* General springs: one (stiffness[i], damping[i]) per spring; state and goals start at 0. */
HookeStatus hooke_general_springs_new(const float *stiffness, const float *damping, size_t len,
                                      HookeGeneralSprings **out);
void hooke_general_springs_free(HookeGeneralSprings *handle);
size_t hooke_general_springs_len(const HookeGeneralSprings *handle);
HookeStatus hooke_general_springs_update(HookeGeneralSprings *handle, float dt);
HookeStatus hooke_general_springs_par_update(HookeGeneralSprings *handle, float dt);
HookeStatus hooke_general_springs_set_parameters(HookeGeneralSprings *handle,
                                                 const float *stiffness, const float *damping,
                                                 size_t len);
float *hooke_general_springs_x(HookeGeneralSprings *handle);
float *hooke_general_springs_v(HookeGeneralSprings *handle);
float *hooke_general_springs_goal(HookeGeneralSprings *handle);
float *hooke_general_springs_goal_velocity(HookeGeneralSprings *handle);
/** Read-only: change parameters with hooke_general_springs_set_parameters. */
const float *hooke_general_springs_stiffness(const HookeGeneralSprings *handle);
const float *hooke_general_springs_damping(const HookeGeneralSprings *handle);

/* Rotation decay springs: identity rotations at rest. Rotations must be finite and within 1e-3
 * of unit length (they are normalised); angular velocities (rad/s) must be finite. */
HookeStatus hooke_quat_decay_springs_new(size_t len, float halflife, HookeQuatDecaySprings **out);
HookeStatus hooke_quat_decay_springs_with_halflives(const float *halflives, size_t len,
                                                    HookeQuatDecaySprings **out);
void hooke_quat_decay_springs_free(HookeQuatDecaySprings *handle);
size_t hooke_quat_decay_springs_len(const HookeQuatDecaySprings *handle);
HookeStatus hooke_quat_decay_springs_update(HookeQuatDecaySprings *handle, float dt);
HookeStatus hooke_quat_decay_springs_par_update(HookeQuatDecaySprings *handle, float dt);
HookeStatus hooke_quat_decay_springs_set(HookeQuatDecaySprings *handle, size_t index,
                                         HookeQuat rotation, HookeVec3 angular_velocity);
HookeStatus hooke_quat_decay_springs_get(const HookeQuatDecaySprings *handle, size_t index,
                                         HookeQuat *rotation, HookeVec3 *angular_velocity);
/** Copies every spring out; len must equal the batch length. */
HookeStatus hooke_quat_decay_springs_get_all(const HookeQuatDecaySprings *handle,
                                             HookeQuat *rotations, HookeVec3 *angular_velocities,
                                             size_t len);

/* Rotation springs toward per-spring goals: identity rotations at rest, goals identity. */
HookeStatus hooke_quat_springs_new(size_t len, float halflife, HookeQuatSprings **out);
void hooke_quat_springs_free(HookeQuatSprings *handle);
size_t hooke_quat_springs_len(const HookeQuatSprings *handle);
HookeStatus hooke_quat_springs_update(HookeQuatSprings *handle, float dt);
HookeStatus hooke_quat_springs_par_update(HookeQuatSprings *handle, float dt);
/** len must equal the batch length. */
HookeStatus hooke_quat_springs_set_goals(HookeQuatSprings *handle, const HookeQuat *goals,
                                         size_t len);
HookeStatus hooke_quat_springs_set_state(HookeQuatSprings *handle, const HookeQuat *rotations,
                                         const HookeVec3 *angular_velocities, size_t len);
HookeStatus hooke_quat_springs_get(const HookeQuatSprings *handle, size_t index,
                                   HookeQuat *rotation, HookeVec3 *angular_velocity);
HookeStatus hooke_quat_springs_get_all(const HookeQuatSprings *handle, HookeQuat *rotations,
                                       HookeVec3 *angular_velocities, size_t len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HOOKE_H */
