/**
 * Crafted bytes (decision 0106): what no string field accepts, once for every form and every route.
 *
 * Refused everywhere: C0 and C1 control characters (NUL, ESC, …), every Unicode format character
 * (category Cf: bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, marks U+200E/U+200F
 * and U+061C, zero-width space and joiners U+200B–U+200D, word joiner U+2060, BOM U+FEFF, soft hyphen,
 * tag characters), lone surrogates, private-use characters, noncharacters U+FFFE/U+FFFF and the Unicode
 * line and paragraph separators. Multi-line fields (notice body, memo) also take line breaks (\n, \r) and
 * the zero-width joiner U+200D, which joins emoji sequences; nothing else.
 *
 * Also refused: characters that render blank although they are not spaces, which would let a name, a
 * holder, a notice or a password look empty or pass for another: every Default_Ignorable_Code_Point
 * (Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner U+034F, Khmer vowels
 * U+17B4/U+17B5, Mongolian and ideographic variation selectors, …) and the blank Braille pattern U+2800.
 * Every field but names keeps the emoji presentation selectors U+FE0E/U+FE0F, but a value made only of
 * blank-rendering characters and spaces is refused in every field. Names, account holders and labels
 * (`NAME_FIELD`) take no variation selector or emoji modifier at all: `홍길동` followed by U+FE0F looks like
 * `홍길동` in a before/after, so one could pass for the other.
 */
import { MSG } from '../messages/member';
import { z } from '../zod';

const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\u2800\u2028\u2029\uFFFE\uFFFF]/u;
/** The emoji presentation selectors (❤️ is U+2764 U+FE0F): harmless after a visible character. */
const ALLOWED_IN_LINE = new Set(['\uFE0E', '\uFE0F']);
const ALLOWED_IN_TEXT = new Set(['\n', '\r', '\u200D', '\uFE0E', '\uFE0F']);
/** A value made only of these and spaces (at least one of them) looks empty on screen. */
const BLANK_ONLY = /^[\p{Default_Ignorable_Code_Point}\u2800]+$/u;
const WHITE_SPACE = /\p{White_Space}+/gu;

/** Variation selectors, emoji modifiers and the keycap: they change how the character before looks. */
const MODIFIER = /\p{Variation_Selector}|\p{Emoji_Modifier}|\u20E3/u;

/** A field that names a person, an account's holder or an entry (its key's last word). */
export const NAME_FIELD = /(?:^|_)(?:name|holder|label|username)$/;

/**
 * True when `value` holds a character no field of this kind may hold, or only blank-rendering ones;
 * `name`: a name-like field, which takes no modifier either.
 */
export function hasForbiddenChars(value: string, multiline = false, name = false): boolean {
  if (name && MODIFIER.test(value)) return true;
  if (!FORBIDDEN.test(value)) return false;
  if (BLANK_ONLY.test(value.replace(WHITE_SPACE, ''))) return true;
  const allowed = multiline ? ALLOWED_IN_TEXT : ALLOWED_IN_LINE;
  for (const ch of value) if (!allowed.has(ch) && FORBIDDEN.test(ch)) return true;
  return false;
}

/** Field names whose values are multi-line text (the notice body, the withdrawal memo). */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['body', 'memo']);

/** zod check: a single-line field without control, bidi or invisible characters. */
export const plainText = (message: string = MSG.common.controlChars) =>
  z.refine<string>((v) => !hasForbiddenChars(v), message);

/** zod check: a multi-line field (line breaks allowed), otherwise as plainText. */
export const multilineText = (message: string = MSG.common.controlChars) =>
  z.refine<string>((v) => !hasForbiddenChars(v, true), message);

/** Names and other human text: compatibility-normalised (NFKC), so full-width and look-alike forms fold. */
export const nfkc = () => z.normalize('NFKC');

/**
 * Email addresses: NFKC, then ASCII only in the local part and the domain (international domains are
 * written in their xn-- form). A Cyrillic `а` beside Latin letters is refused, so no confusable second
 * address can be registered; addresses are compared case-insensitively elsewhere.
 */
const ASCII_EMAIL = /^[\p{ASCII}]*$/u;
export const asciiEmail = (message: string = MSG.signup.emailAscii) =>
  z.refine<string>((v) => v === '' || ASCII_EMAIL.test(v), message);
