// SPDX-License-Identifier: Apache-2.0
// What one client, or many, may ask of the preview server: every bound in one place.

/// The bounds the preview server keeps whatever its clients send; docs/preview.md lists them.
package enum PreviewLimits {
  /// A request's head (request line and headers) in bytes; past it, 431.
  package static let maximumHeadBytes = 16 << 10
  /// Header lines in a request; past it, 431.
  package static let maximumHeaderCount = 64
  /// A request's body in bytes (only `POST /export` has one); past it, 413.
  package static let maximumBodyBytes = 4 << 10
  /// Seconds a client has, from the connection's start or the last response, to
  /// send a whole head (and body): a slow sender (slowloris) is cut off then.
  package static let headSeconds: Double = 10
  /// Open connections, event streams included; past it a new connection gets
  /// 503 and is closed at once.
  package static let maximumConnections = 64
  /// Event streams open at once; past it, 503.
  package static let maximumEventStreams = 16
  /// Frames rendered at once (one thread each).
  package static let renderThreads = 2
  /// Frame requests waiting for a render thread; past it, 503 with Retry-After.
  package static let maximumQueuedRenders = 32
  /// Seconds a frame may take to render; a slower frame is abandoned with 503.
  package static let renderSeconds: Double = 30
  /// Frames kept rendered (PNG bytes), newest used last out.
  package static let cachedFrames = 240
  /// Bytes of PNG kept in the frame cache.
  package static let cachedBytes = 256 << 20
  /// The largest extra device scale a request may ask for.
  package static let maximumScale: Double = 8
}
