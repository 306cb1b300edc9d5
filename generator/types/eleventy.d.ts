// Eleventy ships no types; this is the part of its programmatic API the build uses.
declare module "@11ty/eleventy" {
  export default class Eleventy {
    constructor(input: string, output: string, options: { quietMode?: boolean; config?: (cfg: any) => void });
    write(): Promise<unknown>;
  }
}
