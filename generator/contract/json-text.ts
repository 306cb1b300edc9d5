// How a JSON file of this project looks, decided once: the build's files, the
// edge's computed answers (which must equal the stored ones byte for byte),
// the curator tools' records and reports and the generated schemas all take
// their text from here.

/** Two-space indent and a final newline: every JSON file or answer a person may read. */
export const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** One line and a final newline: the files only scripts read (indexes, buckets, NDJSON lines), where indentation would cost bytes. */
export const jsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;
