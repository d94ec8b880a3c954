import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// Not built yet: the routes of this domain come with their issue.
const routes: FastifyPluginAsyncTypebox = async () => {};

export default routes;
