/*
 * The failure count and CHECK macro of the C test programs (c/smoke.c, cmake/errors.c): a
 * condition that does not hold prints its line and is counted; each program exits non-zero when
 * the count is not zero.
 */
#ifndef HOOKE_TEST_CHECK_H
#define HOOKE_TEST_CHECK_H

#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            printf("FAIL: line %d: %s\n", __LINE__, #cond);                          \
            failures++;                                                               \
        }                                                                             \
    } while (0)

#endif
