import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { publicRoutes } from './public/routes';

/** Every area's routes; a new area adds its plugin here. */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [publicRoutes, authRoutes];
