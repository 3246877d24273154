/*
 * Every error path of the inertializer and the strided views, from C: each failing call must
 * return its status, set a message, write nothing and leave the state unchanged. Run under
 * valgrind by .ci/run (no leaks, no invalid reads or writes); prints "errors: ok" on success.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hooke.h"
#include "../c/check.h"

/* The status is `want` and the last error message contains `needle`. */
static void expect(HookeStatus got, HookeStatus want, const char *needle, int line) {
    char buf[512];
    hooke_last_error_message(buf, sizeof buf);
    if (got != want || strstr(buf, needle) == NULL) {
        printf("FAIL: line %d: status %d (want %d), message \"%s\" (want \"%s\")\n", line, (int)got,
               (int)want, buf, needle);
        failures++;
    }
}
#define EXPECT(call, status, needle) expect((call), (status), (needle), __LINE__)

#define CHARACTERS 3
#define BONES 4
#define N (CHARACTERS * BONES)

static void rest(HookeBoneState *b, size_t n) {
    size_t i;
    memset(b, 0, n * sizeof *b);
    for (i = 0; i < n; i++) b[i].rotation[3] = 1.0f;
}

static int same(const HookeBoneState *a, const HookeBoneState *b, size_t n) {
    return memcmp(a, b, n * sizeof *a) == 0;
}

int main(void) {
    float halflives[BONES] = {0.1f, 0.1f, 0.2f, 0.05f};
    HookeInertializer *h = NULL, *other = (HookeInertializer *)&halflives; /* a poison value */
    HookeBoneState src[BONES], dst[BONES], input[N], output[N], sentinel[N], after[N];
    HookeInertializerOptions options;
    size_t excluded[2] = {1, 9};
    bool blending = false;
    size_t i;

    /* Constructors: NULL out, NULL halflives, bad halflife, overflow, bad options. */
    EXPECT(hooke_inertializer_new(CHARACTERS, BONES, halflives, NULL), HOOKE_NULL_POINTER, "`out`");
    EXPECT(hooke_inertializer_new(CHARACTERS, BONES, NULL, &other), HOOKE_NULL_POINTER, "bone_halflives");
    CHECK(other == NULL);
    halflives[2] = NAN;
    EXPECT(hooke_inertializer_new(CHARACTERS, BONES, halflives, &h), HOOKE_INVALID_PARAMETER, "halflife` at index 2");
    CHECK(h == NULL);
    halflives[2] = 0.2f;
    EXPECT(hooke_inertializer_new(SIZE_MAX / 2, 3, halflives, &h), HOOKE_INVALID_PARAMETER, "characters * bones");
    EXPECT(hooke_inertializer_new(SIZE_MAX / 64, 1, halflives, &h), HOOKE_INVALID_PARAMETER, "address space");
    CHECK(h == NULL);
    memset(&options, 0, sizeof options);
    options.excluded_bones = excluded;
    options.excluded_bone_count = 2;
    EXPECT(hooke_inertializer_new_with_options(CHARACTERS, BONES, halflives, &options, &h),
           HOOKE_INDEX_OUT_OF_RANGE, "bone index 9");
    options.excluded_bone_count = 1;
    options.root_policy = 7;
    EXPECT(hooke_inertializer_new_with_options(CHARACTERS, BONES, halflives, &options, &h),
           HOOKE_INVALID_PARAMETER, "root_policy");
    options.root_policy = HOOKE_ROOT_ANCHORED; /* up = {0, 0, 0} */
    EXPECT(hooke_inertializer_new_with_options(CHARACTERS, BONES, halflives, &options, &h),
           HOOKE_INVALID_PARAMETER, "up axis");
    CHECK(h == NULL);
    options.up[1] = 1.0f;
    CHECK(hooke_inertializer_new_with_options(CHARACTERS, BONES, halflives, &options, &h) == HOOKE_OK);
    CHECK(hooke_inertializer_characters(h) == CHARACTERS && hooke_inertializer_bones(h) == BONES);
    hooke_inertializer_free(h);
    h = NULL;
    CHECK(hooke_inertializer_new(CHARACTERS, BONES, halflives, &h) == HOOKE_OK);

    /* A transition in flight, so that a state change would show. */
    rest(src, BONES);
    rest(dst, BONES);
    rest(input, N);
    for (i = 0; i < BONES; i++) dst[i].position[1] = 1.0f;
    CHECK(hooke_inertializer_transition(h, 1, src, dst) == HOOKE_OK);

    /* Transitions: NULL handle and poses, wrong character, NaN, non-unit rotation. */
    EXPECT(hooke_inertializer_transition(NULL, 0, src, dst), HOOKE_NULL_POINTER, "inertializer");
    EXPECT(hooke_inertializer_transition(h, 0, NULL, dst), HOOKE_NULL_POINTER, "source");
    EXPECT(hooke_inertializer_transition(h, 0, src, NULL), HOOKE_NULL_POINTER, "destination");
    EXPECT(hooke_inertializer_transition(h, CHARACTERS, src, dst), HOOKE_INDEX_OUT_OF_RANGE, "character index 3");
    dst[2].velocity[0] = NAN;
    EXPECT(hooke_inertializer_transition(h, 0, src, dst), HOOKE_INVALID_PARAMETER, "not finite");
    dst[2].velocity[0] = 0.0f;
    dst[3].rotation[3] = 0.9f;
    EXPECT(hooke_inertializer_transition(h, 0, src, dst), HOOKE_INVALID_PARAMETER, "length");
    dst[3].rotation[3] = 1.0f;
    CHECK(hooke_inertializer_is_blending(h, 0, &blending) == HOOKE_OK && !blending);
    EXPECT(hooke_inertializer_is_blending(h, 0, NULL), HOOKE_NULL_POINTER, "blending");
    EXPECT(hooke_inertializer_is_blending(h, 9, &blending), HOOKE_INDEX_OUT_OF_RANGE, "character index 9");

    /* transition_many: NULL handle, list and poses, an index out of range, a character listed
     * twice, a NaN in a listed character: nothing changes (checked by the update below). */
    {
        HookeBoneState all_src[N], all_dst[N];
        size_t list[3] = {0, 2, 0};
        rest(all_src, N);
        rest(all_dst, N);
        for (i = 0; i < N; i++) all_dst[i].position[2] = 2.0f;
        EXPECT(hooke_inertializer_transition_many(NULL, list, 1, all_src, all_dst), HOOKE_NULL_POINTER, "inertializer");
        EXPECT(hooke_inertializer_transition_many(h, NULL, 1, all_src, all_dst), HOOKE_NULL_POINTER, "characters");
        EXPECT(hooke_inertializer_transition_many(h, list, 1, NULL, all_dst), HOOKE_NULL_POINTER, "source");
        EXPECT(hooke_inertializer_transition_many(h, list, 1, all_src, NULL), HOOKE_NULL_POINTER, "destination");
        list[1] = CHARACTERS;
        EXPECT(hooke_inertializer_transition_many(h, list, 2, all_src, all_dst), HOOKE_INDEX_OUT_OF_RANGE, "characters index 3");
        list[1] = 2;
        EXPECT(hooke_inertializer_transition_many(h, list, 3, all_src, all_dst), HOOKE_INVALID_PARAMETER, "listed twice");
        all_dst[2 * BONES + 1].velocity[0] = NAN;
        EXPECT(hooke_inertializer_transition_many(h, list, 2, all_src, all_dst), HOOKE_INVALID_PARAMETER, "character 2, bone 1");
        CHECK(hooke_inertializer_transition_many(h, list, 0, NULL, NULL) == HOOKE_OK);
        CHECK(hooke_inertializer_is_blending(h, 0, &blending) == HOOKE_OK && !blending);
        CHECK(hooke_inertializer_is_blending(h, 2, &blending) == HOOKE_OK && !blending);
    }

    /* transition_many switches the listed characters as transition does, one by one. */
    {
        HookeInertializer *many = NULL, *one = NULL;
        HookeBoneState all_src[N], all_dst[N], out_many[N], out_one[N];
        size_t list[2] = {2, 0};
        size_t k;
        rest(all_src, N);
        rest(all_dst, N);
        for (i = 0; i < N; i++) {
            all_src[i].velocity[0] = 0.5f * (float)i;
            all_dst[i].position[1] = 0.25f * (float)i;
            all_dst[i].angular_velocity[2] = 1.0f;
        }
        CHECK(hooke_inertializer_new(CHARACTERS, BONES, halflives, &many) == HOOKE_OK);
        CHECK(hooke_inertializer_new(CHARACTERS, BONES, halflives, &one) == HOOKE_OK);
        CHECK(hooke_inertializer_transition_many(many, list, 2, all_src, all_dst) == HOOKE_OK);
        for (k = 0; k < 2; k++) {
            size_t c = list[k];
            CHECK(hooke_inertializer_transition(one, c, all_src + c * BONES, all_dst + c * BONES) == HOOKE_OK);
        }
        CHECK(hooke_inertializer_update(many, 1.0f / 60.0f, all_dst, out_many) == HOOKE_OK);
        CHECK(hooke_inertializer_update(one, 1.0f / 60.0f, all_dst, out_one) == HOOKE_OK);
        CHECK(same(out_many, out_one, N));
        CHECK(hooke_inertializer_is_blending(many, 1, &blending) == HOOKE_OK && !blending);
        CHECK(hooke_inertializer_is_blending(many, 2, &blending) == HOOKE_OK && blending);
        hooke_inertializer_free(many);
        hooke_inertializer_free(one);
    }

    /* Updates: nothing written on failure, and the state unchanged afterwards. */
    for (i = 0; i < N; i++) {
        sentinel[i] = input[i];
        sentinel[i].position[0] = 42.0f;
    }
    memcpy(output, sentinel, sizeof output);
    EXPECT(hooke_inertializer_update(NULL, 0.1f, input, output), HOOKE_NULL_POINTER, "inertializer");
    EXPECT(hooke_inertializer_update(h, 0.1f, NULL, output), HOOKE_NULL_POINTER, "input");
    EXPECT(hooke_inertializer_update(h, 0.1f, input, NULL), HOOKE_NULL_POINTER, "output");
    EXPECT(hooke_inertializer_update(h, NAN, input, output), HOOKE_INVALID_PARAMETER, "`dt` is NaN");
    EXPECT(hooke_inertializer_par_update(h, -1.0f, input, output), HOOKE_INVALID_PARAMETER, "`dt` is -1");
    EXPECT(hooke_inertializer_update(h, INFINITY, input, output), HOOKE_INVALID_PARAMETER, "`dt` is inf");
    input[N - 1].rotation[0] = 0.5f; /* |q| = 1.118 */
    EXPECT(hooke_inertializer_update(h, 0.1f, input, output), HOOKE_INVALID_PARAMETER, "character 2, bone 3");
    input[N - 1].rotation[0] = 0.0f;
    input[5].angular_velocity[2] = INFINITY;
    EXPECT(hooke_inertializer_par_update(h, 0.1f, input, output), HOOKE_INVALID_PARAMETER, "character 1, bone 1");
    input[5].angular_velocity[2] = 0.0f;
    CHECK(same(output, sentinel, N));

    /* Views: NULL views, missing required channels, outputs that would overlap. */
    {
        HookePoseView in = {{NULL, 0}, {NULL, 0}, {NULL, 0}, {NULL, 0}};
        HookePoseViewMut out = {{NULL, 0}, {NULL, 0}, {NULL, 0}, {NULL, 0}};
        EXPECT(hooke_inertializer_update_view(h, 0.1f, NULL, &out), HOOKE_NULL_POINTER, "input");
        EXPECT(hooke_inertializer_update_view(h, 0.1f, &in, NULL), HOOKE_NULL_POINTER, "output");
        EXPECT(hooke_inertializer_update_view(h, 0.1f, &in, &out), HOOKE_NULL_POINTER, "input.position");
        in.position.data = input[0].position;
        in.position.stride = sizeof(HookeBoneState);
        EXPECT(hooke_inertializer_par_update_view(h, 0.1f, &in, &out), HOOKE_NULL_POINTER, "input.rotation");
        in.rotation.data = input[0].rotation;
        in.rotation.stride = sizeof(HookeBoneState);
        out.rotation.data = output[0].rotation;
        out.rotation.stride = 8;
        EXPECT(hooke_inertializer_update_view(h, 0.1f, &in, &out), HOOKE_INVALID_PARAMETER, "output.rotation");
        out.rotation.stride = SIZE_MAX / 4;
        EXPECT(hooke_inertializer_update_view(h, 0.1f, &in, &out), HOOKE_INVALID_PARAMETER, "output.rotation");
        EXPECT(hooke_inertializer_transition_view(h, 0, &in, NULL), HOOKE_NULL_POINTER, "destination");
        CHECK(same(output, sentinel, N));
        /* And a valid view with absent velocities and outputs: only rotations are written. */
        out.rotation.stride = sizeof(HookeBoneState);
        CHECK(hooke_inertializer_update_view(h, 0.0f, &in, &out) == HOOKE_OK);
        CHECK(output[0].position[0] == 42.0f && output[0].rotation[3] == 1.0f);
    }

    /* The failed calls changed nothing: the same updates as a fresh inertializer with the same
     * transition (the frame of the switch, shown by the dt = 0 view update above, then one of
     * 1/60 s). */
    {
        HookeInertializer *fresh = NULL;
        HookeBoneState expected[N];
        for (i = 0; i < BONES; i++) dst[i].position[1] = 1.0f;
        CHECK(hooke_inertializer_new(CHARACTERS, BONES, halflives, &fresh) == HOOKE_OK);
        CHECK(hooke_inertializer_transition(fresh, 1, src, dst) == HOOKE_OK);
        CHECK(hooke_inertializer_update(fresh, 0.0f, input, expected) == HOOKE_OK);
        CHECK(hooke_inertializer_update(fresh, 1.0f / 60.0f, input, expected) == HOOKE_OK);
        CHECK(hooke_inertializer_update(h, 1.0f / 60.0f, input, after) == HOOKE_OK);
        CHECK(same(after, expected, N));
        hooke_inertializer_free(fresh);
    }

    /* Modes and reset. */
    EXPECT(hooke_inertializer_set_dead_blend(h, 0, NAN, 0.1f), HOOKE_INVALID_PARAMETER, "blend_time");
    EXPECT(hooke_inertializer_set_dead_blend(h, 0, 0.3f, -1.0f), HOOKE_INVALID_PARAMETER, "halflife");
    EXPECT(hooke_inertializer_set_dead_blend(h, 5, 0.3f, 0.1f), HOOKE_INDEX_OUT_OF_RANGE, "character index 5");
    EXPECT(hooke_inertializer_set_inertialize(NULL, 0), HOOKE_NULL_POINTER, "inertializer");
    EXPECT(hooke_inertializer_reset(h, 3), HOOKE_INDEX_OUT_OF_RANGE, "character index 3");
    CHECK(hooke_inertializer_is_blending(h, 1, &blending) == HOOKE_OK && blending);
    CHECK(hooke_inertializer_reset(h, 1) == HOOKE_OK);
    CHECK(hooke_inertializer_is_blending(h, 1, &blending) == HOOKE_OK && !blending);
    CHECK(hooke_inertializer_characters(NULL) == 0 && hooke_inertializer_bones(NULL) == 0);

    /* Spring batches through views. */
    {
        HookeCriticalSprings *s = NULL;
        HookeQuatSprings *q = NULL;
        float pairs[8] = {0}; /* {goal, x} x 4 */
        float quats[4][5];
        CHECK(hooke_critical_springs_new(4, 0.1f, &s) == HOOKE_OK);
        EXPECT(hooke_critical_springs_set_goals_view(NULL, (HookeConstChannel){pairs, 8}, (HookeConstChannel){NULL, 0}),
               HOOKE_NULL_POINTER, "handle");
        EXPECT(hooke_critical_springs_get_state_view(s, (HookeChannel){pairs + 1, 2}, (HookeChannel){NULL, 0}),
               HOOKE_INVALID_PARAMETER, "`x`");
        CHECK(hooke_critical_springs_set_goals_view(s, (HookeConstChannel){pairs, 8}, (HookeConstChannel){NULL, 0}) == HOOKE_OK);
        CHECK(hooke_critical_springs_get_state_view(s, (HookeChannel){pairs + 1, 8}, (HookeChannel){NULL, 0}) == HOOKE_OK);
        hooke_critical_springs_free(s);
        CHECK(hooke_quat_springs_new(4, 0.1f, &q) == HOOKE_OK);
        memset(quats, 0, sizeof quats);
        for (i = 0; i < 4; i++) quats[i][3] = 1.0f;
        quats[2][3] = 2.0f;
        EXPECT(hooke_quat_springs_set_goals_view(q, (HookeConstChannel){quats[0], sizeof quats[0]}), HOOKE_INVALID_PARAMETER, "index 2");
        EXPECT(hooke_quat_springs_set_goals_view(q, (HookeConstChannel){NULL, 0}), HOOKE_NULL_POINTER, "goals");
        quats[2][3] = 1.0f;
        CHECK(hooke_quat_springs_set_goals_view(q, (HookeConstChannel){quats[0], sizeof quats[0]}) == HOOKE_OK);
        EXPECT(hooke_quat_springs_get_state_view(q, (HookeChannel){quats[0], 12}, (HookeChannel){NULL, 0}),
               HOOKE_INVALID_PARAMETER, "rotations");
        CHECK(hooke_quat_springs_get_state_view(q, (HookeChannel){quats[0], sizeof quats[0]}, (HookeChannel){NULL, 0}) == HOOKE_OK);
        hooke_quat_springs_free(q);
    }

    hooke_inertializer_free(h);
    hooke_inertializer_free(NULL);
    printf(failures ? "errors: %d failures\n" : "errors: ok\n", failures);
    return failures ? 1 : 0;
}
