// The reference client of the Device Lifecycle Records API (v1). Every call
// answers with the body and its provenance, and keeps the spec's consumer
// duties (docs/API.md): it revalidates with If-None-Match and serves a 304
// from its cache; it waits as 429 Retry-After and the RateLimit fields ask,
// a bounded number of times; and when the service cannot be reached or
// fails (a network error, a timeout, a 5xx, a 429 it may not wait out) it
// answers with the last good answer, marked stale, with its age.
// Web-standard (fetch, AbortSignal): no Node built-ins, no dependency.
import { memoryCache } from "./cache.js";
import { ITEMS, MAX_LIMIT, PATHS } from "./generated/contract.js";

export { memoryCache } from "./cache.js";

/** A 4xx answer: an RFC 9457 problem (a slug or code the catalog does not have, a bad parameter). Never served from the cache. */
export class ProblemError extends Error {
  constructor(problem, url) {
    super(`${problem.title ?? "HTTP error"} (${problem.status})${problem.detail ? `: ${problem.detail}` : ""}`);
    this.name = "ProblemError";
    this.status = problem.status;
    this.problem = problem;
    this.url = url;
  }
}

/** The service could not answer (network, timeout, 5xx, rate limit) and no earlier answer was cached. */
export class UnavailableError extends Error {
  constructor(failure, url) {
    super(`${url}: ${failure.reason}; no earlier answer is cached`);
    this.name = "UnavailableError";
    this.status = failure.status ?? null;
    this.retryAfter = failure.retryAfter ?? null;
    this.url = url;
    this.cause = failure.cause;
  }
}

const JSON_MEDIA = "application/json, application/problem+json";
const DATASET = {
  csv: { path: PATHS.dataset, accept: "text/csv" },
  ndjson: { path: PATHS.ndjson, accept: "application/x-ndjson, application/json" },
  sqlite: { path: PATHS.sqlite, accept: "application/vnd.sqlite3, application/octet-stream" },
};

const fill = (pattern, params) => pattern.replace(/\{([a-z_]+)\}/g, (_, name) => encodeURIComponent(params[name]));

/** Seconds a 429 or 503 asks to wait: Retry-After (seconds or an HTTP date), else the RateLimit field's t. */
export function retryAfterSeconds(headers, now = Date.now()) {
  const value = headers.get("retry-after");
  if (value !== null) {
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  return rateLimit(headers)?.reset ?? null;
}

/**
 * The RateLimit field (draft-ietf-httpapi-ratelimit-headers: `"policy";r=<remaining>;t=<seconds>`,
 * one item per policy): the tightest policy's remaining requests and its reset, or null.
 */
export function rateLimit(headers) {
  const field = headers.get("ratelimit");
  if (!field) return null;
  let tightest = null;
  for (const item of field.split(",")) {
    const r = /;\s*r=(\d+)/.exec(item);
    const t = /;\s*t=(\d+)/.exec(item);
    if (!r) continue;
    const policy = { remaining: Number(r[1]), reset: t ? Number(t[1]) : null };
    if (!tightest || policy.remaining < tightest.remaining) tightest = policy;
  }
  return tightest;
}

export function createClient(options) {
  return new DeviceLifecycleClient(options);
}

export class DeviceLifecycleClient {
  #fetch;
  #sleep;
  #now;
  /** When the RateLimit field said the window is spent: no request before this time (ms). */
  #notBefore = 0;

  constructor({
    baseUrl,
    cache = memoryCache(),
    fetch = globalThis.fetch,
    timeoutMs = 10_000,
    retries = 2,
    maxWaitSeconds = 60,
    backoffMs = 500,
    userAgent = "device-lifecycle-client",
    onWait = () => {},
    now = Date.now,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }) {
    if (!baseUrl) throw new TypeError("baseUrl is required: the API origin, such as https://devices.example");
    const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
      throw new TypeError(`baseUrl must be an http(s) URL without query or fragment; got "${baseUrl}"`);
    }
    this.baseUrl = url.href.replace(/\/+$/, "");
    this.cache = cache;
    this.timeoutMs = timeoutMs;
    this.retries = retries;
    this.maxWaitSeconds = maxWaitSeconds;
    this.backoffMs = backoffMs;
    this.userAgent = userAgent;
    this.onWait = onWait;
    this.#fetch = fetch;
    this.#sleep = sleep;
    this.#now = now;
  }

  /** One published record: its verdict, support dates and links, with the dataset attribution. Follows a former slug's redirect. */
  async getDevice(slug) {
    const answer = await this.#json(fill(PATHS.record, { device_slug: slug }));
    const d = answer.data;
    return { ...answer, provenance: { attribution: d.attribution, page: d.links.page, evidence: d.links.evidence, sources: [] } };
  }

  /** The evidence of one record: assertions, sources (links only), recall review, repairability, revisions. */
  async getEvidence(slug) {
    const answer = await this.#json(fill(PATHS.evidence, { device_slug: slug }));
    const d = answer.data;
    return { ...answer, provenance: { attribution: d.attribution, page: d.links.page, evidence: d.links.self, sources: d.sources } };
  }

  /** The devices that carry a model code, hardware identifier, codename, SKU or board. */
  async lookupIdentifier(code) {
    const answer = await this.#json(fill(PATHS.identifier, { identifier: code }));
    const d = answer.data;
    const pages = d.devices.map((m) => m.links.page);
    return {
      ...answer,
      provenance: { attribution: d.attribution, page: pages[0], evidence: d.devices[0]?.links.evidence, sources: d.devices.map((m) => m.source) },
    };
  }

  /**
   * The fleet page's static index of the whole catalog (docs/fleet.md#the-index-file): every published
   * record's names, codes, verdict and documented ends in one file, so a fleet of any size is checked
   * with one request (the CLI's `--csv`). Not the API: no rate limit, and its format follows the page
   * (`data.format`; a new format gets a new path).
   */
  async getFleetIndex() {
    const answer = await this.#json(PATHS.fleetIndex);
    // The index holds the attribution's text only (data.attribution), and the license's address.
    return { ...answer, provenance: { license: answer.data.license, sources: [] } };
  }

  /** The OS releases' static index beside the fleet index (docs/os.md): what the fleet report judges each row's OS against. */
  async getOsIndex() {
    const answer = await this.#json(PATHS.osIndex);
    return { ...answer, provenance: { sources: [] } };
  }

  /** The list's pages, walking meta.nextCursor until it is null. */
  async *listPages({ q, type, limit, cursor } = {}) {
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT)) {
      throw new RangeError(`limit must be an integer from 1 to ${MAX_LIMIT}; got ${limit}`);
    }
    let next = cursor ?? null;
    do {
      const query = new URLSearchParams();
      if (q !== undefined) query.set("q", q);
      // One device type or several: the API reads a comma list (docs/list.md#parameters).
      if (type !== undefined) query.set("type", [type].flat().join(","));
      if (limit !== undefined) query.set("limit", String(limit));
      if (next !== null) query.set("cursor", next);
      const answer = await this.#json(`${PATHS.list}${query.size ? `?${query}` : ""}`);
      yield { ...answer, provenance: { attribution: answer.data.meta.attribution, sources: [] } };
      next = answer.data.meta.nextCursor;
    } while (next !== null);
  }

  /** Every matching record, one at a time, each with the attribution and the freshness of the page it came on. */
  async *listDevices(params = {}) {
    for await (const page of this.listPages(params)) {
      for (const device of page.data[ITEMS]) {
        yield {
          device,
          stale: page.stale,
          age: page.age,
          checkedAt: page.checkedAt,
          ...(page.staleReason ? { staleReason: page.staleReason } : {}),
          provenance: { attribution: page.data.meta.attribution, page: device.links.page, evidence: device.links.evidence, sources: [] },
        };
      }
    }
  }

  /**
   * The whole catalog as a file: "csv" (also for one support year, `{ year }`), "ndjson" or "sqlite".
   * The bytes come as received; `filename` is the one the service suggests and `license` the license's URL.
   */
  async downloadDataset(format, { year } = {}) {
    const kind = DATASET[format];
    if (!kind) throw new RangeError(`format must be csv, ndjson or sqlite; got "${format}"`);
    if (year !== undefined && format !== "csv") throw new RangeError("a support year selects rows of the CSV download only");
    if (year !== undefined && !/^\d{4}$/.test(String(year))) throw new RangeError(`year must be four digits; got "${year}"`);
    const path = year === undefined ? kind.path : fill(PATHS.datasetYear, { year: String(year) });
    const answer = await this.#get(path, kind.accept);
    const filename = /filename="([^"]+)"/.exec(answer.headers.disposition ?? "")?.[1] ?? null;
    const license = /<([^>]+)>\s*;\s*rel="?license"?/.exec(answer.headers.link ?? "")?.[1];
    const { headers, ...rest } = answer;
    return {
      ...rest,
      filename,
      contentType: headers.contentType,
      provenance: { license: license ? new URL(license, answer.url).href : null, sources: [] },
    };
  }

  async #json(path) {
    const { headers: _, data, ...answer } = await this.#get(path, JSON_MEDIA);
    return { ...answer, data: JSON.parse(new TextDecoder().decode(data)) };
  }

  /** One GET through the cache, the rate limit and the retries. */
  async #get(path, accept) {
    const url = `${this.baseUrl}${path}`;
    const cached = await this.cache.get(url);
    let failure;
    for (let attempt = 0; ; attempt++) {
      await this.#pace();
      const result = await this.#attempt(url, accept, cached);
      if (result.answer) return result.answer;
      failure = result.failure;
      // A wait longer than the caller allows is not waited out: the cache answers now, or the error says when to come back.
      const wait = failure.retryAfter ?? (this.backoffMs * 2 ** attempt) / 1000;
      if (attempt >= this.retries || wait > this.maxWaitSeconds) break;
      this.onWait({ url, seconds: wait, reason: failure.reason });
      const until = this.#now() + wait * 1000;
      await this.#sleep(wait * 1000);
      // That wait honoured the RateLimit field of the same answer: the pace need not wait for it again.
      if (this.#notBefore <= until) this.#notBefore = 0;
    }
    if (cached) return this.#answer(cached, { stale: true, staleReason: failure.reason });
    throw new UnavailableError(failure, url);
  }

  async #attempt(url, accept, cached) {
    const headers = { Accept: accept, "User-Agent": this.userAgent };
    if (cached?.etag) headers["If-None-Match"] = cached.etag;
    let res;
    let body;
    try {
      res = await this.#fetch(url, { headers, signal: AbortSignal.timeout(this.timeoutMs) });
      this.#notePace(res.headers);
      if (res.status === 304 && cached) {
        await res.body?.cancel();
        const entry = { ...cached, validatedAt: this.#now() };
        await this.cache.set(url, entry);
        return { answer: this.#answer(entry, { stale: false }) };
      }
      body = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      const reason =
        err?.name === "TimeoutError" ? `no answer within ${this.timeoutMs / 1000} s` : `cannot reach the service (${err?.cause?.code ?? err?.message ?? err})`;
      return { failure: { reason, cause: err } };
    }
    if (res.ok) {
      const entry = {
        url: res.url || url,
        etag: res.headers.get("etag"),
        validatedAt: this.#now(),
        headers: { contentType: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), link: res.headers.get("link") },
        body,
      };
      if (entry.etag) await this.cache.set(url, entry);
      return { answer: this.#answer(entry, { stale: false }) };
    }
    if (res.status === 429 || res.status >= 500) {
      const retryAfter = retryAfterSeconds(res.headers, this.#now());
      const what = res.status === 429 ? "rate limited" : `the service answered ${res.status}`;
      return { failure: { status: res.status, retryAfter, reason: `${what}${retryAfter !== null ? ` (retry after ${retryAfter} s)` : ""}` } };
    }
    // Any other status is the service's answer (404 unknown slug, 410 withdrawn, 400 bad parameter): it replaces what was cached.
    if (res.status === 404 || res.status === 410) await this.cache.delete(url);
    throw new ProblemError(problemOf(res.status, body), res.url || url);
  }

  /** Before a request: wait while the last RateLimit field said the window is spent. */
  async #pace() {
    const wait = this.#notBefore - this.#now();
    // A window longer than the caller allows is not waited out: the request goes, and a 429 falls back to the cache.
    if (wait <= 0 || wait > this.maxWaitSeconds * 1000) return;
    this.onWait({ url: this.baseUrl, seconds: Math.ceil(wait / 1000), reason: "the rate limit's window is spent" });
    await this.#sleep(wait);
  }

  #notePace(headers) {
    const limit = rateLimit(headers);
    if (limit && limit.remaining === 0 && limit.reset !== null) this.#notBefore = this.#now() + limit.reset * 1000;
  }

  #answer(entry, { stale, staleReason }) {
    const now = this.#now();
    return {
      data: entry.body,
      url: entry.url,
      etag: entry.etag,
      stale,
      ...(stale ? { staleReason } : {}),
      checkedAt: new Date(entry.validatedAt).toISOString(),
      age: Math.max(0, Math.floor((now - entry.validatedAt) / 1000)),
      headers: entry.headers,
    };
  }
}

function problemOf(status, body) {
  try {
    const problem = JSON.parse(new TextDecoder().decode(body));
    if (problem && typeof problem === "object") return { status, ...problem };
  } catch {
    // not JSON: a page or plain text answered instead of a problem document
  }
  return { status, title: `HTTP ${status}` };
}
