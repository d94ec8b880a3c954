export interface Tag { id: number; name: string; color: string; kanban: number; ticketsCount?: number }
