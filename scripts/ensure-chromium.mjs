// Makes sure Debian's Chromium is there for the end-to-end tests (no browser is ever downloaded by npm).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
if (candidates.some((p) => existsSync(p))) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium이 없어 Debian 패키지로 설치합니다 (apt-get install chromium)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  process.exit(0);
}
console.error(
  '종단 간 테스트에는 Chromium이 필요합니다: sudo apt-get install chromium (또는 CHROME_PATH 설정)',
);
process.exit(1);
