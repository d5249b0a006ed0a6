import { useState } from 'react';

/** 시스템 / 라이트 / 다크: the member's choice, kept in this browser only (a display preference). */
export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'theme';

function storedTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

/** Sets the page's theme: "system" leaves it to prefers-color-scheme (styles.css). */
export function applyTheme(choice: ThemeChoice = storedTheme()) {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function useTheme() {
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  const choose = (next: ThemeChoice) => {
    try {
      if (next === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
    applyTheme(next);
    setChoice(next);
  };
  return { choice, choose };
}
