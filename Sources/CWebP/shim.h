// SPDX-License-Identifier: Apache-2.0
// libwebp (encoder, animation encoder, demuxer) for the C shim target; Swift code never includes this directly.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
