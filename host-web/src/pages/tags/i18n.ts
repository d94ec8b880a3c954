import { addTranslations } from '../../i18n';

addTranslations({
  en: { tags: { title: 'Tags', search: 'Search', add: 'Add tag', name: 'Name', color: 'Colour', tickets: 'Tickets', kanban: 'Kanban', saved: 'Tag saved.', deleted: 'Tag deleted.', deleteConfirm: 'Delete this tag? It is removed from every ticket.',
    form: { titleAdd: 'Add tag', titleEdit: 'Edit tag', kanban: 'Show as a Kanban lane', short: 'Message too short' } } },
  pt: { tags: { title: 'Tags', search: 'Pesquisar', add: 'Adicionar tag', name: 'Nome', color: 'Cor', tickets: 'Atendimentos', kanban: 'Kanban', saved: 'Tag salva.', deleted: 'Tag excluída.', deleteConfirm: 'Excluir esta tag? Ela é removida de todos os atendimentos.',
    form: { titleAdd: 'Adicionar tag', titleEdit: 'Editar tag', kanban: 'Mostrar como coluna do Kanban', short: 'Mensagem muito curta' } } },
  es: { tags: { title: 'Etiquetas', search: 'Buscar', add: 'Agregar etiqueta', name: 'Nombre', color: 'Color', tickets: 'Atenciones', kanban: 'Kanban', saved: 'Etiqueta guardada.', deleted: 'Etiqueta eliminada.', deleteConfirm: '¿Eliminar esta etiqueta? Se quita de todas las atenciones.',
    form: { titleAdd: 'Agregar etiqueta', titleEdit: 'Editar etiqueta', kanban: 'Mostrar como columna del Kanban', short: 'Mensaje muy corto' } } },
});
