import { useState } from 'react';
import { defineForm, type FieldsProps } from './spec';

/** The OpenAI node's voices: plain text, or one of the pt-BR neural voices. */
const VOICES = ['texto', ...['Francisca', 'Antonio', 'Brenda', 'Donato', 'Elza', 'Fabio', 'Giovanna', 'Humberto', 'Julio', 'Leila', 'Leticia', 'Manuela', 'Nicolau', 'Valerio', 'Yara'].map((n) => `pt-BR-${n}Neural`)];

const nameRule = (yup: FieldsProps['sdk']['ui']['yup'], t: FieldsProps['t']) =>
  yup.string().trim().min(2, t('flowbuilder.nameRule')).max(50, t('flowbuilder.nameRule')).required(t('flowbuilder.required'));

function OpenAiFields({ form, sdk, t }: FieldsProps) {
  const { TextField } = sdk.ui;
  const [shown, setShown] = useState(false);
  return (
    <>
      <TextField form={form} name="name" id="fb-ai-name" label={t('flowbuilder.integrationName')} autoFocus />
      <TextField form={form} name="apiKey" id="fb-ai-key" label={t('flowbuilder.apiKey')} type={shown ? 'text' : 'password'} />
      <button type="button" className="p-button p-button-text" onClick={() => setShown(!shown)} aria-label={t('flowbuilder.showKey')}>
        <i className={shown ? 'pi pi-eye-slash' : 'pi pi-eye'} />
      </button>
      <TextField form={form} name="prompt" id="fb-ai-prompt" label={t('flowbuilder.prompt')} rows={10} />
      <label className="field">
        <span>{t('flowbuilder.voice')}</span>
        <select className="p-inputtext p-component" value={form.values.voice} onChange={(e) => form.setFieldValue('voice', e.target.value)}>
          {VOICES.map((v) => <option key={v} value={v}>{v === 'texto' ? t('flowbuilder.voiceText') : v}</option>)}
        </select>
      </label>
      <TextField form={form} name="voiceKey" id="fb-ai-voicekey" label={t('flowbuilder.voiceKey')} />
      <TextField form={form} name="voiceRegion" id="fb-ai-voiceregion" label={t('flowbuilder.voiceRegion')} />
      <TextField form={form} name="temperature" id="fb-ai-temperature" label={t('flowbuilder.temperature')} type="number" />
      <TextField form={form} name="maxTokens" id="fb-ai-maxtokens" label={t('flowbuilder.maxTokens')} type="number" />
      <TextField form={form} name="maxMessages" id="fb-ai-maxmessages" label={t('flowbuilder.maxMessages')} type="number" />
    </>
  );
}

export const openaiForm = defineForm<'openai', Record<string, any>>({
  initial: (d) => ({ voice: 'texto', voiceKey: '', voiceRegion: '', temperature: 1, maxTokens: 100, maxMessages: 10, name: '', apiKey: '', prompt: '', ...d?.typebotIntegration }),
  schema: (yup, t) => yup.object({
    name: nameRule(yup, t), apiKey: yup.string().trim().required(t('flowbuilder.required')), prompt: yup.string().trim().required(t('flowbuilder.required')),
    temperature: yup.number().min(0).max(2), maxTokens: yup.number().integer().min(1), maxMessages: yup.number().integer().min(1),
  }),
  // The key comes back masked from the API; sent back unchanged, the server keeps the stored one.
  toData: (v) => ({ typebotIntegration: {
    name: v.name.trim(), projectName: v.name.trim(), apiKey: v.apiKey.trim(), prompt: v.prompt, voice: v.voice, voiceKey: v.voiceKey, voiceRegion: v.voiceRegion,
    temperature: Number(v.temperature), maxTokens: Number(v.maxTokens), maxMessages: Number(v.maxMessages),
  } }),
  Fields: OpenAiFields,
  width: 640,
});

function TypebotFields({ form, sdk, t }: FieldsProps) {
  const { TextField } = sdk.ui;
  return (
    <>
      <TextField form={form} name="name" id="fb-tb-name" label={t('flowbuilder.integrationName')} autoFocus />
      <TextField form={form} name="urlN8N" id="fb-tb-url" label={t('flowbuilder.typebotUrl')} type="url" />
      <TextField form={form} name="typebotSlug" id="fb-tb-slug" label={t('flowbuilder.typebotSlug')} />
      <TextField form={form} name="typebotExpires" id="fb-tb-expires" label={t('flowbuilder.typebotExpires')} type="number" />
      <TextField form={form} name="typebotDelayMessage" id="fb-tb-delay" label={t('flowbuilder.typebotDelay')} type="number" />
      <TextField form={form} name="typebotKeywordFinish" id="fb-tb-finish" label={t('flowbuilder.typebotFinish')} />
      <TextField form={form} name="typebotKeywordRestart" id="fb-tb-restart" label={t('flowbuilder.typebotRestart')} />
      <TextField form={form} name="typebotUnknownMessage" id="fb-tb-unknown" label={t('flowbuilder.typebotUnknown')} />
      <TextField form={form} name="typebotRestartMessage" id="fb-tb-restartmsg" label={t('flowbuilder.typebotRestartMessage')} />
    </>
  );
}

export const typebotForm = defineForm<'typebot', Record<string, any>>({
  initial: (d) => ({
    name: '', urlN8N: '', typebotSlug: '', typebotExpires: 1, typebotDelayMessage: 1000, typebotKeywordFinish: '', typebotKeywordRestart: '',
    typebotUnknownMessage: '', typebotRestartMessage: '', ...d?.typebotIntegration,
  }),
  schema: (yup, t) => yup.object({
    name: nameRule(yup, t), urlN8N: yup.string().trim().required(t('flowbuilder.required')), typebotSlug: yup.string().trim().required(t('flowbuilder.required')),
  }),
  toData: (v) => ({ typebotIntegration: {
    ...v, name: v.name.trim(), projectName: v.name.trim(), typebotExpires: Number(v.typebotExpires), typebotDelayMessage: Number(v.typebotDelayMessage),
  } as any }),
  Fields: TypebotFields,
});
