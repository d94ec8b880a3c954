import { addTranslations } from '../../i18n';

addTranslations({
  en: { todolist: { title: 'To-do list', placeholder: 'New task', add: 'Add', update: 'Save', cancelEdit: 'Cancel editing', empty: 'Nothing to do.', created: 'Created {{date}}', updated: 'updated {{date}}', local: 'Saved in this browser only.' } },
  pt: { todolist: { title: 'Lista de tarefas', placeholder: 'Nova tarefa', add: 'Adicionar', update: 'Salvar', cancelEdit: 'Cancelar edição', empty: 'Nada a fazer.', created: 'Criada em {{date}}', updated: 'atualizada em {{date}}', local: 'Salva somente neste navegador.' } },
  es: { todolist: { title: 'Lista de tareas', placeholder: 'Nueva tarea', add: 'Agregar', update: 'Guardar', cancelEdit: 'Cancelar edición', empty: 'Nada por hacer.', created: 'Creada el {{date}}', updated: 'actualizada el {{date}}', local: 'Guardada solo en este navegador.' } },
});
