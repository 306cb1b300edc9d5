// Reading the OpenAPI document in tests, as a client reads it: a
// `#/components/...` reference stands for the component it names.

/** A part of the document, read loosely. */
export type Json = Record<string, any>;

/** A resolver of `#/components/...` references in `doc` (a reference to a reference too); anything else comes back as it is. */
export function refsOf(doc: Json): (o: Json) => Json {
  const deref = (o: Json): Json =>
    o.$ref
      ? deref(
          (o.$ref as string)
            .slice(2)
            .split("/")
            .reduce((n: Json, k: string) => n[k], doc),
        )
      : o;
  return deref;
}
