import { useLayoutEffect, useRef } from 'react';

/**
 * A textarea that grows with its text up to `maxRows` rows and scrolls past that; it is measured again on every
 * change of `value`, so clearing the text (after sending) brings it back to one row.
 */
export function useAutoGrow(value: string, maxRows = 5) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const css = getComputedStyle(el);
    const px = (v: string) => parseFloat(v) || 0;
    const line = px(css.lineHeight) || px(css.fontSize) * 1.5 || 20;
    const padding = px(css.paddingTop) + px(css.paddingBottom);
    const border = css.boxSizing === 'border-box' ? px(css.borderTopWidth) + px(css.borderBottomWidth) : 0;
    const chrome = border + (css.boxSizing === 'border-box' ? 0 : -padding);
    el.style.height = 'auto';
    const content = el.scrollHeight + chrome;
    const max = line * maxRows + padding + chrome;
    el.style.height = `${Math.min(content, max)}px`;
    el.style.overflowY = content > max ? 'auto' : 'hidden';
  }, [value, maxRows]);
  return ref;
}
