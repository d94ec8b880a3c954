import { LOOP_CAP, LOOP_WINDOW_MS } from "../loop-guard.js";
const TEXT = {
  pt: {
    intro: (id) => `O rob\xF4 "${id}" passou o atendimento para a equipe`,
    error: "o rob\xF4 falhou",
    timeout: "o rob\xF4 n\xE3o respondeu a tempo",
    loop: `mensagens autom\xE1ticas demais (mais de ${LOOP_CAP} em ${LOOP_WINDOW_MS / 1e3} s sem uma pessoa): parece um rob\xF4 respondendo a outro; a automa\xE7\xE3o para at\xE9 algu\xE9m escrever aqui`
  },
  en: {
    intro: (id) => `The bot "${id}" handed the conversation to the team`,
    error: "the bot failed",
    timeout: "the bot did not answer in time",
    loop: `too many automated messages (over ${LOOP_CAP} in ${LOOP_WINDOW_MS / 1e3} s with no person): it looks like a bot answering another; automation stops until someone writes here`
  },
  es: {
    intro: (id) => `El robot "${id}" pas\xF3 la atenci\xF3n al equipo`,
    error: "el robot fall\xF3",
    timeout: "el robot no respondi\xF3 a tiempo",
    loop: `demasiados mensajes autom\xE1ticos (m\xE1s de ${LOOP_CAP} en ${LOOP_WINDOW_MS / 1e3} s sin una persona): parece un robot respondiendo a otro; la automatizaci\xF3n se detiene hasta que alguien escriba aqu\xED`
  }
};
const FAILURE = {
  pt: { unreachable: "o servi\xE7o do rob\xF4 n\xE3o p\xF4de ser alcan\xE7ado", "key-refused": "o servi\xE7o recusou a chave de acesso", quota: "a cota do servi\xE7o acabou", "rate-limited": "o servi\xE7o limitou as chamadas", "not-found": "o servi\xE7o n\xE3o conhece o modelo ou o endere\xE7o", refused: "o servi\xE7o respondeu com erro", timeout: "o servi\xE7o n\xE3o respondeu a tempo" },
  en: { unreachable: "the bot's service could not be reached", "key-refused": "the service refused the access key", quota: "the service's quota is used up", "rate-limited": "the service is limiting calls", "not-found": "the service does not know the model or address", refused: "the service answered with an error", timeout: "the service did not answer in time" },
  es: { unreachable: "no se pudo alcanzar el servicio del robot", "key-refused": "el servicio rechaz\xF3 la clave de acceso", quota: "se agot\xF3 la cuota del servicio", "rate-limited": "el servicio est\xE1 limitando las llamadas", "not-found": "el servicio no conoce el modelo o la direcci\xF3n", refused: "el servicio respondi\xF3 con un error", timeout: "el servicio no respondi\xF3 a tiempo" }
};
function handOffNote(responderId, reason) {
  const langs = Object.keys(TEXT);
  if ("core" in reason) return langs.map((lang) => `${TEXT[lang].intro(responderId)}: ${TEXT[lang][reason.core]}`).join("\n");
  if ("failure" in reason) {
    const lines2 = langs.map((lang) => `${TEXT[lang].intro(responderId)}: ${FAILURE[lang][reason.failure.kind]}`);
    lines2.push(`\xBB ${reason.name ? `${reason.name.slice(0, 200)}: ` : ""}${reason.failure.detail}`);
    return lines2.join("\n");
  }
  const lines = langs.map((lang) => `${TEXT[lang].intro(responderId)}.`);
  if (reason.text.trim()) lines.push(`\xBB ${reason.text.trim().slice(0, 2e3)}`);
  return lines.join("\n");
}
export {
  handOffNote
};
