import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from './index';

/** Every source file outside the catalogue (tests included: a message a test alone names is unused). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path.endsWith(join('shared', 'messages')) ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the message catalogue', () => {
  it('has no message that no screen or route shows (a lost warning is a message nobody reads)', () => {
    const code = sources('src').join('\n');
    // A message is named by its key (`W.tagWarning`, `MSG.withdraw.tagWarning`); a table read by a value
    // (`E.kinds[e.kind]`) by its own key.
    const unused = Object.entries(MSG).flatMap(([topic, messages]) =>
      Object.keys(messages)
        .filter((key) => !new RegExp(`\\b${key}\\b`).test(code))
        .map((key) => `${topic}.${key}`),
    );
    expect(unused).toEqual([]);
  });
});
