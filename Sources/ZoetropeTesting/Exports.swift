// SPDX-License-Identifier: Apache-2.0
// One import for a test file: Zoetrope and swift-snapshot-testing's assertSnapshot come with it.

@_exported import SnapshotTesting
@_exported import Zoetrope
