import type { UrlSite } from '../network';
import { isPrivateHost } from '../private-host';
import { type Violation, violationAt } from '../violations';

export function privateNetworkViolations(sites: UrlSite[]): Violation[] {
  return sites.flatMap((site) =>
    site.host && isPrivateHost(site.host)
      ? [violationAt(site.node, `Calls a private network address (${site.host}); functions may only call public internet services.`)]
      : [],
  );
}
