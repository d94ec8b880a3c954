/** Merged into the console's i18next by the host before the slot renders. */
const pt = {
  title: 'Telegram', use: 'Conectar um bot do Telegram', botToken: 'Token do bot',
  botTokenHint: 'No Telegram, fale com @BotFather, envie /newbot e copie o token que ele responde (123456:ABC…).',
  botTokenKept: 'Deixe em branco para manter o token salvo.', webhook: 'O webhook é configurado no Telegram ao salvar.',
};
type Messages = typeof pt;
const en: Messages = {
  title: 'Telegram', use: 'Connect a Telegram bot', botToken: 'Bot token',
  botTokenHint: 'In Telegram, talk to @BotFather, send /newbot and copy the token it answers (123456:ABC…).',
  botTokenKept: 'Leave it empty to keep the saved token.', webhook: 'The webhook is set on Telegram when you save.',
};
const es: Messages = {
  title: 'Telegram', use: 'Conectar un bot de Telegram', botToken: 'Token del bot',
  botTokenHint: 'En Telegram, hable con @BotFather, envíe /newbot y copie el token que responde (123456:ABC…).',
  botTokenKept: 'Déjelo vacío para conservar el token guardado.', webhook: 'El webhook se configura en Telegram al guardar.',
};
export const messages = { pt: { telegram: pt }, en: { telegram: en }, es: { telegram: es } };
