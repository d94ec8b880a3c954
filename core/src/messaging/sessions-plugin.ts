import fp from 'fastify-plugin';

// Not built yet (issue 3): the session manager decorates app.sessions.
export const sessionsPlugin = fp(async () => {}, { name: 'sessions' });
