import type { RequestInfo } from './request.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * GoTrue's IsRedirectURLValid, for a server with no allow list: back to the site (same scheme and
 * host; any port on loopback), to a loopback address, or to the origin the client reached this
 * server through (the app is served from it). Anything else could be an open redirect.
 */
export function isAllowedRedirect(target: string, siteUrl: string, info: Pick<RequestInfo, 'origin'>): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin === info.origin) return true;
  if (LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname)) return true;
  try {
    const site = new URL(siteUrl);
    return site.protocol === url.protocol && site.hostname === url.hostname && site.port === url.port;
  } catch {
    return false;
  }
}

/** GoTrue's GetReferrer: redirect_to if allowed, else the Referer header if allowed, else the site URL. */
export function chooseRedirect(requested: string | undefined, siteUrl: string, info: RequestInfo): string {
  if (requested && isAllowedRedirect(requested, siteUrl, info)) return requested;
  if (info.referer && isAllowedRedirect(info.referer, siteUrl, info)) return info.referer;
  return siteUrl;
}
