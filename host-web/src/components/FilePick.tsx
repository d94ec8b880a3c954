import { useRef } from 'react';
import { Button } from 'primereact/button';

/** True when the file's extension is in `accept` ('.png,.jpg'); an empty accept takes anything. */
export const acceptsFile = (file: File, accept?: string) =>
  !accept || accept.split(',').map((x) => x.trim().toLowerCase()).some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * One file: a button opening the browser's chooser, the chosen (or already stored) file's name and a remove button.
 * A file outside `accept` is refused through `onRejected`.
 */
export function FilePick({ accept, file, storedName, onPick, onRemove, onRejected, chooseLabel, removeLabel, testId }: {
  accept?: string; file: File | null; storedName?: string | null;
  onPick: (file: File) => void; onRemove?: () => void; onRejected?: (file: File) => void;
  chooseLabel: string; removeLabel: string; testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const name = file?.name ?? storedName ?? '';
  return (
    <div className="file-pick">
      <input ref={input} type="file" accept={accept} hidden data-testid={testId} onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (!f) return;
        if (acceptsFile(f, accept)) onPick(f); else onRejected?.(f);
      }} />
      <Button type="button" outlined size="small" icon="pi pi-paperclip" label={chooseLabel} onClick={() => input.current?.click()} />
      {name && <span className="file-pick-name" title={name}>{name}</span>}
      {name && onRemove && <Button type="button" text rounded size="small" severity="danger" icon="pi pi-times" aria-label={removeLabel} onClick={onRemove} />}
    </div>
  );
}
