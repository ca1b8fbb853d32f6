// Minimal driver for njpipeorgan/LightsOut (header-only, lightsout.h).
// Usage: lightsout N [solution_file]
// The library's solve<N>() is a compile-time template, so only sizes in
// LO_SIZES (below, overridable with -DLO_SIZES=...) are available at runtime.
// solve<N>() returns only the FIRST ROW of taps for the all-on N x N board.
// The driver light-chases the remaining rows (O(N^2/64) bit ops), counts taps,
// verifies that the board ends all-off, and optionally writes the N x N
// solution as N lines of '0'/'1'.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <vector>
#include "lightsout.h"  // from a checkout of njpipeorgan/LightsOut, given with -I

#ifndef LO_SIZES
#define LO_SIZES 1,2,3,4,5,6,7,8,9,10,11,16,17,19,20,32,63,64,65,100,128,200,256,500,512,998,1000,1024,2000,2048,4096,5000,8192,10000
#endif

static int run(size_t n, const bool* first, double solve_s, const char* outpath) {
    const size_t W = (n + 63) / 64;
    const uint64_t lastmask = (n % 64) ? ((uint64_t(1) << (n % 64)) - 1) : ~uint64_t(0);
    std::vector<uint64_t> prev(W, 0), cur(W, 0), next(W, 0);
    for (size_t j = 0; j < n; j++) if (first[j]) cur[j >> 6] |= uint64_t(1) << (j & 63);
    FILE* out = nullptr;
    if (outpath && !(out = std::fopen(outpath, "w"))) { std::perror(outpath); return 3; }
    std::vector<char> line(n + 1, '\n');
    unsigned long long taps = 0;
    for (size_t r = 0; r < n; r++) {
        for (size_t w = 0; w < W; w++) taps += __builtin_popcountll(cur[w]);
        if (out) {
            for (size_t j = 0; j < n; j++) line[j] = ((cur[j >> 6] >> (j & 63)) & 1) ? '1' : '0';
            std::fwrite(line.data(), 1, n + 1, out);
        }
        // light state of row r after taps in rows r-1, r: 1 ^ prev ^ cur ^ cur<<1 ^ cur>>1
        // next row taps must equal that state (to clear row r).
        for (size_t w = 0; w < W; w++) {
            uint64_t l = (cur[w] << 1) | (w ? cur[w - 1] >> 63 : 0);
            uint64_t rr = (cur[w] >> 1) | (w + 1 < W ? cur[w + 1] << 63 : 0);
            next[w] = ~(prev[w] ^ cur[w] ^ l ^ rr);
        }
        next[W - 1] &= lastmask;
        prev.swap(cur); cur.swap(next);
    }
    if (out) std::fclose(out);
    // after the loop, cur = taps needed in row n+1 (must be zero for a valid solution)
    bool ok = true;
    for (size_t w = 0; w < W; w++) if (cur[w]) ok = false;
    std::printf("n=%zu solve_seconds=%.3f\n", n, solve_s);
    if (ok) {
        std::printf("taps=%llu\n", taps);
        return 0;
    }
    std::printf("INVALID: library returned a first row that does not clear the board "
                "(its Gaussian elimination failed: board matrix singular / nullity>0)\n");
    return 2;
}

template <size_t N>
static int try_size(size_t n, const char* outpath, bool& hit) {
    if (hit || n != N) return 0;
    hit = true;
    auto t0 = std::chrono::steady_clock::now();
    auto first = solve<N>();   // the library's real work: N iterations + GF(2) Gauss on N x (N+1)
    auto t1 = std::chrono::steady_clock::now();
    return run(N, first.data(), std::chrono::duration<double>(t1 - t0).count(), outpath);
}

template <size_t... Ns>
static int dispatch(size_t n, const char* outpath) {
    bool hit = false;
    int rc = 0;
    ((rc |= try_size<Ns>(n, outpath, hit)), ...);
    if (!hit) {
        std::fprintf(stderr, "n=%zu not compiled in; available:", n);
        ((std::fprintf(stderr, " %zu", Ns)), ...);
        std::fprintf(stderr, "\nrebuild with -DLO_SIZES=...,%zu\n", n);
        return 1;
    }
    return rc;
}

int main(int argc, char** argv) {
    if (argc < 2) { std::fprintf(stderr, "usage: %s N [solution_file]\n", argv[0]); return 1; }
    size_t n = std::strtoull(argv[1], nullptr, 10);
    return dispatch<LO_SIZES>(n, argc > 2 ? argv[2] : nullptr);
}
