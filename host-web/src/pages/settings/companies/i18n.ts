import { addTranslations } from '../../../i18n';

addTranslations({
  en: { settings: { company: {
    add: 'Add company', titleAdd: 'New company', titleEdit: 'Edit company',
    fields: { name: 'Name', email: 'E-mail', phone: 'Phone', plan: 'Plan', status: 'Status', dueDate: 'Due date', recurrence: 'Recurrence', password: 'Admin password', passwordHint: 'Optional: creates the company\'s admin user with this e-mail and password.' },
    status: { true: 'Active', false: 'Inactive' },
    recurrences: { MENSAL: 'Monthly', BIMESTRAL: 'Every 2 months', TRIMESTRAL: 'Quarterly', SEMESTRAL: 'Every 6 months', ANUAL: 'Yearly' },
    expire: 'Expire', expireHint: 'Move the due date forward by one recurrence period', expired: 'Due date moved to {{date}}.',
    deleteConfirm: 'Delete the company {{name}} and all its data? This cannot be undone.', deleted: 'Company deleted.',
    selectPlan: 'Select a plan', phoneInvalid: 'Up to 11 digits', noDueDate: 'No due date',
    toasts: { success: 'Operation completed successfully!', error: 'Could not save the company. Check the fields.', errorList: 'Could not load the list of companies.', errorOperation: 'Could not complete the operation.' },
  } } },
  pt: { settings: { company: {
    add: 'Adicionar empresa', titleAdd: 'Nova empresa', titleEdit: 'Editar empresa',
    fields: { name: 'Nome', email: 'E-mail', phone: 'Telefone', plan: 'Plano', status: 'Status', dueDate: 'Data de vencimento', recurrence: 'Recorrência', password: 'Senha do administrador', passwordHint: 'Opcional: cria o usuário administrador da empresa com este e-mail e senha.' },
    status: { true: 'Ativa', false: 'Inativa' },
    recurrences: { MENSAL: 'Mensal', BIMESTRAL: 'Bimestral', TRIMESTRAL: 'Trimestral', SEMESTRAL: 'Semestral', ANUAL: 'Anual' },
    expire: 'Vencimento', expireHint: 'Avançar o vencimento em um período da recorrência', expired: 'Vencimento alterado para {{date}}.',
    deleteConfirm: 'Excluir a empresa {{name}} e todos os seus dados? Esta ação não pode ser desfeita.', deleted: 'Empresa excluída.',
    selectPlan: 'Selecione um plano', phoneInvalid: 'No máximo 11 dígitos', noDueDate: 'Sem vencimento',
    toasts: { success: 'Operação realizada com sucesso!', error: 'Não foi possível salvar a empresa. Verifique os campos.', errorList: 'Não foi possível carregar a lista de empresas.', errorOperation: 'Não foi possível realizar a operação.' },
  } } },
  es: { settings: { company: {
    add: 'Agregar empresa', titleAdd: 'Nueva empresa', titleEdit: 'Editar empresa',
    fields: { name: 'Nombre', email: 'Correo', phone: 'Teléfono', plan: 'Plan', status: 'Estado', dueDate: 'Fecha de vencimiento', recurrence: 'Recurrencia', password: 'Contraseña del administrador', passwordHint: 'Opcional: crea el usuario administrador de la empresa con este correo y contraseña.' },
    status: { true: 'Activa', false: 'Inactiva' },
    recurrences: { MENSAL: 'Mensual', BIMESTRAL: 'Bimestral', TRIMESTRAL: 'Trimestral', SEMESTRAL: 'Semestral', ANUAL: 'Anual' },
    expire: 'Vencer', expireHint: 'Adelantar el vencimiento un período de la recurrencia', expired: 'Vencimiento cambiado a {{date}}.',
    deleteConfirm: '¿Eliminar la empresa {{name}} y todos sus datos? Esta acción no se puede deshacer.', deleted: 'Empresa eliminada.',
    selectPlan: 'Seleccione un plan', phoneInvalid: 'Máximo 11 dígitos', noDueDate: 'Sin vencimiento',
    toasts: { success: '¡Operación realizada con éxito!', error: 'No se pudo guardar la empresa. Verifique los campos.', errorList: 'No se pudo cargar la lista de empresas.', errorOperation: 'No se pudo realizar la operación.' },
  } } },
});
