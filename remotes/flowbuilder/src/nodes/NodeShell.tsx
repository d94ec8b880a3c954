import type { ReactNode } from 'react';
import { Handle, Position } from '@xyflow/react';
import { useNodeActions } from './actions';

/**
 * The frame every node shares: an icon and title, duplicate and delete buttons, a target handle on the left (not on
 * start) and, unless the node draws its own exits (menu, randomizer), one source handle on the right. A node with no
 * exits (ticket) passes `exits={null}`. The buttons stop their click so React Flow does not select the node under them.
 */
export function NodeShell({ id, type, icon, color, selected, target = true, exits, children }: {
  id: string; type: string; icon: string; color: string; selected: boolean; target?: boolean; exits?: ReactNode | null; children?: ReactNode;
}) {
  const { duplicate, remove, t } = useNodeActions();
  return (
    <div className={`fb-node${selected ? ' selected' : ''}`} data-testid={`fb-node-${type}`} style={{ ['--fb-color' as string]: color }}>
      {target && <Handle type="target" position={Position.Left} />}
      <div className="fb-node-head">
        <i className={icon} />
        <span className="fb-node-title">{t(`flowbuilder.types.${type}`)}</span>
        {type !== 'start' && (
          <button type="button" className="nodrag" title={t('flowbuilder.duplicateNode')} aria-label={t('flowbuilder.duplicateNode')} data-testid="fb-node-duplicate" onClick={(e) => { e.stopPropagation(); duplicate(id); }}>
            <i className="pi pi-copy" />
          </button>
        )}
        <button type="button" className="nodrag" title={t('flowbuilder.deleteNode')} aria-label={t('flowbuilder.deleteNode')} data-testid="fb-node-delete" onClick={(e) => { e.stopPropagation(); remove(id); }}>
          <i className="pi pi-trash" />
        </button>
      </div>
      {children !== undefined && <div className="fb-node-body">{children}</div>}
      {exits === undefined ? <Handle type="source" position={Position.Right} /> : exits}
    </div>
  );
}
