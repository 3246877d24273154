#include <cstdio>
#include "hooke.h"

int main() {
    HookeCriticalSprings* springs = nullptr;
    if (hooke_critical_springs_new(1000, 0.25f, &springs) != HOOKE_OK) {
        char msg[256];
        hooke_last_error_message(msg, sizeof msg);
        std::fprintf(stderr, "hooke: %s\n", msg);
        return 1;
    }
    float* goal = hooke_critical_springs_goal(springs);  // valid until _free
    for (size_t i = 0; i < hooke_critical_springs_len(springs); ++i) goal[i] = 1.0f;
    for (int frame = 0; frame < 60; ++frame) hooke_critical_springs_par_update(springs, 1.0f / 60.0f);
    std::printf("x[0] = %.3f\n", hooke_critical_springs_x(springs)[0]);  // 0.974
    hooke_critical_springs_free(springs);
}
