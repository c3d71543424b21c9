// SPDX-License-Identifier: Apache-2.0
// giflib for the C shim target; Swift code never includes this directly.
#include <gif_lib.h>
