import { useEffect, useEffectEvent } from 'react';

export type ShortcutActions = {
  promote: (angle: number) => void;
  togglePlay: () => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  goLive: () => void;
  showHelp: () => void;
};

const TEXT_INPUTS =
  'textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"], ' +
  '[role="dialog"]';
const NON_TEXT_INPUT_TYPES = ['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'image'];
const ACTIVATORS =
  'button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], ' +
  '[role="menuitem"], [role="tab"], [role="option"]';
const SLIDERS = 'input[type="range"], [role="slider"]';

/** True when the focused element does something with this key itself: the player leaves it alone. */
export function keyBelongsToTarget(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (target.closest(TEXT_INPUTS)) return true;
  if (target instanceof HTMLInputElement && !NON_TEXT_INPUT_TYPES.includes(target.type)) return true;
  if ((event.key === ' ' || event.key === 'Enter') && (target.closest(ACTIVATORS) || target.closest(SLIDERS)))
    return true;
  return target.closest(SLIDERS) !== null && /^(Arrow|Home$|End$|Page)/.test(event.key);
}

/**
 * The player's keys: 1–9 an angle, 0 or P the program cut, Space or K play/pause, M mute,
 * F full screen, L live, ? help. Never while typing, never a key the focused control handles,
 * never with Ctrl, Alt or Meta (the browser's own shortcuts).
 */
export function useShortcuts(actions: ShortcutActions) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || keyBelongsToTarget(event)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (/^[1-9]$/.test(key)) actions.promote(Number(key));
    else if (key === '0' || key === 'p') actions.promote(0);
    else if (key === ' ' || key === 'k') actions.togglePlay();
    else if (key === 'm') actions.toggleMute();
    else if (key === 'f') actions.toggleFullscreen();
    else if (key === 'l') actions.goLive();
    else if (key === '?') actions.showHelp();
    else return;
    event.preventDefault();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
