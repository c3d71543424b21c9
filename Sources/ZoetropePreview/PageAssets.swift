// SPDX-License-Identifier: Apache-2.0
// The page's files, compiled into the module (Page/): served from memory, never from the file system.

/// The page: `Page/index.html`, `preview.css` and `preview.js`, embedded by
/// SwiftPM (`.embedInCode`), so the installed tool needs no files beside it.
enum PageAssets {
  /// The response for `/`, `/index.html`, `/preview.css` or `/preview.js`.
  static func response(for path: String) -> PreviewResponse {
    switch path {
    case "/preview.css":
      return PreviewResponse(contentType: "text/css; charset=utf-8", body: PackageResources.preview_css)
    case "/preview.js":
      return PreviewResponse(contentType: "text/javascript; charset=utf-8", body: PackageResources.preview_js)
    default:
      return PreviewResponse(
        contentType: "text/html; charset=utf-8", body: PackageResources.index_html,
        headers: [("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; "
          + "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")])
    }
  }
}
