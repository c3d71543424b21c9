// SPDX-License-Identifier: Apache-2.0
// FFmpeg for the C shim target; Swift code never includes this directly.
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
