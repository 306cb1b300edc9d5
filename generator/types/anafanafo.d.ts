// anafanafo ships no types: the width in pixels of text in one of its measured fonts.
declare module "anafanafo" {
  export default function measure(
    text: string,
    options: { font: "11px Verdana" | "10px Verdana" | "bold 10px Verdana" | "bold 11px Helvetica"; guess?: boolean },
  ): number;
}
