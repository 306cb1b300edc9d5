// apg-js ships no types: the part of it ical-grammar.ts uses (a grammar from ABNF text, and a parser run on it).
declare module "apg-js" {
  interface Grammar {
    readonly rules: unknown[];
  }
  const apg: {
    apgApi: new (abnf: string) => { errors: unknown[]; generate(): void; errorsToAscii(): string; toObject(): Grammar };
    apgLib: {
      parser: new () => { parse(grammar: Grammar, startRule: string, input: number[]): { success: boolean; maxMatched: number; length: number } };
      utils: { stringToChars(text: string): number[] };
    };
  };
  export default apg;
}
