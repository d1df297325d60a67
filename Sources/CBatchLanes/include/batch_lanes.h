// The batch scorer's configuration-block kernel: eight CWA parameter sets of
// the few-thresholds pass decide one device's days side by side, one per
// lane (RiskCalculation/Batch/ConfigurationBlockPass.swift builds the
// tables and resolves what the kernel leaves open).
//
// Written in C because the Swift compiler turns the comparisons and
// selections of SIMD8<Double> into one loop per lane on the baseline x86-64
// target, which made the block five times slower than the scalar pass it
// replaces; clang vectorizes these loops. Every lane performs the scalar
// pass's IEEE operations in its order (no fused multiply-add: the file sets
// FP_CONTRACT OFF), so its decisions are the scalar pass's bit for bit.
#ifndef WARNSIM_BATCH_LANES_H
#define WARNSIM_BATCH_LANES_H

#include <stdint.h>

#define WS_LANES 8
#define WS_TRL_CLASSES 21

// One block's tables; lanes past the block's configurations repeat its
// last configuration and are masked out by `real`.
typedef struct {
    // Per TRL class and lane: trv / 60, and whether the class is kept (0 or 1).
    double scale[WS_TRL_CLASSES][WS_LANES];
    int64_t kept_class[WS_TRL_CLASSES][WS_LANES];
    // Window thresholds padded with +infinity, and whether a window is kept
    // with 0, 1 or 2 thresholds at most its time (0 or 1).
    double w0[WS_LANES], w1[WS_LANES];
    int64_t keep_with[3][WS_LANES];
    // Day thresholds padded with +infinity, and whether a day is HIGH with
    // 0 ... 4 thresholds at most its sum (0 or 1).
    double d[4][WS_LANES];
    int64_t high_with[5][WS_LANES];
    // Lanes that hold a configuration of the block (0 or 1).
    int64_t real[WS_LANES];
} ws_lane_block;

// Decides the days of devices device_first ..< device_last.
//
// - reference_day: per device, "today" (UTC day number); max_age: per lane,
//   the age filter. A day older than reference_day - max_age (saturating)
//   is not looked at.
// - device_day_start: the groups of device d are device_day_start[d] ..<
//   device_day_start[d + 1]; day_start: windows day_start[g] ..<
//   day_start[g + 1] (sorted order) form group g; day, classes and
//   relative_error are indexed by sorted window.
// - estimates: per lane, the GEMM output column, indexed by sorted window.
// - high: per device of the range, a bit per lane whose device one of the
//   decided groups made HIGH.
// - pending_group, pending_lanes: filled with the groups some lane could not
//   decide from its estimates (a time or sum within its bound of a
//   threshold), in group order, with a bit per such lane; room for one entry
//   per group of the range. A lane is never left open at or after the first
//   group it decided HIGH.
//
// Returns the number of pending entries.
long ws_block_devices(
    const ws_lane_block *block, const long *max_age, long device_first, long device_last, const long *reference_day,
    const long *device_day_start, const long *day_start, const long *day, const uint8_t *classes,
    const double *relative_error, const double *const *estimates, uint8_t *high, long *pending_group,
    uint8_t *pending_lanes);

#endif
