// SPDX-License-Identifier: Apache-2.0
// libpng for the C shim target; Swift code never includes this directly.
#include <png.h>
