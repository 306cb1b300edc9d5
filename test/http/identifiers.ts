// The identifier lookup (GET /api/v1/identifiers/<identifier>) and model codes
// in the list's q, as any client sees them on every target serving the
// fixture catalog: alpha-phone carries SM-A525F (US, CA) and SM-A525B, the
// hardware identifier iPhone99,1 and the codename alphaone; beta-tablet and
// epsilon-laptop share the model number EXB-700 (shared: true); the withdrawn
// eta-phone carries ETA-1; hostile-device carries a SKU of hostile text.
import { describe, expect, it } from "vitest";
import { IdentifierDocument } from "../../generator/schema/responses.ts";
import type { HttpTarget } from "../helpers/targets.ts";
import { expectProblem } from "../list/contract.ts";
import { isRetried404, headLength } from "./netlify-dev.ts";

export function identifiersSuite(target: () => HttpTarget) {
  const get = (path: string, init: RequestInit = {}) => target().fetch(path, init);
  const lookup = async (code: string) => {
    const res = await get(`/api/v1/identifiers/${code}`);
    expect(res.status, code).toBe(200);
    return IdentifierDocument.parse(await res.json());
  };

  describe("GET /api/v1/identifiers/<identifier>", () => {
    it("answers the devices that carry the code, with kind, source and links, as every JSON answer", async () => {
      const res = await get("/api/v1/identifiers/SM-A525F");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("cache-control")).toMatch(/max-age=300.*stale-while-revalidate=\d+.*stale-if-error=\d+/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
      const body = IdentifierDocument.parse(await res.json());
      expect(body.key).toBe("SMA525F");
      expect(body.devices).toHaveLength(1);
      expect(body.devices[0]).toMatchObject({
        slug: "alpha-phone",
        name: "Alpha Phone",
        manufacturer: "Example Maker",
        variant: { model: "A1", regions: ["US", "CA"] },
        identifier: { kind: "model-number", value: "SM-A525F", sourceId: "maker-policy", regions: ["US", "CA"] },
        source: { id: "maker-policy" },
        links: {
          record: "https://api.devices.example/api/v1/devices/alpha-phone",
          evidence: "https://api.devices.example/api/v1/devices/alpha-phone/evidence",
          page: "https://devices.example/devices/alpha-phone",
        },
      });
      expect(body.attribution.license.version).toBe("1");
    });

    it("ignores case and separators, keeps the comma, and finds a /suffix's family", async () => {
      const bytes = await (await get("/api/v1/identifiers/SM-A525F")).text();
      for (const code of ["sm-a525f", "sm_a525f", "SM%20A525F", "sma525f", "SM.A525F"]) {
        expect(await (await get(`/api/v1/identifiers/${code}`)).text(), code).toBe(bytes);
      }
      for (const code of ["SM-A525F/DS", "SM-A525F%2FDS", "sm-a525f/dsn"]) expect((await lookup(code)).key, code).toBe("SMA525F");
      expect((await lookup("iphone99,1")).devices[0]!.identifier).toMatchObject({ kind: "hardware-identifier", value: "iPhone99,1" });
      expect((await lookup("iPhone99%2C1")).key).toBe("IPHONE99,1");
      // The comma is part of the code: iPhone991 is another identifier.
      const other = await get("/api/v1/identifiers/iPhone991");
      if (!(await isRetried404(target(), other, "/api/v1/identifiers/iPhone991"))) await expectProblem(other, 404, "not-found");
    });

    it("a code the source shares lists every device that carries it", async () => {
      const body = await lookup("exb-700");
      expect(body.devices.map((d) => d.slug)).toEqual(["beta-tablet", "epsilon-laptop"]);
      expect(body.devices.every((d) => d.identifier.shared === true && d.identifier.kind === "model-number")).toBe(true);
    });

    it("a code with the punctuation a SKU may hold comes back as written, in JSON", async () => {
      const body = await lookup(encodeURIComponent("Surface_Hostile_1:2+"));
      expect(body.devices[0]!.identifier.value).toBe("Surface_Hostile_1:2+");
    });

    it("an unknown code, a withdrawn record's code and a code without letters or digits are JSON 404 problems", async () => {
      for (const [code, says] of [
        ["NO-SUCH-CODE", /"NO-SUCH-CODE" \(compared as NOSUCHCODE\)/],
        ["ETA-1", /compared as ETA1/],
        ["---", /no letters or digits/],
        ["XX-1%2FDS", /compared as XX1DS, then its family XX1/],
      ] as const) {
        const res = await get(`/api/v1/identifiers/${code}`);
        if (await isRetried404(target(), res, `/api/v1/identifiers/${code}`)) continue;
        const body = await expectProblem(res, 404, "not-found");
        expect(body.detail, code).toMatch(says);
        expect(body.detail).toMatch(/\/api\/v1\/devices\?q=/);
        expect(res.headers.get("cache-control")).toMatch(/max-age=300/);
      }
    });

    it("HEAD is GET without a body; a matching If-None-Match, for any spelling of the code, is 304", async () => {
      const first = await get("/api/v1/identifiers/GX-100");
      const etag = first.headers.get("etag")!;
      const head = await get("/api/v1/identifiers/GX-100", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe(etag);
      expect(head.headers.get("content-length")).toBe(headLength(target(), (await first.arrayBuffer()).byteLength));
      expect(await head.text()).toBe("");
      const hit = await get("/api/v1/identifiers/gx100", { headers: { "If-None-Match": etag } });
      expect(hit.status).toBe(304);
      expect(hit.headers.get("etag")).toBe(etag);
      expect(await hit.text()).toBe("");
      expect((await get("/api/v1/identifiers/GX-100E", { headers: { "If-None-Match": etag } })).status).toBe(200);
    });
  });

  describe("model codes wherever a person or a tool looks", () => {
    it("the device page lists each variant's codes with kind, markets and source", async () => {
      const page = await (await get("/devices/alpha-phone")).text();
      expect(page).toMatch(/<code>SM-A525F<\/code> <span class="muted">\(model number; US, CA\)<\/span> <a href="#source-maker-policy">/);
      expect(page).toContain("<code>iPhone99,1</code>");
      expect(await (await get("/devices/delta-watch")).text()).toContain('<td data-label="Model codes"><span class="muted">None recorded</span></td>');
      const shared = await (await get("/devices/beta-tablet")).text();
      expect(shared).toContain('<code>EXB-700</code> <span class="muted">(model number; the source gives it to other devices too)</span>');
      const hostile = await (await get("/devices/hostile-device")).text();
      expect(hostile).toContain("<code>Surface_Hostile_1:2+</code>");
    });

    it("the evidence says which code rests on which source, with its variant", async () => {
      const evidence = await (await get("/api/v1/devices/alpha-phone/evidence")).json();
      expect(evidence.identifiers).toEqual([
        { model: "A1", kind: "model-number", value: "SM-A525F", sourceId: "maker-policy", regions: ["US", "CA"] },
        { model: "A1", kind: "hardware-identifier", value: "iPhone99,1", sourceId: "maker-policy" },
        { model: "A1", kind: "codename", value: "alphaone", sourceId: "maker-policy" },
        { model: "A2", kind: "model-number", value: "SM-A525B", sourceId: "maker-policy", regions: ["EU", "GB"] },
      ]);
      expect((await (await get("/api/v1/devices/delta-watch/evidence")).json()).identifiers).toEqual([]);
    });
  });

  describe("model codes in the list's q", () => {
    const slugsFor = async (q: string) => ((await (await get(`/api/v1/devices?q=${encodeURIComponent(q)}`)).json()) as any).devices.map((d: any) => d.slug);
    it("a code finds its device, written any way; an exact code ranks as an exact name does", async () => {
      for (const q of ["SM-A525F", "sm a525f", "iphone99,1", "alphaone", "Watch7,1", "GX-100"]) expect((await slugsFor(q))[0], q).toBe(slugs[q]);
      // GX-100 is gamma-phone's code exactly; nothing else starts with it.
      expect(await slugsFor("gx100e")).toEqual(["gamma-phone"]);
      expect(await slugsFor("exb-700")).toEqual(["beta-tablet", "epsilon-laptop"]);
    });
  });
}

const slugs: Record<string, string> = {
  "SM-A525F": "alpha-phone",
  "sm a525f": "alpha-phone",
  "iphone99,1": "alpha-phone",
  alphaone: "alpha-phone",
  "Watch7,1": "theta-watch",
  "GX-100": "gamma-phone",
};
