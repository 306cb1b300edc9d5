// The one source of the shape of an OS release record (data/os/<os>.json):
// which releases of an operating system exist, their latest build, whether
// each still gets security updates and until when, as the pinned copy says.
// data/os-release.schema.json is generated from it (npm run schema). The
// facts keep their kind: a documented end (Windows' end of servicing), an
// observed last update (the last release of an Apple or Android version
// that is no longer patched), ended without a day, or listed as patched on
// the copy's day with no end announced. Extended Security Updates are a fact
// of their own: paid, for those who enrol, never counted as support.
import { z } from "zod";
import { EDITION_FAMILIES, OS_RELEASE_OSES } from "../contract/os-releases.ts";
import { Day, HttpsUrl, PartialDate, Text } from "./record.ts";

/** A release's path segment: the source's release cycle ("18", "12.1", "4.4w", "11-23h2-e"). */
export const RELEASE_ID_PATTERN = /^\d[0-9a-z.-]*$/;

export const OsReleaseSecurity = z
  .object({
    end: PartialDate.optional().meta({
      description: "The documented end of security updates, as precise as the source (Windows' end of servicing). Past or ahead of the build day alike.",
    }),
    lastUpdate: PartialDate.optional().meta({
      description: "With ended: the day of the release's last update, observed (not an announced end).",
    }),
    ended: z.literal(true).optional().meta({ description: "The source says the release no longer gets security updates (with or without lastUpdate)." }),
    supportedOn: Day.optional().meta({
      description: "The day the source listed the release as still getting security updates, with no end announced (the copy's day).",
    }),
  })
  .strict()
  .superRefine((s, ctx) => {
    const kinds = [s.end && "end", s.ended && "ended", s.supportedOn && "supportedOn"].filter(Boolean);
    if (kinds.length !== 1)
      ctx.addIssue({
        code: "custom",
        message: `must say exactly one of end (a documented end), ended (no longer patched) or supportedOn (listed as patched), got ${kinds.length ? kinds.join(" and ") : "none"}`,
      });
    if (s.lastUpdate && !s.ended) ctx.addIssue({ code: "custom", path: ["lastUpdate"], message: "belongs to an ended release (ended: true)" });
  })
  .meta({ description: "Whether the release gets security updates, as its source says." });

export const OsRelease = z
  .object({
    id: z.string().regex(RELEASE_ID_PATTERN, 'must be the source\'s release cycle in lower case, e.g. "18", "12.1" or "11-23h2-e"').meta({
      description: "The release's path segment (/api/v1/os/<os>/<id>): the source's release cycle.",
    }),
    label: Text.meta({ description: 'The release in words: "Windows 11 23H2 (Enterprise, Education)", "iOS 18", "macOS 14 (Sonoma)".' }),
    version: z
      .string()
      .regex(/^\d+(\.\d+)*$/, 'must be a version such as "18", "12.1" or "11"')
      .meta({ description: 'The version a device reports for this release, before any further part: "18" (iOS 18.x), "12.1", "11" (Windows 11).' }),
    edition: z.enum(EDITION_FAMILIES).meta({
      description: "The edition family the release's servicing applies to: Windows' home-pro, enterprise-education, ltsc, iot-ltsc, or all.",
    }),
    build: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, 'must be a build such as "10.0.22631"')
      .optional()
      .meta({ description: 'Windows: the build an inventory\'s "OS version" names the release by (10.0.22631 is 11 23H2), as the source gives it.' }),
    released: Day.meta({ description: "The release's first day." }),
    latest: z
      .object({
        version: z.string().regex(/^\d+(\.\d+)*$/, "must be a dotted version"),
        date: Day.optional().meta({ description: "The day of the latest version, when the source gives it." }),
      })
      .strict()
      .optional()
      .meta({ description: "The newest version of the release the source knows, and its day." }),
    security: OsReleaseSecurity,
    esu: z
      .object({
        end: PartialDate.meta({ description: "The end of Extended Security Updates, as precise as the source." }),
      })
      .strict()
      .optional()
      .meta({ description: "Paid Extended Security Updates, for those who enrol: a fact of its own, never counted as support." }),
    cites: HttpsUrl.optional().meta({ description: "The page the source cites for this release." }),
    line: z.number().int().positive().meta({ description: "The line of the release in the pinned copy." }),
  })
  .strict();

export const OsReleaseFile = z
  .object({
    os: z.enum(OS_RELEASE_OSES).meta({ description: "The operating system, as its path segment (/api/v1/os/<os>); the file is data/os/<os>.json." }),
    name: Text.meta({ description: 'The operating system in words: "Windows", "iPadOS".' }),
    source: z
      .object({
        publisher: Text,
        title: Text,
        url: HttpsUrl.meta({ description: "The source's page for this OS." }),
        copy: Text.meta({ description: "The pinned copy read, as a path under the sources folder (endoflife.date/os/windows.md)." }),
        commit: z.string().regex(/^[0-9a-f]{40}$/, "must be a full 40-character commit hash"),
        date: Day.meta({ description: "The day of the copy's commit: the day a release listed as patched was so listed." }),
      })
      .strict(),
    releases: z.array(OsRelease).min(1),
  })
  .strict()
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.releases.forEach((r, i) => {
      if (seen.has(r.id)) ctx.addIssue({ code: "custom", path: ["releases", i, "id"], message: `"${r.id}" is already used by an earlier release` });
      seen.add(r.id);
      if ((f.os === "windows") !== (r.build !== undefined))
        ctx.addIssue({
          code: "custom",
          path: ["releases", i, "build"],
          message: f.os === "windows" ? "is required for a Windows release" : "is for Windows releases only",
        });
      if (f.os !== "windows" && r.edition !== "all")
        ctx.addIssue({ code: "custom", path: ["releases", i, "edition"], message: 'must be "all": only Windows has edition families' });
      if (r.esu && f.os !== "windows") ctx.addIssue({ code: "custom", path: ["releases", i, "esu"], message: "is for Windows releases only" });
    });
  });

export type OsReleaseFile = z.infer<typeof OsReleaseFile>;
export type OsRelease = z.infer<typeof OsRelease>;
export type OsReleaseSecurity = z.infer<typeof OsReleaseSecurity>;
