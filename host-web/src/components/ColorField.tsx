import { ColorPicker } from 'primereact/colorpicker';
import { InputText } from 'primereact/inputtext';

/** 50 preset colours: ten hues in five shades (extended.md §9: a 50-colour palette). */
export const PRESET_COLOURS: string[] = (() => {
  const hsl = (h: number, s: number, l: number) => {
    const a = (s * Math.min(l, 1 - l));
    const f = (n: number) => { const k = (n + h / 30) % 12; return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)))).toString(16).padStart(2, '0'); };
    return `#${f(0)}${f(8)}${f(4)}`;
  };
  const out: string[] = [];
  for (const l of [0.3, 0.42, 0.52, 0.64, 0.76]) for (let h = 0; h < 360; h += 36) out.push(hsl(h, 0.7, l));
  return out;
})();

/** A colour: picker, hex text and the preset swatches. The value is '#rrggbb' (or what was typed). */
export function ColorField({ id, value, onChange, onBlur, name }: { id?: string; name?: string; value: string; onChange: (v: string) => void; onBlur?: () => void }) {
  const hex = /^#?[0-9a-fA-F]{6}$/.test(value) ? value.replace('#', '') : '888888';
  return (
    <div className="color-field">
      <div className="color-field-row">
        <ColorPicker value={hex} onChange={(e) => onChange(`#${String(e.value)}`)} format="hex" />
        <InputText id={id} name={name} value={value} maxLength={9} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} style={{ maxWidth: '9rem' }} />
      </div>
      <div className="color-swatches" role="listbox">
        {PRESET_COLOURS.map((c) => (
          <button key={c} type="button" role="option" aria-selected={value.toLowerCase() === c} title={c} onClick={() => onChange(c)}
            className={`color-swatch${value.toLowerCase() === c ? ' selected' : ''}`} style={{ background: c }} />
        ))}
      </div>
    </div>
  );
}
