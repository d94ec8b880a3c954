import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import type { ContentElement, NodeDataByType, NodeType } from '../types';
import { CONDITION_EXITS, conditionSummary } from '../condition';
import { NodeShell } from './NodeShell';
import { useNodeActions } from './actions';

/** Icon and colour of each node type (also used by the add menu). */
export const NODE_LOOK: Record<NodeType, { icon: string; color: string }> = {
  start: { icon: 'pi pi-play', color: '#2e7d32' },
  singleBlock: { icon: 'pi pi-book', color: '#6a1b9a' },
  message: { icon: 'pi pi-comment', color: '#1565c0' },
  menu: { icon: 'pi pi-list', color: '#ef6c00' },
  randomizer: { icon: 'pi pi-sitemap', color: '#00838f' },
  interval: { icon: 'pi pi-clock', color: '#5d4037' },
  ticket: { icon: 'pi pi-ticket', color: '#c62828' },
  typebot: { icon: 'pi pi-android', color: '#283593' },
  openai: { icon: 'pi pi-microchip-ai', color: '#00695c' },
  question: { icon: 'pi pi-question-circle', color: '#ad1457' },
  img: { icon: 'pi pi-image', color: '#558b2f' },
  audio: { icon: 'pi pi-volume-up', color: '#4527a0' },
  video: { icon: 'pi pi-video', color: '#37474f' },
  condition: { icon: 'pi pi-filter', color: '#757575' },
};

type P<T extends NodeType> = NodeProps & { data: NodeDataByType[T] };
const shell = (p: NodeProps) => ({ id: p.id, type: p.type, selected: !!p.selected, ...NODE_LOOK[p.type as NodeType] });

function Start(p: P<'start'>) { return <NodeShell {...shell(p)} target={false}>{p.data.label}</NodeShell>; }
function Message(p: P<'message'>) { return <NodeShell {...shell(p)}>{p.data.label}</NodeShell>; }
function Interval(p: P<'interval'>) { return <NodeShell {...shell(p)}>{p.data.label}</NodeShell>; }

/** One exit per option: handle `a<number>`, the one the runtime follows for that reply. */
function Menu(p: P<'menu'>) {
  return (
    <NodeShell {...shell(p)} exits={null}>
      <div>{p.data.message}</div>
      {p.data.arrayOption.map((o) => (
        <div key={o.number} className="fb-node-row" data-testid="fb-menu-option">
          [{o.number}] {o.value}
          <Handle type="source" id={`a${o.number}`} position={Position.Right} />
        </div>
      ))}
    </NodeShell>
  );
}

/** Handle `a` takes `percent` % of the runs, `b` the rest. */
function Randomizer(p: P<'randomizer'>) {
  const rows = [['a', p.data.percent], ['b', 100 - p.data.percent]] as const;
  return (
    <NodeShell {...shell(p)} exits={null}>
      {rows.map(([id, pct]) => (
        <div key={id} className="fb-node-row">{id.toUpperCase()}: {pct}%<Handle type="source" id={id} position={Position.Right} /></div>
      ))}
    </NodeShell>
  );
}

function Media(p: P<'img'>) {
  const { t } = useNodeActions();
  return <NodeShell {...shell(p)}>{p.data.name ?? t('flowbuilder.fileMissing')}</NodeShell>;
}

function Content(p: P<'singleBlock'>) {
  const { t } = useNodeActions();
  const line = (el: ContentElement) => (el.type === 'message' ? String(el.value) : el.type === 'interval' ? t('flowbuilder.intervalLabel', { sec: el.value }) : `${t(`flowbuilder.types.${el.type}`)}: ${el.name ?? ''}`);
  return <NodeShell {...shell(p)}>{p.data.elements.map((el, i) => <div key={i}>• {line(el)}</div>)}</NodeShell>;
}

/** A ticket node hands the ticket to people: the run ends there, so it has no exit. */
function Ticket(p: P<'ticket'>) { return <NodeShell {...shell(p)} exits={null}>{p.data.queue?.name}</NodeShell>; }
function Question(p: P<'question'>) {
  const q = p.data.typebotIntegration;
  return <NodeShell {...shell(p)}>{q.message}{'\n'}→ {`{{${q.answerKey}}}`}</NodeShell>;
}
function Integration(p: P<'openai'> | P<'typebot'>) { return <NodeShell {...shell(p)}>{p.data.typebotIntegration?.name}</NodeShell>; }
/** The test as one line, then its two exits: handle `a` when it holds, `b` when it does not. */
function Condition(p: P<'condition'>) {
  const { t } = useNodeActions();
  return (
    <NodeShell {...shell(p)} exits={null}>
      <div data-testid="fb-condition-summary">{conditionSummary(p.data, t)}</div>
      {CONDITION_EXITS.map(({ handle, label }) => (
        <div key={handle} className="fb-node-row" data-testid={`fb-condition-exit-${handle}`}>{t(label)}<Handle type="source" id={handle} position={Position.Right} /></div>
      ))}
    </NodeShell>
  );
}

export const nodeTypes: NodeTypes = {
  start: Start, message: Message, interval: Interval, menu: Menu, randomizer: Randomizer, img: Media, audio: Media, video: Media,
  singleBlock: Content, ticket: Ticket, question: Question, openai: Integration, typebot: Integration, condition: Condition,
} as NodeTypes;
