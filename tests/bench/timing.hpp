// How the benchmark programs time a piece of work: `runs` runs after `warmup` unrecorded ones,
// each in milliseconds, sorted (the median is the middle one; the machines are shared, so one
// slow run moves no median).
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

inline std::vector<double> sorted_ms(const std::function<void()>& f, int runs, int warmup) {
    std::vector<double> ms;
    for (int i = 0; i < warmup + runs; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const auto t1 = std::chrono::steady_clock::now();
        if (i >= warmup) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms;
}

inline double median_ms(const std::function<void()>& f, int runs, int warmup) {
    const std::vector<double> ms = sorted_ms(f, runs, warmup);
    return ms[ms.size() / 2];
}
