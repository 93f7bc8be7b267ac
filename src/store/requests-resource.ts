import { isTaskApiError, type RequestOptions, type TaskClient } from '../client';
import { isRequestListing } from '../request';
import type { ProxyRequests } from './resource-key';

/** Nothing to show, and nothing wrong: a client or a proxy without requests. */
const NOT_SERVED: ProxyRequests = { requests: [], served: false };

/**
 * The proxy's requests, loaded with the first inbox that reads them (a page that only watches runs
 * does not ship it): the listings a page can use (`isRequestListing`), each request once (the first
 * listed); the rest is left out, as the client leaves out audit entries it cannot read. A client
 * without `listRequests`, or a proxy that answers 404 (one without requests, or the service
 * itself), has none: that is data, not a failure to retry.
 */
export async function fetchRequests(client: TaskClient, o: RequestOptions): Promise<ProxyRequests> {
  if (client.listRequests === undefined) return NOT_SERVED;
  let entries: unknown[];
  try {
    entries = (await client.listRequests(o)).requests;
  } catch (error) {
    if (isTaskApiError(error) && error.status === 404) return NOT_SERVED;
    throw error;
  }
  const ids = new Set<string>();
  const requests = entries.filter((entry) => {
    if (!isRequestListing(entry) || ids.has(entry.request.id)) return false;
    ids.add(entry.request.id);
    return true;
  });
  return { requests: requests as ProxyRequests['requests'], served: true };
}
