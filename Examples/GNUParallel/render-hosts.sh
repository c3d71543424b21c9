#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Renders SCENE in CHUNKS chunks on other machines over ssh with GNU parallel, then joins them here.
# Usage: HOSTS=4/render1,4/render2 Examples/GNUParallel/render-hosts.sh SCENE OUT.mp4 CHUNKS
# HOSTS is parallel's --sshlogin list ("4/render1" runs up to 4 jobs on render1; ":" is this machine).
# Every host needs zoetrope on its PATH and the same WORK folder (NFS or similar) with the scene in it;
# DRY_RUN=1 prints the commands instead of running them.
set -euo pipefail
scene=$1 out=$2 chunks=$3
: "${HOSTS:?set HOSTS to parallel --sshlogin hosts, e.g. HOSTS=4/render1,4/render2}"
WORK=${WORK:-$PWD}
ext=${out##*.}
dry=()
if [ "${DRY_RUN:-0}" = 1 ]; then dry=(--dry-run); else mkdir -p "$WORK/parts"; fi
seq 0 $((chunks - 1)) | parallel "${dry[@]}" --sshlogin "$HOSTS" --workdir "$WORK" --halt now,fail=1 \
  zoetrope render "$scene" --chunk "{}/$chunks" -o "parts/part{}.$ext" --progress none
if [ "${DRY_RUN:-0}" = 1 ]; then
  echo zoetrope concat "$WORK/parts/part*.$ext" -o "$out"
else
  zoetrope concat "$WORK"/parts/part*."$ext" -o "$out"
fi
