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
 *   be NULL when its length is 0. A pointer not aligned for its type, or a count of elements
 *   beyond the address space, is HOOKE_INVALID_PARAMETER naming the argument; a count larger
 *   than the batch or rig can hold is refused before the array is read.
 * - Scalar functions are the unchecked fast path: out-of-domain parameters are clamped or leave
 *   the state unchanged (never NaN); results beyond the float range (an offset from 3e38 to
 *   -3e38, gains of 1e30) saturate at +-FLT_MAX instead of becoming infinite. Batches and hooke_spring_coeffs_* validate their parameters
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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
    HOOKE_INDEX_OUT_OF_RANGE = 5,
    /** The requested size could not be allocated; nothing was created (never an abort). */
    HOOKE_OUT_OF_MEMORY = 6
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
/* Strided views: an engine's own arrays of structures, read and written in place               */

/**
 * A read-only strided channel: element i starts at (const char *)data + i * stride (bytes) and
 * holds consecutive floats (1 for a scalar, 3 for a vector, 4 for a quaternion x, y, z, w). No
 * alignment beyond the bytes themselves is required. data NULL means "absent"; what that means
 * is documented per function.
 */
typedef struct HookeConstChannel {
    const float *data;
    size_t stride;
} HookeConstChannel;

/** A writable strided channel; data NULL: not written. stride >= the element's size. */
typedef struct HookeChannel {
    float *data;
    size_t stride;
} HookeChannel;

/* ------------------------------------------------------------------------------------------ */
/* Crowd inertializer types                                                                     */

/** One bone's state: 13 floats, no padding. */
typedef struct HookeBoneState {
    float position[3];
    float velocity[3];
    float rotation[4];          /* x, y, z, w; unit */
    float angular_velocity[3];  /* rotation vector per second */
} HookeBoneState;

/**
 * Read-only view of bones; element i is bone i (a crowd: i = character * bones + bone).
 * position and rotation are required; a NULL velocity or angular_velocity reads as zero.
 */
typedef struct HookePoseView {
    HookeConstChannel position;          /* 3 floats */
    HookeConstChannel velocity;          /* 3 floats, or NULL */
    HookeConstChannel rotation;          /* 4 floats x, y, z, w */
    HookeConstChannel angular_velocity;  /* 3 floats, or NULL */
} HookePoseView;

/** Writable view of bones laid out like HookePoseView; a NULL channel is not written. */
typedef struct HookePoseViewMut {
    HookeChannel position;
    HookeChannel velocity;
    HookeChannel rotation;
    HookeChannel angular_velocity;
} HookePoseViewMut;

/** Root policies of HookeInertializerOptions. */
#define HOOKE_ROOT_LOCAL 0u    /* the root is inertialized like any bone */
#define HOOKE_ROOT_ANCHORED 1u /* world-space root, re-anchored about `up` at each transition */

/** Options of hooke_inertializer_new_with_options; {0} is hooke_inertializer_new's behaviour. */
typedef struct HookeInertializerOptions {
    const size_t *excluded_bones;  /* bones that follow their input at once; NULL if count 0 */
    size_t excluded_bone_count;
    uint32_t root_policy;          /* HOOKE_ROOT_LOCAL or HOOKE_ROOT_ANCHORED */
    float up[3];                   /* up axis for HOOKE_ROOT_ANCHORED (finite, non-zero) */
} HookeInertializerOptions;

/** Opaque crowd inertializer (offsets or dead blends of characters sharing one rig). */
typedef struct HookeInertializer HookeInertializer;

/** One leg of hooke_inertializer_lock_feet: four bones, each the parent of the next. */
typedef struct HookeLeg {
    size_t hip;
    size_t knee;
    size_t ankle;
    size_t toe; /* the point held where it was planted */
} HookeLeg;

/**
 * Foot-locking settings (docs/math.md section 7); fill with hooke_foot_lock_options_default.
 * Lengths in the rig's units, speeds in units per second.
 */
typedef struct HookeFootLockOptions {
    bool given_contacts;     /* contacts from hooke_inertializer_set_foot_contacts, else detected */
    float up[3];             /* the input's up axis (finite, non-zero) */
    float ground;            /* the ground's height along up */
    float enter_height;      /* a toe enters contact below enter_height and enter_speed, */
    float exit_height;       /* leaves it above exit_height or exit_speed (exit >= enter) */
    float enter_speed;
    float exit_speed;
    float max_lock_distance; /* a held lock is dragged to stay this close to the animated toe */
    float release_halflife;  /* s: the critical spring returning a released lock to the toe */
    float settle_distance;   /* a release this close (and this slow) to the toe is done */
    float max_extension;     /* (0, 1]: the longest a lock may stretch a leg, of its length */
    float lock_in_glide;     /* >= 0: the longest glide of a toe a lock stops, of the reach */
    float reach_softness;    /* [0, 1]: the stretch softened below the reach, of the length */
} HookeFootLockOptions;

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

/* Strided views for spring batches (the batch length of elements per non-NULL channel). */
/** Sets goals and/or goal velocities (NULL channel: unchanged). Values are not checked. */
HookeStatus hooke_critical_springs_set_goals_view(HookeCriticalSprings *handle,
                                                  HookeConstChannel goal,
                                                  HookeConstChannel goal_velocity);
/** Writes positions and/or velocities (NULL channel: not written). */
HookeStatus hooke_critical_springs_get_state_view(HookeCriticalSprings *handle, HookeChannel x,
                                                  HookeChannel v);
/** Sets every goal rotation (checked like hooke_quat_springs_set_goals; none set on failure). */
HookeStatus hooke_quat_springs_set_goals_view(HookeQuatSprings *handle, HookeConstChannel goals);
/** Writes rotations (4 floats) and/or angular velocities (3 floats). */
HookeStatus hooke_quat_springs_get_state_view(HookeQuatSprings *handle, HookeChannel rotations,
                                              HookeChannel angular_velocities);

/* ------------------------------------------------------------------------------------------ */
/* Crowd inertializer (hooke-inertia). Poses are checked where they enter: finite values, unit  */
/* quaternions within 1e-3 (normalised). On any failure nothing is written and the state is     */
/* unchanged. One handle must not be used from two threads at once; distinct handles may.       */

/**
 * Creates an inertializer for characters x bones with one halflife per bone (bone_halflives:
 * bones floats, finite, >= 0), root inertialized like any bone. *out is NULL on failure;
 * characters * bones that overflows is HOOKE_INVALID_PARAMETER, storage that cannot be
 * allocated (also for 0 characters of a huge bone count) HOOKE_OUT_OF_MEMORY, never an abort.
 */
HookeStatus hooke_inertializer_new(size_t characters, size_t bones, const float *bone_halflives,
                                   HookeInertializer **out);
/** hooke_inertializer_new with excluded bones and a root policy (options NULL: defaults). */
HookeStatus hooke_inertializer_new_with_options(size_t characters, size_t bones,
                                                const float *bone_halflives,
                                                const HookeInertializerOptions *options,
                                                HookeInertializer **out);
/** Frees an inertializer; NULL is ignored. */
void hooke_inertializer_free(HookeInertializer *inertializer);
/** Number of characters / bones per character (0 for NULL). */
size_t hooke_inertializer_characters(const HookeInertializer *inertializer);
size_t hooke_inertializer_bones(const HookeInertializer *inertializer);
/**
 * Switches character from source (what its input was at the switch, with velocities; bones
 * entries) to destination (bones entries) without moving its output. Call before the update of
 * the frame whose input changes: that update shows the character as of the switch (the source's
 * continuation, offsets undecayed, whatever its dt) while the other characters advance by dt,
 * and the blend advances from the next update on.
 */
HookeStatus hooke_inertializer_transition(HookeInertializer *inertializer, size_t character,
                                          const HookeBoneState *source,       /* bones entries */
                                          const HookeBoneState *destination); /* bones entries */
/** hooke_inertializer_transition with strided views of bones elements. */
HookeStatus hooke_inertializer_transition_view(HookeInertializer *inertializer, size_t character,
                                               const HookePoseView *source,
                                               const HookePoseView *destination);
/**
 * hooke_inertializer_transition for each of the count characters listed in characters, from its
 * states in source to its states in destination (both characters * bones states, character-major,
 * like the update's input; only the listed characters' states are read). An index out of range
 * (HOOKE_INDEX_OUT_OF_RANGE), a character listed twice, a non-finite value or a non-unit rotation
 * (HOOKE_INVALID_PARAMETER) fails with nothing changed.
 */
HookeStatus hooke_inertializer_transition_many(HookeInertializer *inertializer,
                                               const size_t *characters, /* count indices */
                                               size_t count,
                                               const HookeBoneState *source,       /* all */
                                               const HookeBoneState *destination); /* all */
/**
 * Advances every character by dt (finite, >= 0) and writes the output; input and output hold
 * characters * bones states, character-major (they may be the same array). The characters that
 * switched since the last update are shown as of their switch (the source pose). Updated in
 * place (input == output; for views, every written channel the same memory and stride as its
 * input channel) and without foot locking, a character at rest (no offset, dead blend or root
 * anchor left) is neither read nor written: its states already are its output, and are not
 * checked.
 */
HookeStatus hooke_inertializer_update(HookeInertializer *inertializer, float dt,
                                      const HookeBoneState *input, /* characters * bones */
                                      HookeBoneState *output);
/** hooke_inertializer_update on rayon's thread pool (bit-identical results). */
HookeStatus hooke_inertializer_par_update(HookeInertializer *inertializer, float dt,
                                          const HookeBoneState *input, HookeBoneState *output);
/** hooke_inertializer_update through strided views of characters * bones elements. */
HookeStatus hooke_inertializer_update_view(HookeInertializer *inertializer, float dt,
                                           const HookePoseView *input,
                                           const HookePoseViewMut *output);
/** hooke_inertializer_update_view on rayon's thread pool (bit-identical results). */
HookeStatus hooke_inertializer_par_update_view(HookeInertializer *inertializer, float dt,
                                               const HookePoseView *input,
                                               const HookePoseViewMut *output);
/** Next transitions of character dead-blend: extrapolate (velocities decaying with halflife)
 *  and cross-fade over blend_time seconds (both finite, >= 0). */
HookeStatus hooke_inertializer_set_dead_blend(HookeInertializer *inertializer, size_t character,
                                              float blend_time, float halflife);
/** Next transitions of character inertialize again (the default). */
HookeStatus hooke_inertializer_set_inertialize(HookeInertializer *inertializer,
                                               size_t character);
/** Removes character's offsets, dead blend and root anchor: a hard cut to its input. */
HookeStatus hooke_inertializer_reset(HookeInertializer *inertializer, size_t character);
/** *blending = whether character still carries an offset or a running dead blend. */
HookeStatus hooke_inertializer_is_blending(const HookeInertializer *inertializer,
                                           size_t character, bool *blending);

/* Foot-contact locking: planted toes held while a character blends (docs/math.md section 7). */

/** *out = defaults for a rig of centimetres_per_unit cm a unit: detected contacts, +Y up. */
HookeStatus hooke_foot_lock_options_default(float centimetres_per_unit,
                                            HookeFootLockOptions *out);
/**
 * Enables foot locking: parents[0..bones] the skeleton (SIZE_MAX for a root), legs[0..leg_count]
 * its legs, options checked. Every later update holds the planted toes of blending characters
 * (rewriting hip, knee and ankle rotations). options NULL disables it.
 */
HookeStatus hooke_inertializer_lock_feet(HookeInertializer *inertializer, const size_t *parents,
                                         const HookeLeg *legs, size_t leg_count,
                                         const HookeFootLockOptions *options);
/** Sets character's contacts, one per leg (count = leg_count), for given_contacts. */
HookeStatus hooke_inertializer_set_foot_contacts(HookeInertializer *inertializer,
                                                 size_t character, const bool *contacts,
                                                 size_t count);
/** *locked = whether leg of character is held where it was planted. */
HookeStatus hooke_inertializer_foot_locked(const HookeInertializer *inertializer,
                                           size_t character, size_t leg, bool *locked);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HOOKE_H */
