/** English: the shell's shared strings (menu, top bar, session, errors, public screens). Screens add their own. */
export default {
  common: {
    unlimited: 'unlimited',
    save: 'Save', cancel: 'Cancel', close: 'Close', delete: 'Delete', edit: 'Edit', add: 'Add', search: 'Search',
    confirm: 'Confirm', yes: 'Yes', no: 'No', loading: 'Loading…', retry: 'Retry', back: 'Back', actions: 'Actions',
    none: 'None', send: 'Send', noRecords: 'No records', deleteConfirm: 'Delete this record? This cannot be undone.',
  },
  menu: {
    dashboard: 'Dashboard', tickets: 'Tickets', kanban: 'Kanban', quickMessages: 'Quick replies', todolist: 'To-do list',
    contacts: 'Contacts', schedules: 'Schedules', tags: 'Tags', chats: 'Internal chat', helps: 'Help',
    campaigns: 'Campaigns', announcements: 'Announcements', prompts: 'Open.Ai', integrations: 'Integrations',
    connections: 'Connections', files: 'File lists', queues: 'Queues & chatbot', users: 'Users',
    messagesApi: 'Messages API', financeiro: 'Invoices', settings: 'Settings', sandbox: 'Sandbox phone',
    administration: 'Administration', version: 'Version {{version}}', toggle: 'Toggle menu',
  },
  topbar: {
    greeting: 'Hello {{name}}, welcome to {{company}}!',
    greetingDue: 'Hello {{name}}, welcome to {{company}}! Your subscription is due on {{date}}.',
    language: 'Language', theme: 'Theme', lightTheme: 'Light theme', darkTheme: 'Dark theme', volume: 'Volume',
    refresh: 'Reload', notifications: 'Notifications', noNotifications: 'No new notifications',
    newTicket: 'New ticket from {{name}}', newMessage: 'New message from {{name}}',
    slaBreach: '{{name}}: {{target}} target breached', slaTargets: { firstResponse: 'first response', resolution: 'resolution' },
    announcements: 'Announcements', noAnnouncements: 'No announcements', profile: 'Profile', logout: 'Log out',
    userMenu: 'User menu',
    available: 'Available', away: 'Away', setAway: 'Set yourself away (no new tickets assigned)', setAvailable: 'Set yourself available (tickets may be assigned to you)',
  },
  profile: {
    title: 'My profile', name: 'Name', email: 'E-mail', password: 'New password (leave blank to keep)', currentPassword: 'Current password (to change it)', saved: 'Profile saved.',
  },
  session: {
    loggedElsewhere: 'Your account was accessed from another computer.',
    expired: 'Your session expired. Please sign in again.',
    dueSoon: 'Your subscription is due in {{days}} day(s) ({{date}}).',
  },
  botFailure: {
    toast: 'The bot "{{name}}" could not answer ticket {{id}}: {{reason}}. The ticket went to the team.',
    lastError: 'Last error', ticket: 'ticket {{id}}',
    kinds: {
      unreachable: 'service unreachable', 'key-refused': 'key refused', quota: 'quota used up', 'rate-limited': 'rate limited',
      'not-found': 'unknown model or address', refused: 'the service answered with an error', timeout: 'no answer in time',
    },
  },
  remote: {
    loading: 'Loading module…', failed: 'The module “{{name}}” could not be loaded.', notFound: 'Page not found.',
  },
  sessions: {
    title: 'Sessions', current: 'this device', none: 'No open session.', unknownDevice: 'Unknown device',
    address: 'address {{ip}}', viewedBy: '· viewed by {{name}} (platform support) until {{at}}', lastUsed: 'last used {{at}}', end: 'End this session', ended: 'Session ended: that device is signed out.',
  },
  twoFactor: {
    title: 'Two-factor sign-in', code: 'Code from your authenticator app', recoveryCode: 'Recovery code', verify: 'Verify',
    useRecovery: 'Use a recovery code instead', useCode: 'Use the authenticator code', back: 'Back to sign in',
    recoveryLeft: 'Signed in with a recovery code: {{count}} left. Set up a new phone from your profile.',
    requiredIntro: 'Two-factor sign-in is required for your account. Set it up now to continue.',
    scan: 'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then type the code it shows.',
    orKey: 'Or type this key:', confirm: 'Confirm', savedCodes: 'I saved my recovery codes',
    recoveryIntro: 'Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.',
    on: 'On. Recovery codes left: {{count}}.', off: 'Off: your password alone signs you in.', offRequired: 'Off, but it is required for your account: you will set it up at your next sign-in.',
    turnOn: 'Turn on', turnOff: 'Turn off', passwordToTurnOff: 'Your password, to turn it off', turnedOff: 'Two-factor sign-in turned off.',
  },
  login: {
    title: 'Sign in', email: 'E-mail', password: 'Password', submit: 'Sign in', signup: "Don't have an account? Sign up",
    forgot: 'Forgot your password?',
  },
  signup: {
    title: 'Sign up', name: 'Company name', email: 'E-mail', phone: 'Phone', password: 'Password', plan: 'Plan',
    planOption: '{{name}} — users: {{users}} · connections: {{connections}} · queues: {{queues}} · R$ {{value}}',
    submit: 'Sign up', login: 'Already have an account? Sign in', success: 'Company registered! Sign in to continue.',
    formErrors: {
      name: { required: 'Name is required', short: 'Name is too short', long: 'Name is too long' },
      email: { required: 'E-mail is required', invalid: 'Invalid e-mail' },
      password: { required: 'Password is required', short: 'Password is too short', long: 'Password is too long' },
      phone: { invalid: 'Invalid phone' },
      plan: { required: 'Choose a plan' },
    },
  },
  forgetpsw: {
    title: 'Reset password', email: 'E-mail', sendCode: 'Send code', code: 'Verification code', password: 'New password',
    confirm: 'Confirm password', submit: 'Reset password', back: 'Back to sign up',
    codeSent: 'We sent a verification code to your e-mail.', success: 'Password changed. Sign in with the new password.',
    errors: {
      email: 'Enter a valid e-mail', required: 'Required', passwordRule: 'At least 8 characters with an uppercase letter, a lowercase letter and a digit',
      mismatch: 'Passwords do not match',
    },
  },
  languages: { pt: 'Português', en: 'English', es: 'Español' },
  validation: { tooShort: 'Too Short!', tooLong: 'Too Long!', required: 'Required', invalidEmail: 'Invalid email' },
  errors: {
    generic: 'Something went wrong. Try again.',
    network: 'The server could not be reached.',
  },
};
