// See include/batch_lanes.h for what this file provides and why. The lane
// loops are written without branches (bitwise & and | on 0/1 values,
// selections of both sides) so that clang vectorizes them.
#include "batch_lanes.h"

#include <limits.h>

#pragma STDC FP_CONTRACT OFF

// 2^-51 and 1 + 2^-20: RoundingBound.daySumError's constants.
static const double day_error_unit = 0x1p-51;
static const double day_error_margin = 1 + 0x1p-20;
// RoundingBound.maximumTerms.
static const double maximum_terms = (double)(1 << 29);

// Lanes still open on a day, and the bits of a 0/1 lane array.
static inline __attribute__((always_inline)) unsigned lane_bits(const int64_t *flags) {
    unsigned bits = 0;
    for (int l = 0; l < WS_LANES; l++) bits |= (unsigned)(flags[l] & 1) << l;
    return bits;
}

// One device-day for every lane: sets *undecided_out to the lanes that
// cannot decide it from their estimates, returns the lanes it makes HIGH.
static inline __attribute__((always_inline)) unsigned block_day(
    const ws_lane_block *b, long lo, long hi, const uint8_t *classes, const double *relative_error,
    const double *const *estimates, unsigned *undecided_out) {
    double sum[WS_LANES] = {0}, error[WS_LANES] = {0}, terms[WS_LANES] = {0};
    int64_t undecided[WS_LANES] = {0};
    for (long w = lo; w < hi; w++) {
        const int type = classes[w];
        const double rel_w = relative_error[w];
        double estimate[WS_LANES];
        for (int l = 0; l < WS_LANES; l++) estimate[l] = estimates[l][w];
        const double *scale = b->scale[type];
        const int64_t *kept = b->kept_class[type];
        for (int l = 0; l < WS_LANES; l++) {
            const double time = estimate[l] * scale[l];
            const double relative = time != 0 ? rel_w : 0;
            const double tolerance = relative * time;
            const double gap0 = time - b->w0[l], gap1 = time - b->w1[l];
            const int64_t near0 = (int64_t)(gap0 <= tolerance) & (int64_t)(-gap0 <= tolerance);
            const int64_t near1 = (int64_t)(gap1 <= tolerance) & (int64_t)(-gap1 <= tolerance);
            const int64_t near = (int64_t)(relative != 0) & (near0 | near1);
            const int64_t at0 = time >= b->w0[l], at1 = time >= b->w1[l];
            const int64_t level =
                ((at0 & at1) & b->keep_with[2][l]) | ((at0 ^ at1) & b->keep_with[1][l]) | ((1 ^ (at0 | at1)) & b->keep_with[0][l]);
            const int64_t keeps = kept[l] & level;
            undecided[l] |= near & kept[l];
            sum[l] += keeps ? time : 0;
            error[l] += keeps ? relative * time : 0;
            terms[l] += keeps ? 1 : 0;
        }
    }
    int64_t open_day[WS_LANES], day_high[WS_LANES];
    for (int l = 0; l < WS_LANES; l++) {
        const int64_t summed = terms[l] > 0;
        const double bound = (error[l] + (terms[l] + 2) * day_error_unit * sum[l]) * day_error_margin;
        int64_t below = 0;
        int64_t near = terms[l] > maximum_terms;
        for (int k = 0; k < 4; k++) {
            const double gap = sum[l] - b->d[k][l];
            below += sum[l] >= b->d[k][l];
            near |= (int64_t)(gap <= bound) & (int64_t)(-gap <= bound);
        }
        const int64_t is_high = ((int64_t)(below == 0) & b->high_with[0][l]) | ((int64_t)(below == 1) & b->high_with[1][l]) |
                                ((int64_t)(below == 2) & b->high_with[2][l]) | ((int64_t)(below == 3) & b->high_with[3][l]) |
                                ((int64_t)(below == 4) & b->high_with[4][l]);
        const int64_t lane_undecided = undecided[l] | (summed & near & (int64_t)(error[l] != 0));
        open_day[l] = lane_undecided;
        day_high[l] = summed & (1 ^ lane_undecided) & is_high;
    }
    *undecided_out = lane_bits(open_day);
    return lane_bits(day_high);
}

// On x86-64, one copy per vector width (AVX-512, AVX2, baseline), chosen
// when the program loads; each lane's operations are the same IEEE
// operations on every copy, so the choice changes speed only.
#if defined(__x86_64__) && defined(__linux__)
#define WS_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define WS_VECTOR_CLONES
#endif

WS_VECTOR_CLONES
long ws_block_devices(
    const ws_lane_block *b, const long *max_age, long device_first, long device_last, const long *reference_day,
    const long *device_day_start, const long *day_start, const long *day, const uint8_t *classes,
    const double *relative_error, const double *const *estimates, uint8_t *high_out, long *pending_group,
    uint8_t *pending_lanes) {
    const unsigned real = lane_bits(b->real);
    long pending = 0;
    for (long device = device_first; device < device_last; device++) {
        long min_day[WS_LANES];
        for (int l = 0; l < WS_LANES; l++) {
            long value;
            // Saturating, as Swift's saturatingSubtracting.
            if (__builtin_sub_overflow(reference_day[device], max_age[l], &value)) value = max_age[l] > 0 ? LONG_MIN : LONG_MAX;
            min_day[l] = value;
        }
        unsigned high = 0;
        for (long g = device_day_start[device]; g < device_day_start[device + 1] && (high & real) != real; g++) {
            const long lo = day_start[g];
            unsigned open = real & ~high;
            for (int l = 0; l < WS_LANES; l++) open &= ~((unsigned)(day[lo] < min_day[l]) << l);
            if (!open) continue;
            unsigned undecided;
            const unsigned day_high = block_day(b, lo, day_start[g + 1], classes, relative_error, estimates, &undecided);
            high |= day_high & open;
            if (undecided & open) {
                pending_group[pending] = g;
                pending_lanes[pending] = (uint8_t)(undecided & open);
                pending++;
            }
        }
        high_out[device - device_first] = (uint8_t)high;
    }
    return pending;
}
