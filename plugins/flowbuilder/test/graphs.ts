/** Test graphs, shaped as the editor saves them. */
export const node = (id: string, type: string, data: Record<string, unknown> = {}, x = 0) => ({ id, type, position: { x, y: 100 }, data });
export const edge = (source: string, target: string, sourceHandle: string | null = 'a') => ({ id: `e-${source}-${sourceHandle}-${target}`, source, sourceHandle, target, targetHandle: null });
