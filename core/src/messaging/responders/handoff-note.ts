import { LOOP_CAP, LOOP_WINDOW_MS } from '../loop-guard.js';
import type { BotFailure, BotFailureKind } from '../../bots/failure.js';

/**
 * The note agents see on a ticket a bot handed to them. The core has no company language, so the note
 * carries the three console languages, one line each. A responder's own reason is shown as given.
 */
const TEXT = {
  pt: {
    intro: (id: string) => `O robô "${id}" passou o atendimento para a equipe`, error: 'o robô falhou', timeout: 'o robô não respondeu a tempo',
    loop: `mensagens automáticas demais (mais de ${LOOP_CAP} em ${LOOP_WINDOW_MS / 1000} s sem uma pessoa): parece um robô respondendo a outro; a automação para até alguém escrever aqui`,
  },
  en: {
    intro: (id: string) => `The bot "${id}" handed the conversation to the team`, error: 'the bot failed', timeout: 'the bot did not answer in time',
    loop: `too many automated messages (over ${LOOP_CAP} in ${LOOP_WINDOW_MS / 1000} s with no person): it looks like a bot answering another; automation stops until someone writes here`,
  },
  es: {
    intro: (id: string) => `El robot "${id}" pasó la atención al equipo`, error: 'el robot falló', timeout: 'el robot no respondió a tiempo',
    loop: `demasiados mensajes automáticos (más de ${LOOP_CAP} en ${LOOP_WINDOW_MS / 1000} s sin una persona): parece un robot respondiendo a otro; la automatización se detiene hasta que alguien escriba aquí`,
  },
} as const;

/** Why a bot failed, as the note says it (the console has its own words for them: botFailure.kinds). */
const FAILURE: Record<'pt' | 'en' | 'es', Record<BotFailureKind, string>> = {
  pt: { unreachable: 'o serviço do robô não pôde ser alcançado', 'key-refused': 'o serviço recusou a chave de acesso', quota: 'a cota do serviço acabou', 'rate-limited': 'o serviço limitou as chamadas', 'not-found': 'o serviço não conhece o modelo ou o endereço', refused: 'o serviço respondeu com erro', timeout: 'o serviço não respondeu a tempo' },
  en: { unreachable: 'the bot\'s service could not be reached', 'key-refused': 'the service refused the access key', quota: 'the service\'s quota is used up', 'rate-limited': 'the service is limiting calls', 'not-found': 'the service does not know the model or address', refused: 'the service answered with an error', timeout: 'the service did not answer in time' },
  es: { unreachable: 'no se pudo alcanzar el servicio del robot', 'key-refused': 'el servicio rechazó la clave de acceso', quota: 'se agotó la cuota del servicio', 'rate-limited': 'el servicio está limitando las llamadas', 'not-found': 'el servicio no conoce el modelo o la dirección', refused: 'el servicio respondió con un error', timeout: 'el servicio no respondió a tiempo' },
};

export type CoreHandOffReason = 'error' | 'timeout' | 'loop';

export type HandOffReason = { core: CoreHandOffReason } | { text: string } | { failure: BotFailure; name?: string };

export function handOffNote(responderId: string, reason: HandOffReason): string {
  const langs = Object.keys(TEXT) as Array<keyof typeof TEXT>;
  if ('core' in reason) return langs.map((lang) => `${TEXT[lang].intro(responderId)}: ${TEXT[lang][reason.core]}`).join('\n');
  if ('failure' in reason) {
    const lines = langs.map((lang) => `${TEXT[lang].intro(responderId)}: ${FAILURE[lang][reason.failure.kind]}`);
    lines.push(`» ${reason.name ? `${reason.name.slice(0, 200)}: ` : ''}${reason.failure.detail}`);
    return lines.join('\n');
  }
  const lines = langs.map((lang) => `${TEXT[lang].intro(responderId)}.`);
  if (reason.text.trim()) lines.push(`» ${reason.text.trim().slice(0, 2000)}`);
  return lines.join('\n');
}
