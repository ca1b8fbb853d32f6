#!/usr/bin/env bash
# Builds the side-by-side light chaser of bench/chase.sh: njpipeorgan/LightsOut (a C++ header
# that solves the all-on n x n board, first row only, unique solutions only) behind our driver,
# which chases the other rows, counts the taps and checks the board ends clear.
#
#   bench/njpipeorgan/build.sh CHECKOUT [OUTPUT]
#
# CHECKOUT is a clone of https://github.com/njpipeorgan/LightsOut (its lightsout.h); OUTPUT
# defaults to target/njpipeorgan. Sizes are compile-time in that library: the driver compiles a
# fixed list (see LO_SIZES in driver.cpp, 2000, 4096 and 10000 among them). Needs g++.
set -euo pipefail
cd "$(dirname "$0")/../.."
checkout=${1:?usage: bench/njpipeorgan/build.sh CHECKOUT [OUTPUT]}
output=${2:-target/njpipeorgan}
mkdir -p "$(dirname "$output")"
g++ -O3 -march=native -std=c++17 -I "$checkout" -o "$output" bench/njpipeorgan/driver.cpp
echo "$output"
