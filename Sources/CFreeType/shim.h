// SPDX-License-Identifier: Apache-2.0
// FreeType for the text shim target; Swift code never includes this directly.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
