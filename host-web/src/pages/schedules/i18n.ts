import { addTranslations } from '../../i18n';

addTranslations({
  en: { schedules: {
    title: 'Schedules ({{count}})', add: 'New schedule', today: 'Today', previous: 'Previous month', next: 'Next month', more: '+{{count}} more',
    saved: 'Schedule saved.', deleted: 'Schedule deleted.', deleteConfirm: 'Delete this schedule?', mediaDeleted: 'Schedule media deleted.',
    states: { pending: 'Pending', sent: 'Sent', failed: 'Failed' },
    form: { titleAdd: 'New schedule', titleEdit: 'Edit schedule', contact: 'Contact', contactHint: 'Type at least 3 characters', body: 'Message', sendAt: 'Send at', media: 'Image (png, jpg, jpeg)', attach: 'Attach image', removeAttach: 'Remove image', onlyImages: 'Only png, jpg and jpeg images.', short: 'Message too short', contactRequired: 'Choose a contact', sentAt: 'Sent at {{date}}', failed: 'Sending failed: {{error}}' },
  } },
  pt: { schedules: {
    title: 'Agendamentos ({{count}})', add: 'Novo agendamento', today: 'Hoje', previous: 'Mês anterior', next: 'Próximo mês', more: '+{{count}} mais',
    saved: 'Agendamento salvo.', deleted: 'Agendamento excluído.', deleteConfirm: 'Excluir este agendamento?', mediaDeleted: 'Mídia do agendamento excluída.',
    states: { pending: 'Pendente', sent: 'Enviado', failed: 'Falhou' },
    form: { titleAdd: 'Novo agendamento', titleEdit: 'Editar agendamento', contact: 'Contato', contactHint: 'Digite ao menos 3 caracteres', body: 'Mensagem', sendAt: 'Data de envio', media: 'Imagem (png, jpg, jpeg)', attach: 'Anexar imagem', removeAttach: 'Remover imagem', onlyImages: 'Somente imagens png, jpg e jpeg.', short: 'Mensagem muito curta', contactRequired: 'Escolha um contato', sentAt: 'Enviado em {{date}}', failed: 'Falha no envio: {{error}}' },
  } },
  es: { schedules: {
    title: 'Programaciones ({{count}})', add: 'Nueva programación', today: 'Hoy', previous: 'Mes anterior', next: 'Mes siguiente', more: '+{{count}} más',
    saved: 'Programación guardada.', deleted: 'Programación eliminada.', deleteConfirm: '¿Eliminar esta programación?', mediaDeleted: 'Medio de la programación eliminado.',
    states: { pending: 'Pendiente', sent: 'Enviado', failed: 'Falló' },
    form: { titleAdd: 'Nueva programación', titleEdit: 'Editar programación', contact: 'Contacto', contactHint: 'Escriba al menos 3 caracteres', body: 'Mensaje', sendAt: 'Fecha de envío', media: 'Imagen (png, jpg, jpeg)', attach: 'Adjuntar imagen', removeAttach: 'Quitar imagen', onlyImages: 'Solo imágenes png, jpg y jpeg.', short: 'Mensaje muy corto', contactRequired: 'Elija un contacto', sentAt: 'Enviado el {{date}}', failed: 'Falló el envío: {{error}}' },
  } },
});
