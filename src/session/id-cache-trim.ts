// Tab's cached ID lists (src/config/id-cache.ts) go stale when masg itself creates or updates
// something: each change sent (answered or not: its outcome may be unknown) marks what it
// touches, and the cache is trimmed once when the command ends, never failing it.
import type { ApiClient, ApiRequest } from '../api/types.js';

export interface CacheTrim {
  /** Wraps one call's transport so that its changes are noted. */
  wrap(client: ApiClient): ApiClient;
}

export function idCacheTrim(configDir: string, label: () => Promise<string>, onClose: (fn: () => Promise<void>) => void): CacheTrim {
  const paths = new Set<string>();
  const note = (req: ApiRequest) => {
    if (req.method === 'GET') return;
    if (paths.size === 0) {
      onClose(async () => {
        const { forget, kindsChangedBy } = await import('../config/id-cache.js');
        await forget(configDir, await label(), [...new Set([...paths].flatMap(kindsChangedBy))]);
      });
    }
    paths.add(req.path);
  };
  return {
    wrap: (client) => ({
      ...client,
      request: (req) => (note(req), client.request(req)),
      stream: (req, opts) => (note(req), client.stream(req, opts)),
    }),
  };
}
