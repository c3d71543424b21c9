// SPDX-License-Identifier: Apache-2.0
// The umbrella module: one import for the whole public API.

@_exported import ZoetropeAnimation
@_exported import ZoetropeGeometry
@_exported import ZoetropeLayers
@_exported import ZoetropeLottie
@_exported import ZoetropeMedia
@_exported import ZoetropeScene
@_exported import ZoetropeText
@_exported import ZoetropeTiming
@_exported import ZoetropeImages
@_exported import ZoetropePixels
