// An engine-like consumer of the hooke C ABI: 100 characters x 31 bones of the bundled CMU clips
// (data/cmu/), poses kept in the engine's own structs and passed to the inertializer through
// strided views (no copy on the engine's side). Characters switch from the walk to the climb at
// staggered frames, a quarter of them with dead blending; odd frames use the parallel update.
//
// The frames come from tests/cmake.rs, which also computed the expected output with the Rust API
// (hooke_inertia::Inertializer); this program fails unless every value is within 1e-5.
//
// File (little-endian): u32 characters, u32 bones, u32 frames, f32 dt; then per frame: u32 count
// of transitions, each {u32 character, 13 * bones floats source, 13 * bones floats destination};
// 13 * characters * bones floats input; 13 * characters * bones floats expected output. A bone is
// 13 floats: position[3], velocity[3], rotation[4] (x, y, z, w), angular_velocity[3].
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "hooke.h"

namespace {

// The engine's bone transform and its motion, laid out the engine's way.
struct Transform {
    float t[3];
    float pad0;
    float q[4];
    float s[3];
    float pad1;
};
struct Motion {
    float linear[3];
    float angular[3];
};
static_assert(sizeof(Transform) == 48, "engine transform");

struct Reader {
    std::FILE *file;
    bool ok = true;
    template <typename T>
    T read() {
        T value{};
        ok = ok && std::fread(&value, sizeof value, 1, file) == 1;
        return value;
    }
    void floats(std::vector<float> &out) {
        ok = ok && std::fread(out.data(), sizeof(float), out.size(), file) == out.size();
    }
};

HookeConstChannel in(const void *base, size_t offset, size_t stride) {
    return HookeConstChannel{reinterpret_cast<const float *>(static_cast<const char *>(base) + offset), stride};
}
HookeChannel out(void *base, size_t offset, size_t stride) {
    return HookeChannel{reinterpret_cast<float *>(static_cast<char *>(base) + offset), stride};
}

// Engine structs from 13-float bones.
void unpack(const std::vector<float> &bones, std::vector<Transform> &transforms, std::vector<Motion> &motions) {
    for (size_t i = 0; i < transforms.size(); ++i) {
        const float *b = &bones[13 * i];
        Transform &t = transforms[i];
        std::memcpy(t.t, b, 3 * sizeof(float));
        std::memcpy(t.q, b + 6, 4 * sizeof(float));
        t.s[0] = t.s[1] = t.s[2] = 1.0f;
        t.pad0 = t.pad1 = 0.0f;
        std::memcpy(motions[i].linear, b + 3, 3 * sizeof(float));
        std::memcpy(motions[i].angular, b + 10, 3 * sizeof(float));
    }
}

HookePoseView view_of(const std::vector<Transform> &t, const std::vector<Motion> &m) {
    return HookePoseView{in(t.data(), offsetof(Transform, t), sizeof(Transform)),
                         in(m.data(), offsetof(Motion, linear), sizeof(Motion)),
                         in(t.data(), offsetof(Transform, q), sizeof(Transform)),
                         in(m.data(), offsetof(Motion, angular), sizeof(Motion))};
}

int fail(const char *what) {
    char message[512];
    hooke_last_error_message(message, sizeof message);
    std::fprintf(stderr, "%s failed: %s\n", what, message);
    return 1;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: crowd <frames file from tests/cmake.rs>\n");
        return 2;
    }
    Reader r{std::fopen(argv[1], "rb")};
    if (!r.file) {
        std::perror(argv[1]);
        return 2;
    }
    const size_t characters = r.read<uint32_t>(), bones = r.read<uint32_t>();
    const uint32_t frames = r.read<uint32_t>();
    const float dt = r.read<float>();
    const size_t n = characters * bones;

    std::vector<float> halflives(bones, 0.1f);
    halflives[0] = 0.2f;  // a slower root
    HookeInertializer *crowd = nullptr;
    if (hooke_inertializer_new(characters, bones, halflives.data(), &crowd) != HOOKE_OK) return fail("new");
    for (size_t c = 3; c < characters; c += 4) {
        if (hooke_inertializer_set_dead_blend(crowd, c, 0.3f, 0.1f) != HOOKE_OK) return fail("set_dead_blend");
    }

    std::vector<Transform> input(n), output(n), source(bones), destination(bones);
    std::vector<Motion> input_motion(n), output_motion(n), source_motion(bones), destination_motion(bones);
    std::vector<float> bones_in(13 * n), expected(13 * n), one(13 * bones);
    double worst = 0.0;
    for (uint32_t frame = 0; frame < frames && r.ok; ++frame) {
        const uint32_t transitions = r.read<uint32_t>();
        for (uint32_t k = 0; k < transitions && r.ok; ++k) {
            const size_t c = r.read<uint32_t>();
            r.floats(one);
            unpack(one, source, source_motion);
            r.floats(one);
            unpack(one, destination, destination_motion);
            const HookePoseView s = view_of(source, source_motion), d = view_of(destination, destination_motion);
            if (hooke_inertializer_transition_view(crowd, c, &s, &d) != HOOKE_OK) return fail("transition_view");
        }
        r.floats(bones_in);
        r.floats(expected);
        unpack(bones_in, input, input_motion);
        const HookePoseView iv = view_of(input, input_motion);
        const HookePoseViewMut ov{out(output.data(), offsetof(Transform, t), sizeof(Transform)),
                                  out(output_motion.data(), offsetof(Motion, linear), sizeof(Motion)),
                                  out(output.data(), offsetof(Transform, q), sizeof(Transform)),
                                  out(output_motion.data(), offsetof(Motion, angular), sizeof(Motion))};
        for (Transform &t : output) t.s[0] = t.s[1] = t.s[2] = 7.0f;  // must survive the update
        const HookeStatus status = frame % 2 ? hooke_inertializer_par_update_view(crowd, dt, &iv, &ov)
                                             : hooke_inertializer_update_view(crowd, dt, &iv, &ov);
        if (status != HOOKE_OK) return fail("update_view");
        for (size_t i = 0; i < n; ++i) {
            const float *e = &expected[13 * i];
            const float got[13] = {output[i].t[0], output[i].t[1], output[i].t[2],
                                   output_motion[i].linear[0], output_motion[i].linear[1], output_motion[i].linear[2],
                                   output[i].q[0], output[i].q[1], output[i].q[2], output[i].q[3],
                                   output_motion[i].angular[0], output_motion[i].angular[1], output_motion[i].angular[2]};
            for (int k = 0; k < 13; ++k) {
                const double d = std::fabs(double(got[k]) - double(e[k]));
                if (!(d <= worst)) worst = std::isnan(d) ? INFINITY : d;  // NaN counts as a failure
            }
            if (output[i].s[0] != 7.0f || output[i].s[2] != 7.0f) {
                std::fprintf(stderr, "frame %u bone %zu: the scale was overwritten\n", frame, i);
                return 1;
            }
        }
    }
    hooke_inertializer_free(crowd);
    std::fclose(r.file);
    if (!r.ok) {
        std::fprintf(stderr, "truncated frames file\n");
        return 2;
    }
    std::printf("characters %zu bones %zu frames %u max_abs_diff %.3g\n", characters, bones, frames, worst);
    return worst <= 1e-5 ? 0 : 1;
}
