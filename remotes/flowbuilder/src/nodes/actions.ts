import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';

/** What a node's own buttons do, provided by the editor (duplicate, delete) plus the translations. */
export interface NodeActions { duplicate(id: string): void; remove(id: string): void; t: TFunction }
export const NodeActionsContext = createContext<NodeActions | null>(null);
export const useNodeActions = () => useContext(NodeActionsContext)!;
