// SPDX-License-Identifier: Apache-2.0
// HarfBuzz for the text shim target; Swift code never includes this directly.
#include <hb.h>
#include <hb-ot.h>
