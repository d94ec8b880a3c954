/** Español: las cadenas compartidas del shell (menú, barra superior, sesión, errores, pantallas públicas). */
export default {
  common: {
    unlimited: 'ilimitado',
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
    slaBreach: '{{name}}: meta de {{target}} incumplida', slaTargets: { firstResponse: 'primera respuesta', resolution: 'resolución' },
    announcements: 'Informativos', noAnnouncements: 'No hay informativos', profile: 'Perfil', logout: 'Salir',
    userMenu: 'Menú del usuario',
    available: 'Disponible', away: 'Ausente', setAway: 'Ponerse ausente (no se asignan atenciones nuevas)', setAvailable: 'Ponerse disponible (se le pueden asignar atenciones)',
  },
  profile: {
    title: 'Mi perfil', name: 'Nombre', email: 'Correo', password: 'Nueva contraseña (déjela en blanco para mantenerla)', currentPassword: 'Contraseña actual (para cambiarla)', saved: 'Perfil guardado.',
  },
  session: {
    loggedElsewhere: 'Su cuenta fue accedida desde otra computadora.',
    expired: 'Su sesión expiró. Inicie sesión de nuevo.',
    dueSoon: 'Su suscripción vence en {{days}} día(s) ({{date}}).',
  },
  botFailure: {
    toast: 'El robot "{{name}}" no pudo responder el ticket {{id}}: {{reason}}. El ticket pasó al equipo.',
    lastError: 'Último error', ticket: 'ticket {{id}}',
    kinds: {
      unreachable: 'servicio inalcanzable', 'key-refused': 'clave rechazada', quota: 'cuota agotada', 'rate-limited': 'límite de llamadas',
      'not-found': 'modelo o dirección desconocidos', refused: 'el servicio respondió con un error', timeout: 'sin respuesta a tiempo',
    },
  },
  remote: {
    loading: 'Cargando módulo…', failed: 'No se pudo cargar el módulo “{{name}}”.', notFound: 'Página no encontrada.',
  },
  sessions: {
    title: 'Sesiones', current: 'este dispositivo', none: 'Ninguna sesión abierta.', unknownDevice: 'Dispositivo desconocido',
    address: 'dirección {{ip}}', viewedBy: '· vista por {{name}} (soporte de la plataforma) hasta {{at}}', lastUsed: 'último uso {{at}}', end: 'Cerrar esta sesión', ended: 'Sesión cerrada: ese dispositivo quedó desconectado.',
  },
  twoFactor: {
    title: 'Verificación en dos pasos', code: 'Código de la aplicación autenticadora', recoveryCode: 'Código de recuperación', verify: 'Verificar',
    useRecovery: 'Usar un código de recuperación', useCode: 'Usar el código del autenticador', back: 'Volver al inicio de sesión',
    recoveryLeft: 'Sesión iniciada con un código de recuperación: quedan {{count}}. Configure un nuevo teléfono en su perfil.',
    requiredIntro: 'Su cuenta requiere la verificación en dos pasos. Configúrela ahora para continuar.',
    scan: 'Escanee este código QR con una aplicación autenticadora (Google Authenticator, Microsoft Authenticator, 1Password…) y escriba el código que muestra.',
    orKey: 'O escriba esta clave:', confirm: 'Confirmar', savedCodes: 'Guardé mis códigos de recuperación',
    recoveryIntro: 'Guarde estos códigos de recuperación en un lugar seguro: cada uno permite iniciar sesión una vez si pierde el teléfono. Solo se muestran ahora.',
    on: 'Activada. Códigos de recuperación restantes: {{count}}.', off: 'Desactivada: solo la contraseña permite entrar.', offRequired: 'Desactivada, pero su cuenta la requiere: la configurará en su próximo inicio de sesión.',
    turnOn: 'Activar', turnOff: 'Desactivar', passwordToTurnOff: 'Su contraseña, para desactivarla', turnedOff: 'Verificación en dos pasos desactivada.',
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
