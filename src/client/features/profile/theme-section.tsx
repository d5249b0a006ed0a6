import { MSG } from '../../../shared/messages/member';
import { type ThemeChoice, useTheme } from '../../lib/theme';
import { ProfileCard } from './profile-card';
import '../../components/money-ui.css';

const T = MSG.theme;
const CHOICES: [ThemeChoice, string][] = [
  ['system', T.system],
  ['light', T.light],
  ['dark', T.dark],
];

/** 화면 모드: 시스템 (prefers-color-scheme) / 라이트 / 다크, kept in this browser. */
export function ThemeSection() {
  const { choice, choose } = useTheme();
  return (
    <ProfileCard title={T.title}>
      <fieldset className="segmented">
        <legend className="sr-only">{T.title}</legend>
        {CHOICES.map(([value, label]) => (
          <button key={value} type="button" aria-pressed={choice === value} onClick={() => choose(value)}>
            {label}
          </button>
        ))}
      </fieldset>
    </ProfileCard>
  );
}
