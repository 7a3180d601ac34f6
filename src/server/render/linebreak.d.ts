// The `linebreak` package (UAX #14 line breaking, the one pdfkit wraps text with) ships no types.
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** the next break opportunity after the last one, null at the end of the text */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
