#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Submits the chunk array, then the concat to run only after every chunk succeeded.
# Usage: WORK=/mnt/render SCENE=/mnt/render/scene.json Examples/Slurm/submit.sh
set -euo pipefail
here=$(dirname "$0")
array=$(sbatch --parsable --export=ALL "$here/render-chunks.sbatch")
sbatch --parsable --export=ALL --dependency="afterok:${array%%;*}" "$here/concat.sbatch"
