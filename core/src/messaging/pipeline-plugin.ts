import fp from 'fastify-plugin';

// Not built yet (issue 3): the inbound pipeline and outbound sender.
export const pipelinePlugin = fp(async () => {}, { name: 'pipeline', dependencies: ['sessions'] });
