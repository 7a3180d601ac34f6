// Whether a form POST comes from a page of another site (docs/service/documents.md, "The public link"):
// the browser's Origin header, else its Referer, must name the host the request was sent to. Only the
// host parts (name and port) are compared, not the scheme: behind a TLS proxy the service is spoken to
// in plain http while the browser's page is https. The host the request was sent to is its Host header,
// or X-Forwarded-Host where a proxy rewrites Host; a page of another site can set neither on a form it
// posts (a script that tried would need a CORS preflight, which nothing here answers). A POST with neither
// Origin nor Referer is no browser's: browsers send Origin on every POST, so it passes.

export interface PostHeaders {
  origin?: string;
  referer?: string;
  /** the Host header (or the request URL's host where there is none) */
  host?: string;
  forwardedHost?: string;
}

/** `host` (as a Host header writes it) as a URL of `scheme` shows it: lower case, the scheme's default port dropped. */
function hostAs(scheme: string, host: string): string | undefined {
  try {
    return new URL(`${scheme}//${host}`).host;
  } catch {
    return undefined;
  }
}

/** The hosts this request was sent to: its Host, and the first host a proxy names in X-Forwarded-Host. */
function ownHosts(h: PostHeaders): string[] {
  const forwarded = h.forwardedHost?.split(',')[0]?.trim();
  return [h.host, forwarded].filter((x): x is string => !!x);
}

/** True when the POST's Origin (else Referer) names a site other than this one, or nothing readable ("null"). */
export function fromOtherSite(h: PostHeaders): boolean {
  const source = h.origin ?? h.referer;
  if (source === undefined) return false;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return true; // "null" (a sandboxed or privacy-stripped origin) and anything unreadable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  return !ownHosts(h).some((host) => hostAs(url.protocol, host) === url.host);
}
