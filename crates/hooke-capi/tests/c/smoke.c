/*
 * Smoke test of the hooke C ABI, compiled as C99 and linked against libhooke_capi.a by
 * tests/c_abi.rs. It prints `key: value` lines that the Rust test compares with the Rust API
 * (floats as the hex of their bits, so the comparison is exact), checks the error paths itself,
 * and exits with status 1 if any of its own checks failed.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hooke.h"
#include "check.h"

static uint32_t bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void print_floats(const char *key, const float *values, size_t n) {
    size_t i;
    printf("%s:", key);
    for (i = 0; i < n; i++) {
        printf(" %08x", (unsigned)bits(values[i]));
    }
    printf("\n");
}

static void print_last_error(const char *key) {
    char buf[256];
    size_t n = hooke_last_error_message(buf, sizeof buf);
    CHECK(n < sizeof buf);
    CHECK(strlen(buf) == n);
    printf("%s: %s\n", key, buf);
}

static void scalar(void) {
    float x = 0.0f, v = 0.0f, a = 0.0f;
    int i;
    HookeQuat q = {0.0f, 0.0f, 0.0f, 1.0f};
    HookeQuat goal = {0.6f, 0.0f, 0.0f, 0.8f};
    HookeVec3 w = {0.0f, 0.0f, 0.0f};
    HookeVec3 vx = {0.0f, 0.0f, 0.0f}, vv = {0.0f, 0.0f, 0.0f};
    HookeVec3 vgoal = {1.0f, -2.0f, 3.0f}, vzero = {0.0f, 0.0f, 0.0f};
    HookeSpringCoeffs c;
    float out[2];

    for (i = 0; i < 3; i++) {
        CHECK(hooke_critical_spring_damper_exact(&x, &v, 1.0f, 0.0f, 0.1f, 1.0f / 60.0f) == HOOKE_OK);
    }
    out[0] = x;
    out[1] = v;
    print_floats("critical", out, 2);

    x = 0.5f;
    v = -1.0f;
    CHECK(hooke_spring_damper_exact_stiffness_damping(&x, &v, 2.0f, 0.1f, 100.0f, 5.0f, 0.02f) == HOOKE_OK);
    out[0] = x;
    out[1] = v;
    print_floats("stiffness_damping", out, 2);

    x = 0.0f;
    CHECK(hooke_damper_exact(&x, 1.0f, 0.5f, 0.1f) == HOOKE_OK);
    print_floats("damper", &x, 1);

    for (i = 0; i < 5; i++) {
        CHECK(hooke_simple_spring_damper_exact_quat(&q, &w, goal, 0.2f, 1.0f / 30.0f) == HOOKE_OK);
    }
    {
        float qw[7] = {q.x, q.y, q.z, q.w, w.x, w.y, w.z};
        print_floats("quat", qw, 7);
    }

    x = 0.0f;
    v = 0.0f;
    a = 0.0f;
    CHECK(hooke_spring_character_update(&x, &v, &a, 3.0f, 0.1f, 0.25f) == HOOKE_OK);
    {
        float xva[3] = {x, v, a};
        print_floats("character", xva, 3);
    }

    CHECK(hooke_critical_spring_damper_exact_vec3(&vx, &vv, vgoal, vzero, 0.15f, 0.05f) == HOOKE_OK);
    {
        float xv[6] = {vx.x, vx.y, vx.z, vv.x, vv.y, vv.z};
        print_floats("vec3", xv, 6);
    }

    /* Checked coefficients give the same step as the scalar function. */
    CHECK(hooke_spring_coeffs_critical(0.1f, 1.0f / 60.0f, &c) == HOOKE_OK);
    x = 0.0f;
    v = 0.0f;
    CHECK(hooke_spring_coeffs_apply(&c, &x, &v, 1.0f, 0.0f) == HOOKE_OK);
    out[0] = x;
    out[1] = v;
    print_floats("coeffs", out, 2);
    CHECK(hooke_spring_coeffs_critical(0.1f, -1.0f, &c) == HOOKE_INVALID_PARAMETER);
    print_last_error("coeffs_error");
}

static void batch(void) {
    enum { N = 11 };
    float halflives[N];
    HookeCriticalSprings *springs = NULL;
    float *x, *v, *goal, *goal_velocity;
    size_t i;
    int step;

    for (i = 0; i < N; i++) {
        halflives[i] = 0.05f * (float)(i + 1);
    }
    CHECK(hooke_critical_springs_with_halflives(halflives, N, &springs) == HOOKE_OK);
    CHECK(springs != NULL);
    CHECK(hooke_critical_springs_len(springs) == N);
    x = hooke_critical_springs_x(springs);
    v = hooke_critical_springs_v(springs);
    goal = hooke_critical_springs_goal(springs);
    goal_velocity = hooke_critical_springs_goal_velocity(springs);
    CHECK(x && v && goal && goal_velocity);
    for (i = 0; i < N; i++) {
        x[i] = -(float)i;
        goal[i] = 0.5f * (float)i;
        goal_velocity[i] = 0.25f;
    }
    for (step = 0; step < 10; step++) {
        CHECK(hooke_critical_springs_update(springs, 1.0f / 60.0f) == HOOKE_OK);
    }
    for (step = 0; step < 10; step++) {
        CHECK(hooke_critical_springs_par_update(springs, 1.0f / 60.0f) == HOOKE_OK);
    }
    /* The column pointers stay valid across updates. */
    CHECK(hooke_critical_springs_x(springs) == x);
    print_floats("batch_x", x, N);
    print_floats("batch_v", v, N);

    CHECK(hooke_critical_springs_update(springs, -1.0f) == HOOKE_INVALID_PARAMETER);
    print_last_error("update_error");
    CHECK(hooke_critical_springs_set_halflives(springs, halflives, N - 1) == HOOKE_LENGTH_MISMATCH);
    print_last_error("length_error");
    hooke_critical_springs_free(springs);

    {
        HookeQuatDecaySprings *rot = NULL;
        HookeQuat q = {0.0f, 0.0f, 0.6f, 0.8f}, r;
        HookeVec3 w0 = {0.0f, 0.0f, 1.0f}, w;
        CHECK(hooke_quat_decay_springs_new(4, 0.1f, &rot) == HOOKE_OK);
        CHECK(hooke_quat_decay_springs_set(rot, 1, q, w0) == HOOKE_OK);
        CHECK(hooke_quat_decay_springs_update(rot, 0.05f) == HOOKE_OK);
        CHECK(hooke_quat_decay_springs_get(rot, 1, &r, &w) == HOOKE_OK);
        {
            float rw[7] = {r.x, r.y, r.z, r.w, w.x, w.y, w.z};
            print_floats("quat_batch", rw, 7);
        }
        CHECK(hooke_quat_decay_springs_set(rot, 4, q, w0) == HOOKE_INDEX_OUT_OF_RANGE);
        print_last_error("index_error");
        hooke_quat_decay_springs_free(rot);
    }
}

static void errors(void) {
    HookeCriticalSprings *springs = (HookeCriticalSprings *)&springs; /* garbage on purpose */
    float v = 2.0f, x = 1.0f;
    float halflives[3] = {0.1f, 0.2f, NAN};
    char small[8];
    size_t n;

    /* Invalid parameters: a status, *out = NULL and a message naming the parameter. */
    printf("invalid_status: %d\n", (int)hooke_critical_springs_new(4, -0.1f, &springs));
    CHECK(springs == NULL);
    print_last_error("invalid_message");
    CHECK(hooke_critical_springs_with_halflives(halflives, 3, &springs) == HOOKE_INVALID_PARAMETER);
    CHECK(springs == NULL);
    print_last_error("invalid_at_message");

    /* Null pointers: a status, nothing written, never a crash. */
    printf("null_status: %d\n", (int)hooke_critical_spring_damper_exact(NULL, &v, 1.0f, 0.0f, 0.1f, 0.1f));
    CHECK(v == 2.0f);
    print_last_error("null_message");
    CHECK(hooke_critical_spring_damper_exact(&x, NULL, 1.0f, 0.0f, 0.1f, 0.1f) == HOOKE_NULL_POINTER);
    CHECK(x == 1.0f);
    CHECK(hooke_critical_springs_new(4, 0.1f, NULL) == HOOKE_NULL_POINTER);
    CHECK(hooke_critical_springs_update(NULL, 0.1f) == HOOKE_NULL_POINTER);
    CHECK(hooke_critical_springs_par_update(NULL, 0.1f) == HOOKE_NULL_POINTER);
    CHECK(hooke_critical_springs_x(NULL) == NULL);
    CHECK(hooke_critical_springs_len(NULL) == 0);
    CHECK(hooke_critical_springs_with_halflives(NULL, 3, &springs) == HOOKE_NULL_POINTER);
    CHECK(hooke_quat_decay_springs_get(NULL, 0, NULL, NULL) == HOOKE_NULL_POINTER);
    hooke_critical_springs_free(NULL);
    hooke_quat_springs_free(NULL);

    /* An empty array may be NULL. */
    CHECK(hooke_critical_springs_with_halflives(NULL, 0, &springs) == HOOKE_OK);
    CHECK(springs != NULL && hooke_critical_springs_len(springs) == 0);
    hooke_critical_springs_free(springs);

    /* The message is truncated to the buffer and NUL-terminated; the full length is returned. */
    CHECK(hooke_damper_exact(NULL, 0.0f, 0.1f, 0.1f) == HOOKE_NULL_POINTER);
    n = hooke_last_error_message(small, sizeof small);
    CHECK(n == strlen("argument `x` is a null pointer"));
    CHECK(strcmp(small, "argumen") == 0);
    CHECK(hooke_last_error_message(NULL, 0) == n);

    printf("version: %s\n", hooke_version());
}

int main(void) {
    scalar();
    batch();
    errors();
    printf("failures: %d\n", failures);
    return failures == 0 ? 0 : 1;
}
