import { CONDITION_OPERATORS, comparesNumbers, isConditionOperator, needsValue, parseNumber } from './condition.js';

/**
 * The saved flow graph: React Flow nodes and edges ("connections" in the spec) as the editor sends them,
 * checked per node type with the spec's limits. Everything the editor sends is kept as is, so a saved graph
 * reads back identically (only the OpenAI node's API key is stored encrypted and answered masked).
 */
export interface FlowNode {
  id: string;
  type: string;
  position: { x: number; y: number };
  data: Record<string, any>;
  [extra: string]: unknown;
}
export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  [extra: string]: unknown;
}
export interface FlowGraph { nodes: FlowNode[]; connections: FlowEdge[] }

export const NODE_TYPES = [
  'start', 'message', 'menu', 'interval', 'img', 'audio', 'video', 'randomizer', 'singleBlock',
  'question', 'ticket', 'typebot', 'openai', 'condition',
] as const;
export const MAX_NODES = 500;
export const MAX_INTERVAL_SECONDS = 120;
export const RANDOMIZER_STEP = 10;
/** Spec ext §9 upload limits, checked again here on the sizes the editor records. */
export const MEDIA_MAX_BYTES: Record<string, number> = { img: 2 * 1024 * 1024, audio: 5 * 1024 * 1024, video: 20 * 1024 * 1024 };

export class InvalidFlow extends Error {
  constructor(public field: string, message: string) { super(message); }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isInt = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
/** The key a question saves its answer under (and a condition reads it back by): what `{{key}}` placeholders accept. */
const ANSWER_KEY = /^[\w.-]{1,50}$/;
const isAnswerKey = (value: unknown) => typeof value === 'string' && ANSWER_KEY.test(value);
const hasPlaceholder = (value: string) => /\{\{.*?\}\}/.test(value);

function checkInterval(sec: unknown, field: string) {
  if (!isInt(sec) || (sec as number) <= 0) throw new InvalidFlow(field, 'The interval must be a whole number of seconds above 0');
  if ((sec as number) > MAX_INTERVAL_SECONDS) throw new InvalidFlow(field, `The interval is at most ${MAX_INTERVAL_SECONDS} seconds`);
}

function checkMedia(kind: string, data: Record<string, any>, field: string) {
  if (!text(data.url)) throw new InvalidFlow(`${field}/url`, 'A media node needs its file');
  if (data.size !== undefined && (typeof data.size !== 'number' || data.size > MEDIA_MAX_BYTES[kind])) {
    throw new InvalidFlow(`${field}/size`, `The file is too large: ${MEDIA_MAX_BYTES[kind] / 1024 / 1024} MB at most`);
  }
}

/** The content node's ordered items: messages, intervals and media. */
function checkContent(data: Record<string, any>, field: string) {
  if (!Array.isArray(data.elements) || data.elements.length === 0) throw new InvalidFlow(`${field}/elements`, 'A content node needs at least one item');
  data.elements.forEach((el: any, i: number) => {
    const at = `${field}/elements/${i}`;
    if (!el || typeof el !== 'object') throw new InvalidFlow(at, 'Unknown content item');
    if (el.type === 'message') { if (!text(el.value)) throw new InvalidFlow(`${at}/value`, 'Empty message item'); }
    else if (el.type === 'interval') checkInterval(el.value, `${at}/value`);
    else if (el.type === 'img' || el.type === 'audio' || el.type === 'video') checkMedia(el.type, { url: el.value, size: el.size }, at);
    else throw new InvalidFlow(`${at}/type`, 'Unknown content item');
  });
}

/** A condition tests one of the run's answers: a known test, and the value it compares with when the test needs one. */
function checkCondition(data: Record<string, any>, field: string) {
  if (!isAnswerKey(data.key)) throw new InvalidFlow(`${field}/key`, 'A condition needs the answer key it tests (letters, digits, _ . -)');
  if (!isConditionOperator(data.condition)) throw new InvalidFlow(`${field}/condition`, `The condition is one of ${CONDITION_OPERATORS.join(', ')}`);
  if (!needsValue(data.condition)) return;
  if (!text(data.value)) throw new InvalidFlow(`${field}/value`, 'This condition needs the value it compares with');
  // A placeholder is only known at run time; a typed value must already be a number.
  if (comparesNumbers(data.condition) && !hasPlaceholder(data.value) && parseNumber(data.value) === null) {
    throw new InvalidFlow(`${field}/value`, 'This condition compares numbers: the value must be a number');
  }
}

/** The spec's question and OpenAI dialogs keep their fields under data.typebotIntegration. */
export const integrationOf = (node: FlowNode): Record<string, any> => (node.data?.typebotIntegration && typeof node.data.typebotIntegration === 'object' ? node.data.typebotIntegration : {});

function checkNode(node: FlowNode, field: string) {
  const data = node.data;
  const d = `${field}/data`;
  switch (node.type) {
    case 'message':
      if (!text(data.label)) throw new InvalidFlow(`${d}/label`, 'A message node needs its text');
      break;
    case 'menu':
      if (!text(data.message)) throw new InvalidFlow(`${d}/message`, 'A menu needs its message');
      if (!Array.isArray(data.arrayOption) || data.arrayOption.length === 0) throw new InvalidFlow(`${d}/arrayOption`, 'A menu needs at least one option');
      data.arrayOption.forEach((o: any, i: number) => {
        if (!o || !isInt(o.number) || !text(o.value)) throw new InvalidFlow(`${d}/arrayOption/${i}`, 'A menu option needs its number and text');
      });
      break;
    case 'interval':
      checkInterval(data.sec, `${d}/sec`);
      break;
    case 'img': case 'audio': case 'video':
      checkMedia(node.type, data, d);
      break;
    case 'randomizer':
      if (!isInt(data.percent) || data.percent < 0 || data.percent > 100 || data.percent % RANDOMIZER_STEP !== 0) {
        throw new InvalidFlow(`${d}/percent`, `The percentage goes from 0 to 100 in steps of ${RANDOMIZER_STEP}`);
      }
      break;
    case 'singleBlock':
      checkContent(data, d);
      break;
    case 'question': {
      const q = integrationOf(node);
      if (!text(q.message)) throw new InvalidFlow(`${d}/typebotIntegration/message`, 'A question needs its message');
      if (!isAnswerKey(q.answerKey)) throw new InvalidFlow(`${d}/typebotIntegration/answerKey`, 'A question needs the key its answer is saved under (letters, digits, _ . -)');
      break;
    }
    case 'openai': {
      const ai = integrationOf(node);
      for (const key of ['name', 'apiKey', 'prompt']) if (!text(ai[key])) throw new InvalidFlow(`${d}/typebotIntegration/${key}`, `The OpenAI node needs its ${key}`);
      break;
    }
    case 'condition':
      checkCondition(data, d);
      break;
    case 'ticket':
      if (!data.queue || !isInt(data.queue.id)) throw new InvalidFlow(`${d}/queue`, 'A ticket node needs a queue');
      break;
    default:
      break;
  }
}

/** Throws InvalidFlow naming the first field that breaks a rule. */
export function validateGraph(graph: FlowGraph): void {
  if (graph.nodes.length > MAX_NODES) throw new InvalidFlow('body/nodes', `A flow has at most ${MAX_NODES} nodes`);
  const ids = new Set<string>();
  graph.nodes.forEach((node, i) => {
    const field = `body/nodes/${i}`;
    if (ids.has(node.id)) throw new InvalidFlow(`${field}/id`, 'Two nodes have the same id');
    ids.add(node.id);
    if (!(NODE_TYPES as readonly string[]).includes(node.type)) throw new InvalidFlow(`${field}/type`, 'Unknown node type');
    checkNode(node, field);
  });
  if (graph.nodes.filter((n) => n.type === 'start').length > 1) throw new InvalidFlow('body/nodes', 'A flow has one start node');
  graph.connections.forEach((edge, i) => {
    if (!ids.has(edge.source)) throw new InvalidFlow(`body/connections/${i}/source`, 'The connection starts at a node that does not exist');
    if (!ids.has(edge.target)) throw new InvalidFlow(`body/connections/${i}/target`, 'The connection ends at a node that does not exist');
  });
}

/** The storage keys of the graph's media (media nodes and content items): the route checks they are the company's. */
export function mediaKeysOf(graph: FlowGraph): { key: string; field: string }[] {
  const keys: { key: string; field: string }[] = [];
  graph.nodes.forEach((node, i) => {
    // Only media nodes: a condition's data.key names an answer, not a file.
    if (node.type in MEDIA_MAX_BYTES && typeof node.data?.key === 'string') keys.push({ key: node.data.key, field: `body/nodes/${i}/data/key` });
    if (node.type === 'singleBlock' && Array.isArray(node.data.elements)) {
      node.data.elements.forEach((el: any, j: number) => {
        if (typeof el?.key === 'string') keys.push({ key: el.key, field: `body/nodes/${i}/data/elements/${j}/key` });
      });
    }
  });
  return keys;
}

/**
 * The URLs the graph's nodes will call (a Typebot node's server, data.typebotIntegration.urlN8N), each with its
 * field: the route checks them as every tenant URL is checked when saved (sdk.http.assertUrlAllowed).
 */
export function tenantUrlsOf(graph: FlowGraph): { url: string; field: string }[] {
  const urls: { url: string; field: string }[] = [];
  graph.nodes.forEach((node, i) => {
    const url = node.type === 'typebot' ? integrationOf(node).urlN8N : undefined;
    if (url !== undefined && url !== null && url !== '') urls.push({ url: String(url), field: `body/nodes/${i}/data/typebotIntegration/urlN8N` });
  });
  return urls;
}

/** The queue ids the graph's ticket nodes hand to (checked against the company by the route). */
export const queueIdsOf = (graph: FlowGraph): number[] => graph.nodes.filter((n) => n.type === 'ticket').map((n) => n.data.queue.id as number);

/** The OpenAI node's settings that are secrets (data.typebotIntegration): encrypted at rest, masked in every answer. */
export const OPENAI_SECRET_FIELDS = ['apiKey', 'voiceKey'] as const;
export type OpenAiSecretField = (typeof OPENAI_SECRET_FIELDS)[number];

/**
 * The OpenAI nodes' secrets mapped to what to store: `map` gets each incoming value (a new value, the mask coming
 * back, '' or nothing) and answers the value to store, or null for none (the field is then left out).
 */
export function mapOpenAiSecrets(graph: FlowGraph, map: (value: string | undefined, node: FlowNode, field: OpenAiSecretField) => string | null): FlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      if (node.type !== 'openai') return node;
      const ai = { ...integrationOf(node) };
      for (const field of OPENAI_SECRET_FIELDS) {
        const value = map(typeof ai[field] === 'string' ? ai[field] : undefined, node, field);
        if (value === null) delete ai[field];
        else ai[field] = value;
      }
      return { ...node, data: { ...node.data, typebotIntegration: ai } };
    }),
  };
}
