// The CloudFront Function (cloudfront-js-2.0, viewer request, default behaviour only) that gives the
// single-page app its fallback: a path whose last segment has no extension is a client-side route,
// so S3 is asked for /index.html instead. Distribution errorResponses would also turn the API's
// 403/404 into 200 + HTML (they apply to every origin), so they are not used.
export const spaFallbackSource = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
