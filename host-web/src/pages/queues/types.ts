export interface WeekdayHours { weekday: string; weekdayEn: string; startTime: string; endTime: string }

export interface Queue {
  id: number;
  name: string;
  color: string;
  orderQueue?: number | null;
  greetingMessage?: string | null;
  outOfHoursMessage?: string | null;
  schedules?: WeekdayHours[] | null;
  promptId?: number | null;
  integrationId?: number | null;
  /** Automatic assignment (issue 30) and the agents' cap of live tickets. */
  assignment?: AssignmentPolicy;
  assignmentCap?: number | null;
  /** SLA targets in minutes (empty: the company's default). */
  slaFirstResponseMinutes?: number | null;
  slaResolutionMinutes?: number | null;
}

export const ASSIGNMENT_POLICIES = ['manual', 'round-robin', 'least-busy'] as const;
export type AssignmentPolicy = typeof ASSIGNMENT_POLICIES[number];

export interface QueueOption { id: number; title: string; message?: string | null; option: string; queueId: number; parentId?: number | null }

/** The spec's defaults: Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00. */
export const DEFAULT_HOURS: WeekdayHours[] = [
  ['Segunda-feira', 'monday'], ['Terça-feira', 'tuesday'], ['Quarta-feira', 'wednesday'], ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'], ['Sábado', 'saturday'], ['Domingo', 'sunday'],
].map(([weekday, weekdayEn], i) => ({ weekday, weekdayEn, startTime: i < 6 ? '08:00' : '00:00', endTime: i < 5 ? '18:00' : i === 5 ? '12:00' : '00:00' }));

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
