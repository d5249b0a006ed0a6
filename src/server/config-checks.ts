import { isIP } from 'node:net';
import { z } from 'zod';
import { isAddressFor } from '../shared/address';
import { xpubProblem } from './config-parse';

/**
 * The checks a configuration variable's value goes through (config-env.ts lists the variables). Each
 * refusal says what is expected in Korean and English; a variable may also use any zod schema, whose
 * issues `describeIssue` translates generically.
 */
const SEP = '\u0001';
/** A message of a check: Korean and English, joined for the zod issue and split again by `ConfigError`. */
export const says = (ko: string, en: string) => `${ko}${SEP}${en}`;
/** An integer within [min, max], written in plain decimal digits. */
export const intIn = (min: number, max: number, unitKo = '', unitEn = '') => {
  const m = says(`${min}–${max}의 정수${unitKo}`, `must be an integer ${min}–${max}${unitEn}`);
  return z
    .string()
    .regex(/^\d+$/, m)
    .transform(Number)
    .refine((n) => n >= min && n <= max, m);
};
/** A duration in milliseconds. */
export const msIn = (min: number, max: number) => intIn(min, max, ', 밀리초', ' (milliseconds)');
/** A number of hours within [min, max], fractions allowed (e.g. 0.5). */
export const hoursIn = (min: number, max: number) => {
  const m = says(`${min}–${max} 사이의 시간 수`, `must be a number of hours ${min}–${max}`);
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, m)
    .transform(Number)
    .refine((n) => n >= min && n <= max, m);
};
/** `true`/`false` (also `1`/`0`, any case). */
export const flag = () =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => ['true', 'false', '1', '0'].includes(v), says('true 또는 false', 'must be true or false'))
    .transform((v) => v === 'true' || v === '1');
/** One of the listed words. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: says(`${values.join(', ')} 중 하나`, `must be one of ${values.join(', ')}`) });
/** An absolute URL with one of the protocols (http/https by default). */
export const urlOf = (protocols: string[] = ['http', 'https']) => {
  const list = protocols.map((p) => `${p}://`).join(', ');
  return z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return protocols.includes(u.protocol.replace(/:$/, '')) && u.hostname !== '';
      } catch {
        return false;
      }
    },
    says(`${list} 로 시작하는 주소`, `must be a URL starting with ${list}`),
  );
};
const HOSTNAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** An IP address or a host name to listen on. */
export const hostOf = () =>
  z
    .string()
    .refine(
      (v) => isIP(v) !== 0 || HOSTNAME.test(v),
      says(
        'IP 주소 또는 호스트 이름 (예: 0.0.0.0, 127.0.0.1)',
        'must be an IP address or host name (e.g. 0.0.0.0)',
      ),
    );
/** Free text on one line (no control characters). */
export const text = () =>
  z
    .string()
    .refine(
      (v) => ![...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
      says('제어 문자 없는 한 줄', 'must be one line with no control characters'),
    );

/** An address of the network. */
export const addressOf = (network: 'ERC20' | 'TRC20' | 'XRPL', ko: string, en: string) =>
  z.string().refine((v) => isAddressFor(network, v), says(ko, en));
/** A comma-separated list of at most 100 addresses of the network (watch-only wallets). */
export const coldWallets = (network: 'ERC20' | 'TRC20' | 'XRPL', ko: string, en: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length <= 100 && list.every((a) => isAddressFor(network, a)), says(ko, en))
    .optional();
/** A watch-only account-level extended public key (m/44'/coin'/0', as wallets export it); never a private key. */
export const xpub = () =>
  z.string().superRefine((v, ctx) => {
    const problem = xpubProblem(v);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: says(`계정 단계 확장 공개키(xpub…)가 아닙니다: ${problem}`, problem),
      });
  });

/** A whole number of won, at least 1, kept as text for the decimal type (a four-eyes threshold). */
export const wonAtLeastOne = () =>
  z.string().regex(/^[1-9]\d{0,15}$/, says('1 이상의 정수(원)', 'must be a whole number of won ≥ 1'));

/** A zod issue as Korean and English: ours carry both; another schema's gets an English line by its kind. */
export function describeIssue(issue: z.core.$ZodIssue): { ko: string; en: string } {
  const [ko, en] = issue.message.split(SEP);
  if (en !== undefined) return { ko: ko ?? '', en };
  const byCode: Record<string, string> = {
    too_small: `is too small (minimum ${String((issue as { minimum?: unknown }).minimum)})`,
    too_big: `is too large (maximum ${String((issue as { maximum?: unknown }).maximum)})`,
    invalid_value: `must be one of ${((issue as { values?: unknown[] }).values ?? []).join(', ')}`,
    invalid_type: 'has a value of the wrong kind',
    invalid_format: 'is not in the expected format',
  };
  return { ko: issue.message, en: byCode[issue.code] ?? `is invalid (${issue.message})` };
}
