// The in-memory ETag cache, the client's default. A cache holds the last
// good answer of each URL: its bytes, its ETag and when the service last
// confirmed it (a 200 or a 304), which is what a stale answer's age counts
// from. Web-standard: no Node built-ins (the disk cache is disk-cache.js).

/**
 * @param {{ maxEntries?: number }} [options] Least recently used entries beyond maxEntries are dropped.
 * @returns {import("./index.js").Cache}
 */
export function memoryCache({ maxEntries = 1000 } = {}) {
  /** @type {Map<string, import("./index.js").CacheEntry>} */
  const entries = new Map();
  return {
    async get(url) {
      const entry = entries.get(url);
      if (entry) {
        entries.delete(url);
        entries.set(url, entry);
      }
      return entry;
    },
    async set(url, entry) {
      entries.delete(url);
      entries.set(url, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
    },
    async delete(url) {
      entries.delete(url);
    },
  };
}
