/** Español: las cadenas compartidas del shell (menú, barra superior, sesión, errores, pantallas públicas). */
export default {
  common: {
    save: 'Guardar', cancel: 'Cancelar', close: 'Cerrar', delete: 'Eliminar', edit: 'Editar', add: 'Agregar', search: 'Buscar',
    confirm: 'Confirmar', yes: 'Sí', no: 'No', loading: 'Cargando…', retry: 'Reintentar', back: 'Volver', actions: 'Acciones',
    none: 'Ninguno', send: 'Enviar', noRecords: 'Sin registros', deleteConfirm: '¿Eliminar este registro? No se puede deshacer.',
  },
  menu: {
    dashboard: 'Panel', tickets: 'Atenciones', kanban: 'Kanban', quickMessages: 'Respuestas rápidas', todolist: 'Tareas',
    contacts: 'Contactos', schedules: 'Agendamientos', tags: 'Etiquetas', chats: 'Chat interno', helps: 'Ayuda',
    campaigns: 'Campañas', announcements: 'Informativos', prompts: 'Open.Ai', integrations: 'Integraciones',
    connections: 'Conexiones', files: 'Lista de archivos', queues: 'Colas & Chatbot', users: 'Usuarios',
    messagesApi: 'API de mensajes', financeiro: 'Facturas', settings: 'Configuración', sandbox: 'Teléfono sandbox',
    administration: 'Administración', version: 'Versión {{version}}', toggle: 'Abrir/cerrar menú',
  },
  topbar: {
    greeting: 'Hola {{name}}, ¡bienvenido a {{company}}!',
    greetingDue: 'Hola {{name}}, ¡bienvenido a {{company}}! Su suscripción vence el {{date}}.',
    language: 'Idioma', theme: 'Tema', lightTheme: 'Tema claro', darkTheme: 'Tema oscuro', volume: 'Volumen',
    refresh: 'Recargar', notifications: 'Notificaciones', noNotifications: 'No hay notificaciones nuevas',
    newTicket: 'Nueva atención de {{name}}', newMessage: 'Nuevo mensaje de {{name}}',
    announcements: 'Informativos', noAnnouncements: 'No hay informativos', profile: 'Perfil', logout: 'Salir',
    userMenu: 'Menú del usuario',
  },
  profile: {
    title: 'Mi perfil', name: 'Nombre', email: 'Correo', password: 'Nueva contraseña (déjela en blanco para mantenerla)', saved: 'Perfil guardado.',
  },
  session: {
    loggedElsewhere: 'Su cuenta fue accedida desde otra computadora.',
    expired: 'Su sesión expiró. Inicie sesión de nuevo.',
    dueSoon: 'Su suscripción vence en {{days}} día(s) ({{date}}).',
  },
  remote: {
    loading: 'Cargando módulo…', failed: 'No se pudo cargar el módulo “{{name}}”.', notFound: 'Página no encontrada.',
  },
  login: {
    title: 'Iniciar sesión', email: 'Correo', password: 'Contraseña', submit: 'Entrar', signup: '¿No tiene cuenta? Regístrese',
    forgot: '¿Olvidó su contraseña?',
  },
  signup: {
    title: 'Registrarse', name: 'Nombre de la empresa', email: 'Correo', phone: 'Teléfono', password: 'Contraseña', plan: 'Plan',
    planOption: '{{name}} — usuarios: {{users}} · conexiones: {{connections}} · colas: {{queues}} · R$ {{value}}',
    submit: 'Registrarse', login: '¿Ya tiene cuenta? Inicie sesión', success: '¡Empresa registrada! Inicie sesión para continuar.',
    formErrors: {
      name: { required: 'El nombre es obligatorio', short: 'Nombre demasiado corto', long: 'Nombre demasiado largo' },
      email: { required: 'El correo es obligatorio', invalid: 'Correo inválido' },
      password: { required: 'La contraseña es obligatoria', short: 'Contraseña demasiado corta', long: 'Contraseña demasiado larga' },
      phone: { invalid: 'Teléfono inválido' },
      plan: { required: 'Elija un plan' },
    },
  },
  forgetpsw: {
    title: 'Restablecer contraseña', email: 'Correo', sendCode: 'Enviar código', code: 'Código de verificación', password: 'Nueva contraseña',
    confirm: 'Confirme la contraseña', submit: 'Restablecer contraseña', back: 'Volver al registro',
    codeSent: 'Enviamos un código de verificación a su correo.', success: 'Contraseña cambiada. Inicie sesión con la nueva contraseña.',
    errors: {
      email: 'Ingrese un correo válido', required: 'Obligatorio', passwordRule: 'Al menos 8 caracteres con una mayúscula, una minúscula y un dígito',
      mismatch: 'Las contraseñas no coinciden',
    },
  },
  languages: { pt: 'Português', en: 'English', es: 'Español' },
  validation: { tooShort: '¡Muy corto!', tooLong: '¡Muy largo!', required: 'Obligatorio', invalidEmail: 'Correo inválido' },
  errors: {
    generic: 'Algo salió mal. Inténtelo de nuevo.',
    network: 'No se pudo contactar al servidor.',
  },
};
