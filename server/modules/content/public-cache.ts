import type { Clock } from '@server/clock';
import { LRUCache } from 'lru-cache';

/**
 * Public content (banners, notices, promotions, games, pages) is read on every page view and edited
 * rarely, so each process keeps answers for a few seconds. Another process may serve an edit up to
 * `ttlMs` later; nothing else depends on this memory. A ttl of 0 turns the cache off.
 */
export function createPublicContentCache(ttlMs: number, clock: Clock) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, { value: unknown }>({ max: 1000, ttl: ttlMs, perf: { now: () => clock.now().getTime() } })
      : null;
  return {
    async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = cache?.get(key);
      if (hit) return hit.value as T;
      const value = await load();
      cache?.set(key, { value });
      return value;
    },
  };
}

export type PublicContentCache = ReturnType<typeof createPublicContentCache>;
