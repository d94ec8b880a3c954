import { addTranslations } from '../../i18n';

addTranslations({
  en: { subscription: { title: 'Subscription', trial: 'Trial period', daysLeft_one: '{{count}} day left', daysLeft_other: '{{count}} days left', expired: 'Your trial has ended.', dueOn: 'Due on {{date}}', email: 'E-mail for charges', signNow: 'Sign now!' } },
  pt: { subscription: { title: 'Assinatura', trial: 'Período de teste', daysLeft_one: 'Resta {{count}} dia', daysLeft_other: 'Restam {{count}} dias', expired: 'Seu período de teste terminou.', dueOn: 'Vence em {{date}}', email: 'E-mail para cobrança', signNow: 'Assine agora!' } },
  es: { subscription: { title: 'Suscripción', trial: 'Período de prueba', daysLeft_one: 'Queda {{count}} día', daysLeft_other: 'Quedan {{count}} días', expired: 'Su período de prueba terminó.', dueOn: 'Vence el {{date}}', email: 'Correo para cobros', signNow: '¡Suscríbase ahora!' } },
});
