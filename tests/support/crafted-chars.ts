/** The isolate's end, direction marks, zero-width characters, the BOM, the soft hyphen and the line separator. */
export const FORMAT_CHARS = [
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u2028',
];

/** Characters no single-line field accepts: NUL, control, bidi and invisible characters, and blank-rendering ones. */
export const CRAFTED = [
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u202a',
  '\u2066',
  ...FORMAT_CHARS,
  '\ud800',
  // Characters that render blank without being spaces: Hangul fillers, blank Braille, the combining
  // grapheme joiner, a Khmer inherent vowel, a variation selector.
  '\u115f',
  '\u1160',
  '\u3164',
  '\uffa0',
  '\u2800',
  '\u034f',
  '\u17b4',
  '\u180b',
];
/** Blank-rendering characters as a whole value (alone, repeated, or between spaces). */
export const BLANK_VALUES = [
  '\u3164',
  '\u115f\u1160',
  '\uffa0',
  '\u2800',
  ' \u3164 ',
  '\u3164\u3164\u3164',
  '\u200d\ufe0f',
];

/** A lone surrogate cannot travel in a URL (its bytes stay percent-encoded text); query tests skip it. */
export const inUrl = (ch: string) => ch !== '\ud800';
