// SPDX-License-Identifier: Apache-2.0
// What the server answers: a status, headers and a body, encoded as HTTP/1.1.

import Zoetrope

/// A complete response, or the start of an event stream.
package enum PreviewReply: Sendable {
  /// A response with its whole body.
  case response(PreviewResponse)
  /// `text/event-stream`: the events of ``EventHub`` until the client goes.
  case events
}

/// An HTTP response with its whole body.
package struct PreviewResponse: Sendable {
  /// 200, 404, …
  package var status: Int
  /// Header lines besides those every response carries.
  package var headers: [(String, String)]
  /// The body.
  package var body: [UInt8]

  /// A response of `status` with `body` of type `contentType`.
  package init(status: Int = 200, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
    self.status = status
    self.headers = [("Content-Type", contentType)] + headers
    self.body = body
  }

  /// JSON text.
  package static func json(_ text: String, status: Int = 200) -> PreviewResponse {
    PreviewResponse(status: status, contentType: "application/json", body: Array(text.utf8))
  }

  /// `{"error": message}` with `status`.
  package static func problem(_ status: Int, _ message: String, headers: [(String, String)] = []) -> PreviewResponse {
    var response = json("{\"error\": \(JSONText.string(message))}\n", status: status)
    response.headers += headers
    return response
  }

  /// The reason phrases of the statuses the server uses.
  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 202: "Accepted"
    case 204: "No Content"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }

  /// The bytes on the wire; `keepAlive` false adds `Connection: close`, and a
  /// `HEAD` request gets the headers alone.
  package func encoded(keepAlive: Bool, headOnly: Bool = false) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(PreviewResponse.reason(status))\r\n"
    for (name, value) in headers + PreviewResponse.common { text += "\(name): \(value)\r\n" }
    text += "Content-Length: \(body.count)\r\n"
    text += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
    text += "\r\n"
    return Array(text.utf8) + (headOnly ? [] : body)
  }

  /// Headers on every response: nothing cached, sniffed, framed or referred.
  static let common: [(String, String)] = [
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
  ]
}

/// JSON text pieces.
package enum JSONText {
  /// `value` as a JSON string literal.
  package static func string(_ value: String) -> String { Inspection.string(value) }
  /// `value` in its shortest round-trip form; `null` when not finite.
  package static func number(_ value: Double) -> String { Inspection.number(value) }
}
