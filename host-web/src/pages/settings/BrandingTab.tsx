import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { addTranslations } from '../../i18n';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { ColorField } from '../../components/ColorField';
import { FilePick } from '../../components/FilePick';
import { loadBranding, useBranding, type Branding } from '../../theme/branding';

addTranslations({
  en: { settings: { tabs: { branding: 'Branding' }, branding: {
    appName: 'Product name', primaryColorLight: 'Primary colour (light theme)', primaryColorDark: 'Primary colour (dark theme, else the light one)',
    allowSignup: 'Visitors may sign up (link on the login page)', save: 'Save', choose: 'Choose image', remove: 'Remove',
    appLogoLight: 'Logo (light theme)', appLogoDark: 'Logo (dark theme)', appLogoFavicon: 'Tab icon', loginBackground: 'Login page background',
    hint: 'PNG, JPEG or WebP. Logos up to 1 MB, tab icon up to 256 KB, background up to 3 MB. An empty name or colour gives the console\'s own back.',
  } } },
  pt: { settings: { tabs: { branding: 'Marca' }, branding: {
    appName: 'Nome do produto', primaryColorLight: 'Cor principal (tema claro)', primaryColorDark: 'Cor principal (tema escuro, senão a do claro)',
    allowSignup: 'Visitantes podem se cadastrar (link na página de login)', save: 'Salvar', choose: 'Escolher imagem', remove: 'Remover',
    appLogoLight: 'Logo (tema claro)', appLogoDark: 'Logo (tema escuro)', appLogoFavicon: 'Ícone da aba', loginBackground: 'Fundo da página de login',
    hint: 'PNG, JPEG ou WebP. Logos até 1 MB, ícone da aba até 256 KB, fundo até 3 MB. Nome ou cor vazios trazem de volta os do console.',
  } } },
  es: { settings: { tabs: { branding: 'Marca' }, branding: {
    appName: 'Nombre del producto', primaryColorLight: 'Color principal (tema claro)', primaryColorDark: 'Color principal (tema oscuro, si no el del claro)',
    allowSignup: 'Los visitantes pueden registrarse (enlace en la página de inicio de sesión)', save: 'Guardar', choose: 'Elegir imagen', remove: 'Quitar',
    appLogoLight: 'Logo (tema claro)', appLogoDark: 'Logo (tema oscuro)', appLogoFavicon: 'Icono de la pestaña', loginBackground: 'Fondo de la página de inicio de sesión',
    hint: 'PNG, JPEG o WebP. Logos hasta 1 MB, icono de la pestaña hasta 256 KB, fondo hasta 3 MB. Un nombre o color vacío devuelve los de la consola.',
  } } },
});

const TEXT_KEYS = ['appName', 'primaryColorLight', 'primaryColorDark'] as const;
const IMAGE_KEYS = ['appLogoLight', 'appLogoDark', 'appLogoFavicon', 'loginBackground'] as const;
type TextKey = (typeof TEXT_KEYS)[number];
const ACCEPT = '.png,.jpg,.jpeg,.webp';

/** The super user's white-label branding: PUT /settings/:key for texts, POST|DELETE /settings/branding/:key for images. */
export function BrandingTab() {
  const { t } = useTranslation();
  const branding = useBranding();
  const [draft, setDraft] = useState<Partial<Record<TextKey, string>>>({});
  const valueOf = (key: TextKey) => draft[key] ?? branding[key] ?? '';
  const done = async () => { await loadBranding(); toast.success(t('settings.updated')); };

  const saveTexts = async () => {
    try {
      for (const key of TEXT_KEYS) if (draft[key] !== undefined) await api.put(`/settings/${key}`, { key, value: draft[key]!.trim() });
      setDraft({});
      await done();
    } catch (err) { toast.error(err); }
  };
  const saveSignup = async (open: boolean) => {
    try { await api.put('/settings/allowSignup', { key: 'allowSignup', value: open ? 'enabled' : 'disabled' }); await done(); }
    catch (err) { toast.error(err); }
  };
  const upload = async (key: keyof Branding, file: File) => {
    const form = new FormData();
    form.append('file', file);
    try { await api.upload(`/settings/branding/${key}`, form); await done(); } catch (err) { toast.error(err); }
  };
  const remove = async (key: keyof Branding) => {
    try { await api.delete(`/settings/branding/${key}`); await done(); } catch (err) { toast.error(err); }
  };

  return (
    <div className="settings-grid branding-tab" data-testid="settings-branding">
      <label htmlFor="b-appName">{t('settings.branding.appName')}</label>
      <InputText id="b-appName" maxLength={60} value={valueOf('appName')} placeholder="Atrium" onChange={(e) => setDraft((d) => ({ ...d, appName: e.target.value }))} data-testid="branding-appName" />
      {(['primaryColorLight', 'primaryColorDark'] as const).map((key) => (
        <div key={key} className="form-grid">
          <label htmlFor={`b-${key}`}>{t(`settings.branding.${key}`)}</label>
          <ColorField id={`b-${key}`} value={valueOf(key)} onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))} />
        </div>
      ))}
      <Button label={t('settings.branding.save')} icon="pi pi-check" disabled={Object.keys(draft).length === 0} onClick={() => void saveTexts()} data-testid="branding-save" />
      <div className="settings-toggle">
        <InputSwitch inputId="b-allowSignup" checked={branding.allowSignup !== 'disabled'} onChange={(e) => void saveSignup(Boolean(e.value))} data-testid="branding-allowSignup" />
        <label htmlFor="b-allowSignup">{t('settings.branding.allowSignup')}</label>
      </div>
      {IMAGE_KEYS.map((key) => (
        <div key={key} className="form-grid">
          <label>{t(`settings.branding.${key}`)}</label>
          {branding[key] && <img className="brand-logo branding-preview" src={branding[key]!} alt={t(`settings.branding.${key}`)} />}
          <FilePick accept={ACCEPT} file={null} storedName={branding[key] ? decodeURIComponent(branding[key]!.split('/').pop()!.replace(/^[0-9a-f]{32}-/, '')) : null}
            onPick={(file) => void upload(key, file)} onRemove={() => void remove(key)} onRejected={() => toast.error(t('errors.ERR_INVALID_MEDIA_TYPE'))}
            chooseLabel={t('settings.branding.choose')} removeLabel={t('settings.branding.remove')} testId={`branding-${key}`} />
        </div>
      ))}
      <small className="muted">{t('settings.branding.hint')}</small>
    </div>
  );
}
