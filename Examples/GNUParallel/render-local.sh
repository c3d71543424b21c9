#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Renders SCENE in CHUNKS chunks with GNU parallel, JOBS at a time on this machine, and joins them into OUT.
# Usage: Examples/GNUParallel/render-local.sh SCENE OUT CHUNKS [JOBS]   (OUT: .mp4, .mov, .webm, .apng, .gif)
# Each job renders on cores/JOBS threads, so the machine is used once over. GIF chunks share one palette,
# made first.
set -euo pipefail
scene=$1 out=$2 chunks=$3 jobs=${4:-$(nproc)}
parts="$out.parts"
mkdir -p "$parts"
ext=${out##*.}
rm -f "$parts"/part*."$ext"
threads=$(( $(nproc) / jobs )); [ "$threads" -ge 1 ] || threads=1
palette=()
if [ "$ext" = gif ]; then
  zoetrope palette "$scene" -o "$parts/palette.json"
  palette=(--palette "$parts/palette.json")
fi
seq 0 $((chunks - 1)) | parallel --jobs "$jobs" --halt now,fail=1 \
  zoetrope render "$scene" --chunk "{}/$chunks" -o "$parts/part{}.$ext" --threads "$threads" --progress none \
  "${palette[@]}"
zoetrope concat "$parts"/part*."$ext" -o "$out"
