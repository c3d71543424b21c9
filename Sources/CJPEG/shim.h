// SPDX-License-Identifier: Apache-2.0
// libjpeg (libjpeg-turbo) for the C shim target; Swift code never includes this directly.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
