// Nunjucks (Eleventy's fork, @11ty/nunjucks, under the name "nunjucks") ships
// no types; this is the part pages-render.ts uses.
declare module "nunjucks" {
  /** A compiled template: rendered with a callback, or synchronously when no filter is asynchronous (none here is). */
  export class Template {
    constructor(src: string, env: Environment, path?: string, eagerCompile?: boolean);
    render(data: object, cb: (err: Error | null, out?: string) => void): void;
    render(data: object): string;
  }
  export class FileSystemLoader {
    constructor(searchPaths: string | string[]);
  }
  export class Environment {
    constructor(loader: FileSystemLoader, options: { autoescape?: boolean; trimBlocks?: boolean; lstripBlocks?: boolean });
    // biome-ignore lint/suspicious/noExplicitAny: a filter takes whatever its template passes it.
    addFilter(name: string, filter: (...args: any[]) => unknown): void;
    getTemplate(name: string, eagerCompile: true): Template;
  }
  const nunjucks: { Environment: typeof Environment; FileSystemLoader: typeof FileSystemLoader; Template: typeof Template };
  export default nunjucks;
}
