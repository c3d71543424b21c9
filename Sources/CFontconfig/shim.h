// SPDX-License-Identifier: Apache-2.0
// fontconfig for the text shim target; Swift code never includes this directly.
#include <fontconfig/fontconfig.h>
