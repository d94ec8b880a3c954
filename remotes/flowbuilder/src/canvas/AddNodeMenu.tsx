import { useState } from 'react';
import type { TFunction } from 'i18next';
import { NODE_TYPES, type NodeType } from '../types';
import { NODE_LOOK } from '../nodes';

/** The speed dial: one button that opens the list of every node type; picking one opens its dialog. */
export function AddNodeMenu({ t, onPick }: { t: TFunction; onPick(type: NodeType): void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="fb-add-menu" data-testid="fb-add-panel">
      <button type="button" className="p-button p-button-rounded" aria-expanded={open} data-testid="fb-add" onClick={() => setOpen(!open)}>
        <i className={open ? 'pi pi-times' : 'pi pi-plus'} />&nbsp;{t('flowbuilder.addNode')}
      </button>
      {open && NODE_TYPES.map((type) => (
        <button key={type} type="button" className="p-button p-button-outlined p-button-sm" style={{ background: '#fff' }} data-testid={`fb-add-${type}`}
          onClick={() => { setOpen(false); onPick(type); }}>
          <i className={NODE_LOOK[type].icon} style={{ color: NODE_LOOK[type].color }} />&nbsp;{t(`flowbuilder.types.${type}`)}
        </button>
      ))}
    </div>
  );
}
