/**
 * The note agents see on a ticket a bot handed to them. The core has no company language, so the note
 * carries the three console languages, one line each. A responder's own reason is shown as given.
 */
const TEXT = {
  pt: { intro: (id: string) => `O robô "${id}" passou o atendimento para a equipe`, error: 'o robô falhou', timeout: 'o robô não respondeu a tempo' },
  en: { intro: (id: string) => `The bot "${id}" handed the conversation to the team`, error: 'the bot failed', timeout: 'the bot did not answer in time' },
  es: { intro: (id: string) => `El robot "${id}" pasó la atención al equipo`, error: 'el robot falló', timeout: 'el robot no respondió a tiempo' },
} as const;

export type CoreHandOffReason = 'error' | 'timeout';

export function handOffNote(responderId: string, reason: { core: CoreHandOffReason } | { text: string }): string {
  const langs = Object.keys(TEXT) as Array<keyof typeof TEXT>;
  if ('core' in reason) return langs.map((lang) => `${TEXT[lang].intro(responderId)}: ${TEXT[lang][reason.core]}`).join('\n');
  const lines = langs.map((lang) => `${TEXT[lang].intro(responderId)}.`);
  if (reason.text.trim()) lines.push(`» ${reason.text.trim().slice(0, 2000)}`);
  return lines.join('\n');
}
