// The list's parameters and bounds (docs/list.md#parameters): the list core
// checks requests against them, and the response schemas and the OpenAPI
// document describe them.
/** The list's parameters (docs/list.md#parameters); any other is ignored. */
export const LIST_PARAMETERS = ["q", "type", "limit", "cursor"] as const;
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
/** Longest accepted q, in characters (Unicode code points) before normalization. */
export const MAX_QUERY_LENGTH = 200;
/** The array that holds the records in a v1 list page. */
export const ITEMS = "devices";
/** A record's slug: lowercase a-z and 0-9 in runs joined by single hyphens (the record schema's rule). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The longest slug a record may have (the record schema's rule), so a cursor or path naming a longer one is refused unread. */
export const SLUG_MAX_LENGTH = 80;
