// npm run import -- chromebooks-copy CLONE OUT: the Chromebook importer's
// folder (models.json, aue-samples.json, images-newest/, LICENSE, README.md)
// from a clone of jay0lee/chromeos-update-directory with the history of
// data/images, at the clone's HEAD (docs/import-chromebooks.md#a-fresh-copy).
// npm run import -- xiaomi-copy CLONE OUT: the Xiaomi importer's folder
// (the lists, their histories, Google Play's rows, LICENSE, README.md) from a
// clone of XiaomiFirmwareUpdater/xiaomi_devices holding the branches eol, aer
// and gplay with their history (docs/import-xiaomi.md#a-fresh-copy).
// OUT must be new or empty, so no file of an older copy stays beside the new
// ones. Exit 2 on bad input, every problem printed and nothing written.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { writeUnder } from "../disk.ts";
import { formatSourceProblem, type SourceProblem } from "../front-matter.ts";
import { type CommitStamp, commitAt, fileHistory, filesUnder, lastChanges, textsAt } from "../git-read.ts";
import { deriveChromeosCopy, IMAGES_FOLDER, isImageFile } from "../chromeos-copy.ts";
import { deriveXiaomiCopy, XIAOMI_BRANCHES } from "../xiaomi-copy.ts";
import { stopWithProblems } from "./finish.ts";

/** The commit each ref names, after checking that OUT can take a fresh copy and CLONE has every ref; else stop. */
function checkFolders(clone: string, out: string, refs: string[]) {
  const problems: string[] = [];
  if (existsSync(out) && readdirSync(out).length) problems.push(`${out}:1: not empty: the copy is written into a new or empty folder`);
  const heads = refs.map((ref) => commitAt(clone, ref));
  refs.forEach((ref, i) => {
    if (!heads[i]) problems.push(`${clone}:1: not a git clone with ${ref}`);
  });
  if (problems.length) stopWithProblems(problems);
  return heads as CommitStamp[];
}

function write(clone: string, out: string, result: { files: { path: string; text: string }[]; problems: SourceProblem[] }) {
  // Problems name files inside the clone.
  if (result.problems.length) stopWithProblems(result.problems.map((p) => formatSourceProblem({ ...p, file: path.join(clone, p.file) })));
  writeUnder(out, result.files);
}

export function chromebooksCopyCommand(clone: string, out: string): void {
  const [head] = checkFolders(clone, out, ["HEAD"]) as [CommitStamp];
  const paths = filesUnder(clone, head.commit, IMAGES_FOLDER).filter(isImageFile);
  const last = lastChanges(clone, head.commit, IMAGES_FOLDER);
  const texts = textsAt(clone, head.commit, paths);
  const [license, notice] = textsAt(clone, head.commit, ["LICENSE", "NOTICE"]);
  const result = deriveChromeosCopy({
    head,
    images: paths.map((p, i) => ({ path: p, lastChanged: last.get(p)!.date, text: texts[i]! })),
    ...(license === undefined ? {} : { license }),
    ...(notice === undefined ? {} : { notice }),
  });
  write(clone, out, result);
  console.log(`[import] chromebooks-copy: ${paths.length} image files of ${head.commit.slice(0, 7)} (${head.date}) into ${out}`);
}

export function xiaomiCopyCommand(clone: string, out: string): void {
  const [eolHead, aerHead, gplayHead] = checkFolders(clone, out, ["eol", "aer", "gplay"]) as [CommitStamp, CommitStamp, CommitStamp];
  const license = (head: CommitStamp) => textsAt(clone, head.commit, ["LICENSE"])[0];
  const eol = fileHistory(clone, "eol", XIAOMI_BRANCHES.eol);
  const aer = fileHistory(clone, "aer", XIAOMI_BRANCHES.aer);
  const devices = textsAt(clone, gplayHead.commit, [XIAOMI_BRANCHES.gplay])[0];
  const result = deriveXiaomiCopy({
    eol,
    aer,
    gplay: { ...gplayHead, ...(devices === undefined ? {} : { text: devices }) },
    licenses: { eol: license(eolHead), aer: license(aerHead), gplay: license(gplayHead) },
  });
  write(clone, out, result);
  console.log(
    `[import] xiaomi-copy: ${eol.length} versions of eol.json, ${aer.length} of aer.json, devices.json of ${gplayHead.commit.slice(0, 7)} into ${out}`,
  );
}
