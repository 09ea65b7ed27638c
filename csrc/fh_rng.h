/* fh_rng.h -- a tiny splittable PRNG (SplitMix64) for Monte Carlo.
 *
 * Every block of trials gets its own stream, seeded from (seed, block index), so a job's
 * result depends only on its seed and its blocks -- not on the number of threads or on
 * which thread ran which block -- and blocks may run on different machines. */
#ifndef FH_RNG_H
#define FH_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} fh_rng;

static inline uint64_t fh_rng_next(fh_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The stream of block `block` of the job seeded with `seed`. */
static inline fh_rng fh_rng_for_block(uint64_t seed, uint64_t block) {
    fh_rng mix = {seed ^ 0x6A09E667F3BCC909ULL};
    uint64_t a = fh_rng_next(&mix);
    fh_rng r = {a + block * 0xD1B54A32D192ED03ULL};
    (void)fh_rng_next(&r);
    return r;
}

/* Uniform integer in [0, n) for n < 2**32 (multiply-shift; bias below n / 2**32). */
static inline uint32_t fh_rng_below(fh_rng *r, uint32_t n) {
    return (uint32_t)(((fh_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform double in [0, 1). */
static inline double fh_rng_unit(fh_rng *r) {
    return (double)(fh_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#endif /* FH_RNG_H */
