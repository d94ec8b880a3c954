import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import './i18n';
import { SEND_PATH } from './send';
import { MediaTestForm, TextTestForm } from './TestForms';

/** The external messages API: how to call POST /api/messages/send with a connection's token, and two test forms. */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const endpoint = `${window.location.origin}${SEND_PATH}`;
  return (
    <div data-testid="messages-api-page">
      <div className="page-header"><h2>{t('messagesApi.title')}</h2></div>
      <Card title={t('messagesApi.howTitle')} subTitle={t('messagesApi.intro')}>
        <ol style={{ margin: 0, paddingLeft: '1.2rem', lineHeight: 1.6 }}>
          <li>{t('messagesApi.how1')}</li><li>{t('messagesApi.how2')}</li><li>{t('messagesApi.how3')}</li><li>{t('messagesApi.how4')}</li>
        </ol>
        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: 'var(--surface-ground)', padding: '0.5rem', borderRadius: 6 }} data-testid="api-endpoint">
{`POST ${endpoint}
Authorization: Bearer <token>
Content-Type: application/json

{ "number": "5511999999999", "body": "Hello!" }`}
        </pre>
      </Card>
      <div className="charts" style={{ alignItems: 'start' }}>
        <TextTestForm />
        <MediaTestForm />
      </div>
    </div>
  );
}
