// The dataset's license, named once for the responses' schema, the pages,
// the attribution and the OpenAPI document.
/** The dataset license (spec: "public dataset license, version 1, effective 6 September 2026"). */
export const LICENSE = {
  name: "Device Lifecycle Records public dataset license",
  version: "1",
  effective: "2026-09-06",
} as const;
