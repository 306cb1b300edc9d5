// The kinds of device a record can describe (the record schema's deviceType),
// named once: the schema, the list's type filter, the OpenAPI enum and the
// pages' type filters all read this table.
// "chromebook" is every ChromeOS device Google's recovery index lists (Chromebooks, and the Chromeboxes, Chromebases
// and ChromeOS tablets beside them): Google Admin lists them together and one Auto Update Expiration policy covers them.
export const DEVICE_TYPES = ["phone", "tablet", "laptop", "chromebook", "wearable", "other"] as const;

export type DeviceType = (typeof DEVICE_TYPES)[number];

/** What a page calls a group of devices of one type. */
export const DEVICE_TYPE_PLURALS: Record<DeviceType, string> = {
  phone: "Phones",
  tablet: "Tablets",
  laptop: "Laptops",
  chromebook: "Chromebooks",
  wearable: "Wearables",
  other: "Other devices",
};

export const isDeviceType = (value: string): value is DeviceType => (DEVICE_TYPES as readonly string[]).includes(value);
