import type { FastifyInstance } from 'fastify';

export async function graphqlRoutes(_app: FastifyInstance) {}
