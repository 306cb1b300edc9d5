// Eleventy ships no types; this is the part of its programmatic API the build uses.
declare module "@11ty/eleventy" {
  /** The configuration API a `config` callback receives (the methods pages-render.ts calls). */
  export interface EleventyConfig {
    addGlobalData(name: string, value: unknown): void;
    // biome-ignore lint/suspicious/noExplicitAny: a filter takes whatever its template passes it.
    addFilter(name: string, filter: (...args: any[]) => unknown): void;
    addPassthroughCopy(paths: Record<string, string>): void;
    addTemplate(virtualPath: string, content: string, data: Record<string, unknown>): void;
    amendLibrary(name: "md", amend: (library: { use(plugin: unknown, options: unknown): void }) => void): void;
    setLibrary(name: "njk", library: import("nunjucks").Environment): void;
    /** A template language's compile function; `key` "njk" replaces Nunjucks' own. */
    addExtension(ext: string, options: { key: string; compile: unknown; compileOptions: { cache: boolean; permalink: unknown } }): void;
    /** Paths (from the project root, the working folder) Eleventy leaves out of its input. */
    ignores: Set<string>;
  }
  export default class Eleventy {
    constructor(input: string, output: string, options: { quietMode?: boolean; config?: (cfg: EleventyConfig) => void });
    write(): Promise<unknown>;
  }
}
