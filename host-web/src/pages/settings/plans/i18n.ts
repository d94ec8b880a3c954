import { addTranslations } from '../../../i18n';

const flags = (l: Record<string, string>) => l;
addTranslations({
  en: { plans: {
    add: 'Add plan', titleAdd: 'New plan', titleEdit: 'Edit plan', features: 'Features',
    fields: { name: 'Name', users: 'Users', connections: 'Connections', queues: 'Queues', value: 'Value' },
    flags: flags({ useCampaigns: 'Campaigns', useKanban: 'Kanban', useOpenAi: 'OpenAI', useIntegrations: 'Integrations', useSchedules: 'Schedules', useInternalChat: 'Internal chat', useExternalApi: 'External API', useFlowbuilder: 'Flow builder' }),
    zeroUnlimited: '0 means unlimited.', deleteConfirm: 'Delete the plan {{name}}?', deleted: 'Plan deleted.', inUse: 'This plan is used by {{companies}} companies: move them to another plan first.',
    toasts: { success: 'Operation completed successfully!', error: 'Could not save the plan. Check whether a plan with the same name already exists and that the fields are filled in correctly.', errorList: 'Could not load the list of plans.', errorOperation: 'Could not complete the operation.' },
  } },
  pt: { plans: {
    add: 'Adicionar plano', titleAdd: 'Novo plano', titleEdit: 'Editar plano', features: 'Recursos',
    fields: { name: 'Nome', users: 'Usuários', connections: 'Conexões', queues: 'Filas', value: 'Valor' },
    flags: flags({ useCampaigns: 'Campanhas', useKanban: 'Kanban', useOpenAi: 'OpenAI', useIntegrations: 'Integrações', useSchedules: 'Agendamentos', useInternalChat: 'Chat interno', useExternalApi: 'API externa', useFlowbuilder: 'Construtor de fluxos' }),
    zeroUnlimited: '0 significa ilimitado.', deleteConfirm: 'Excluir o plano {{name}}?', deleted: 'Plano excluído.', inUse: 'Este plano é usado por {{companies}} empresas: mova-as para outro plano antes.',
    toasts: { success: 'Operação realizada com sucesso!', error: 'Não foi possível salvar o plano. Verifique se já existe um plano com o mesmo nome ou se os campos foram preenchidos corretamente.', errorList: 'Não foi possível carregar a lista de planos.', errorOperation: 'Não foi possível realizar a operação.' },
  } },
  es: { plans: {
    add: 'Agregar plan', titleAdd: 'Nuevo plan', titleEdit: 'Editar plan', features: 'Funciones',
    fields: { name: 'Nombre', users: 'Usuarios', connections: 'Conexiones', queues: 'Colas', value: 'Valor' },
    flags: flags({ useCampaigns: 'Campañas', useKanban: 'Kanban', useOpenAi: 'OpenAI', useIntegrations: 'Integraciones', useSchedules: 'Programaciones', useInternalChat: 'Chat interno', useExternalApi: 'API externa', useFlowbuilder: 'Constructor de flujos' }),
    zeroUnlimited: '0 significa ilimitado.', deleteConfirm: '¿Eliminar el plan {{name}}?', deleted: 'Plan eliminado.', inUse: 'Este plan lo usan {{companies}} empresas: muévalas antes a otro plan.',
    toasts: { success: '¡Operación realizada con éxito!', error: 'No se pudo guardar el plan. Verifique si ya existe un plan con el mismo nombre o si los campos se completaron correctamente.', errorList: 'No se pudo cargar la lista de planes.', errorOperation: 'No se pudo realizar la operación.' },
  } },
});
