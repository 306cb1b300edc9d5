// The client's response types are the zod schemas' output types. The
// aliases below are what scripts/generate.ts writes out in full into
// src/generated/types.d.ts; the checks fail `tsc --noEmit` as soon as a
// schema changes and the generated file was not regenerated.
import type { z } from "zod";
import type * as Record from "../../generator/schema/record.ts";
import type * as Responses from "../../generator/schema/responses.ts";
import type * as Generated from "../src/generated/types.js";

export type DeviceDocument = z.output<typeof Responses.DeviceDocument>;
export type DeviceSummary = z.output<typeof Responses.DeviceSummary>;
export type EvidenceDocument = z.output<typeof Responses.EvidenceDocument>;
export type IdentifierDocument = z.output<typeof Responses.IdentifierDocument>;
export type IdentifierMatch = z.output<typeof Responses.IdentifierMatch>;
export type ListPage = z.output<typeof Responses.ListPage>;
export type ListMeta = z.output<typeof Responses.ListMeta>;
export type Attribution = z.output<typeof Responses.Attribution>;
export type Verdict = z.output<typeof Responses.Verdict>;
export type CommitmentDocument = z.output<typeof Responses.CommitmentDocument>;
export type Source = z.output<typeof Record.Source>;

/** true when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const generatedTypesMatchTheSchemas: [
  Same<DeviceDocument, Generated.DeviceDocument>,
  Same<DeviceSummary, Generated.DeviceSummary>,
  Same<EvidenceDocument, Generated.EvidenceDocument>,
  Same<IdentifierDocument, Generated.IdentifierDocument>,
  Same<IdentifierMatch, Generated.IdentifierMatch>,
  Same<ListPage, Generated.ListPage>,
  Same<ListMeta, Generated.ListMeta>,
  Same<Attribution, Generated.Attribution>,
  Same<Verdict, Generated.Verdict>,
  Same<CommitmentDocument, Generated.CommitmentDocument>,
  Same<Source, Generated.Source>,
] = [true, true, true, true, true, true, true, true, true, true, true];
