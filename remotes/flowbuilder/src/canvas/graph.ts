import type { Edge, Node } from '@xyflow/react';
import type { NodeDataByType, NodeType } from '../types';

/** ext §9: node ids are 30 random alphanumerics; the start node is always '1'. */
const ID_LENGTH = 30;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const START_ID = '1';
/** ext §4/§9: a new node goes 40 px right of the last one; a duplicate 240 px right of the rightmost. */
export const NEW_NODE_GAP = 40;
export const DUPLICATE_OFFSET = 240;
const DEFAULT_WIDTH = 200;

export type FlowNode = Node<Record<string, unknown>, string>;

export function newNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_LENGTH));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

const widthOf = (node: FlowNode) => node.measured?.width ?? node.width ?? DEFAULT_WIDTH;

/** Where a new node goes: right of the last node added, at its height. */
export function placeNew(nodes: FlowNode[]): { x: number; y: number } {
  const last = nodes[nodes.length - 1];
  if (!last) return { x: 80, y: 120 };
  return { x: last.position.x + widthOf(last) + NEW_NODE_GAP, y: last.position.y };
}

/** A node added from a dialog; a start node replaces the one there is (id '1'). */
export function addNode(nodes: FlowNode[], type: NodeType, data: NodeDataByType[NodeType]): FlowNode[] {
  if (type === 'start') {
    const others = nodes.filter((n) => n.id !== START_ID);
    return [...others, { id: START_ID, type, data, position: nodes.find((n) => n.id === START_ID)?.position ?? placeNew(others) }];
  }
  return [...nodes, { id: newNodeId(), type, data, position: placeNew(nodes) }];
}

/** A copy with a new id, 240 px right of the rightmost node. A start node is not copied (a flow has one). */
export function duplicateNode(nodes: FlowNode[], id: string): FlowNode[] {
  const source = nodes.find((n) => n.id === id);
  if (!source || source.type === 'start') return nodes;
  const rightmost = Math.max(...nodes.map((n) => n.position.x));
  const copy: FlowNode = { id: newNodeId(), type: source.type, data: structuredClone(source.data), position: { x: rightmost + DUPLICATE_OFFSET, y: source.position.y } };
  return [...nodes.map((n) => ({ ...n, selected: false })), { ...copy, selected: true }];
}

/** The answer keys of the flow's question nodes: offered as {{key}} placeholders in every text. */
export function answerKeys(nodes: FlowNode[]): string[] {
  const keys = nodes.filter((n) => n.type === 'question')
    .map((n) => (n.data as NodeDataByType['question']).typebotIntegration?.answerKey)
    .filter((k): k is string => !!k);
  return [...new Set(keys)];
}

/** The graph as the API stores it: what the runtime reads, without React Flow's view state (selection, size). */
export function toSaved(nodes: FlowNode[], edges: Edge[]) {
  return {
    nodes: nodes.map(({ id, type, position, data, style }) => ({ id, type: type ?? 'message', position: { x: position.x, y: position.y }, data, ...(style ? { style } : {}) })),
    connections: edges.map(({ id, source, target, sourceHandle, targetHandle }) => ({ id, source, target, sourceHandle: sourceHandle ?? null, targetHandle: targetHandle ?? null })),
  };
}
