// Makes sure a Debian Chromium is there for the end-to-end tests (no browser is ever downloaded by npm):
// the headless shell (package chromium-headless-shell) the tests prefer, or Debian's full chromium.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';
const FULL = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

if ((process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) || existsSync(SHELL)) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(
    'Chromium 헤드리스 셸이 없어 Debian 패키지로 설치합니다 (apt-get install chromium-headless-shell)...',
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env });
  process.exit(0);
}
if (FULL.some((p) => existsSync(p))) {
  console.log(
    'Chromium 헤드리스 셸이 없어 전체 Chromium으로 테스트합니다 (더 느림: sudo apt-get install chromium-headless-shell)',
  );
  process.exit(0);
}
console.error(
  '종단 간 테스트에는 Chromium이 필요합니다: sudo apt-get install chromium-headless-shell (또는 CHROME_PATH 설정)',
);
process.exit(1);
