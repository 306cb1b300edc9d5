// Declarations of index.js. The response types (./generated/types.js) are the
// zod schemas' output types, written out in full: no zod is needed to use them.
import type { Attribution, DeviceDocument, DeviceSummary, EvidenceDocument, IdentifierDocument, ListPage, Source } from "./generated/types.js";

export type * from "./generated/types.js";

/** The fleet page's index of the catalog (docs/fleet.md#the-index-file). Its members follow the page; check `format`. */
export interface FleetIndexDocument {
  format: string;
  pages: string;
  attribution: string;
  license: string;
  [member: string]: unknown;
}

/** The last good answer of one URL. */
export interface CacheEntry {
  /** The URL that answered (after redirects). */
  url: string;
  etag: string | null;
  /** When the service last confirmed these bytes (a 200 or a 304), in ms since the epoch. */
  validatedAt: number;
  headers: { contentType: string | null; disposition: string | null; link: string | null };
  body: Uint8Array;
}

/** Where the client keeps last good answers, by the URL asked: memoryCache() (the default) or diskCache(dir). */
export interface Cache {
  get(url: string): Promise<CacheEntry | undefined>;
  set(url: string, entry: CacheEntry): Promise<void>;
  delete(url: string): Promise<void>;
}

/** What the client keeps with every answer: the license terms ask reusers to show the attribution and link each fact to its record. */
export interface Provenance {
  /** The dataset attribution (the fleet index gives its text only, as data.attribution). */
  attribution?: Attribution;
  /** The canonical device page: link reused facts here. */
  page?: string;
  /** The evidence of the record. */
  evidence?: string;
  /** The sources (links only) the answer rests on: the evidence's sources, an identifier's source; empty where the answer carries none. */
  sources: Source[];
  /** The dataset license's URL (downloads). */
  license?: string | null;
}

/** Freshness of an answer. */
export interface Freshness {
  /** true when the service could not answer and this is the last good answer from the cache. */
  stale: boolean;
  /** Why the service did not answer (only when stale). */
  staleReason?: string;
  /** When the service last confirmed this answer (ISO 8601). */
  checkedAt: string;
  /** Seconds since then. */
  age: number;
}

export interface Answer<T> extends Freshness {
  data: T;
  /** The URL that answered. */
  url: string;
  etag: string | null;
  provenance: Provenance;
}

export interface ListedDevice extends Freshness {
  device: DeviceSummary;
  provenance: Provenance;
}

export interface DatasetAnswer extends Answer<Uint8Array> {
  /** The file name the service suggests (Content-Disposition), or null. */
  filename: string | null;
  contentType: string | null;
}

export interface WaitEvent {
  url: string;
  seconds: number;
  reason: string;
}

export interface ClientOptions {
  /** The API origin ({base_url}), such as https://devices.example. */
  baseUrl: string;
  /** Default: memoryCache(). */
  cache?: Cache;
  fetch?: typeof globalThis.fetch;
  /** Per attempt, headers and body. Default 10 000. */
  timeoutMs?: number;
  /** Further attempts after a network error, timeout, 5xx or 429. Default 2. */
  retries?: number;
  /** The longest wait the client accepts (Retry-After, RateLimit, backoff); a longer one is not waited out. Default 60. */
  maxWaitSeconds?: number;
  /** First backoff after a failure without Retry-After; doubles each attempt. Default 500. */
  backoffMs?: number;
  userAgent?: string;
  /** Called before each wait (rate limit, retry). */
  onWait?: (event: WaitEvent) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ListParams {
  q?: string;
  /** Only records of this device type, or of these (the API's type=phone,tablet). */
  type?: DeviceSummary["deviceType"] | DeviceSummary["deviceType"][];
  /** 1 to 100. */
  limit?: number;
  /** Start from this meta.nextCursor. */
  cursor?: string;
}

export type DatasetFormat = "csv" | "ndjson" | "sqlite";

export declare class DeviceLifecycleClient {
  constructor(options: ClientOptions);
  readonly baseUrl: string;
  readonly cache: Cache;
  getDevice(slug: string): Promise<Answer<DeviceDocument>>;
  getEvidence(slug: string): Promise<Answer<EvidenceDocument>>;
  lookupIdentifier(code: string): Promise<Answer<IdentifierDocument>>;
  getFleetIndex(): Promise<Answer<FleetIndexDocument>>;
  /** The OS releases' static index (docs/os.md), as the fleet page reads it. */
  getOsIndex(): Promise<Answer<unknown>>;
  listPages(params?: ListParams): AsyncGenerator<Answer<ListPage>, void, undefined>;
  listDevices(params?: ListParams): AsyncGenerator<ListedDevice, void, undefined>;
  downloadDataset(format: DatasetFormat, options?: { year?: number | string }): Promise<DatasetAnswer>;
}

export declare function createClient(options: ClientOptions): DeviceLifecycleClient;
export declare function memoryCache(options?: { maxEntries?: number }): Cache;

/** An RFC 9457 problem the service answered (4xx). */
export interface Problem {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  instance?: string;
  [member: string]: unknown;
}

export declare class ProblemError extends Error {
  readonly status: number;
  readonly problem: Problem;
  readonly url: string;
}

export declare class UnavailableError extends Error {
  readonly status: number | null;
  readonly retryAfter: number | null;
  readonly url: string;
}

export declare function retryAfterSeconds(headers: Headers, now?: number): number | null;
export declare function rateLimit(headers: Headers): { remaining: number; reset: number | null } | null;
